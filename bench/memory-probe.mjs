// Preloaded into Sling by bench/idle-memory.ts (node --import; worker threads run it too): every
// second each thread writes its V8 heap figures to MEMORY_PROBE_DIR/thread-<id>.json, so the bench
// can tell which isolate holds what (Node 20 has no worker.getHeapStatistics()). SIGUSR2 on the main
// thread writes a heap snapshot there after a full GC (needs --expose-gc for the GC).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getHeapStatistics, writeHeapSnapshot } from 'node:v8';
import { isMainThread, threadId, workerData } from 'node:worker_threads';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const label = isMainThread ? 'main' : workerData?.dataDir ? 'pglite' : 'worker';
  const write = () => {
    const h = getHeapStatistics();
    const mib = (n) => Math.round((n / 1048576) * 10) / 10;
    const report = {
      thread: threadId,
      label,
      heapUsedMiB: mib(h.used_heap_size),
      heapTotalMiB: mib(h.total_heap_size),
      externalMiB: mib(h.external_memory),
      mallocedMiB: mib(h.malloced_memory),
      // Process-wide figures, the same in every thread.
      process: Object.fromEntries(Object.entries(process.memoryUsage()).map(([k, v]) => [k, mib(v)])),
    };
    writeFileSync(join(dir, `thread-${threadId}.json`), JSON.stringify(report));
  };
  setInterval(write, 1_000).unref();
  write();
  if (isMainThread) {
    process.on('SIGUSR2', () => {
      globalThis.gc?.();
      writeHeapSnapshot(join(dir, 'main.heapsnapshot'));
      write();
    });
  }
}
