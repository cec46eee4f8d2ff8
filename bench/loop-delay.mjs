// Preloaded into Sling by the bench (node --import): the event loop's delay, to explain latency at
// half load. SIGUSR2 writes what was seen since the previous SIGUSR2 to BENCH_LOOP_DELAY_FILE and
// starts afresh: the loop's delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution), the garbage
// collector's pauses, and the main thread's CPU time.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gc.count++;
      gc.totalMs += e.duration;
      gc.maxMs = Math.max(gc.maxMs, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  let since = performance.now();
  let cpu = process.cpuUsage();
  process.on('SIGUSR2', () => {
    const used = process.cpuUsage(cpu);
    const ms = (ns) => ns / 1e6;
    const report = {
      seconds: (performance.now() - since) / 1000,
      delay: { p50Ms: ms(delay.percentile(50)), p99Ms: ms(delay.percentile(99)), maxMs: ms(delay.max), meanMs: ms(delay.mean) },
      gc,
      // process.cpuUsage() covers every thread; the bench reads the main thread's from /proc.
      processCpuMs: (used.user + used.system) / 1000,
    };
    writeFileSync(file, JSON.stringify(report));
    delay.reset();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    since = performance.now();
    cpu = process.cpuUsage();
  });
}
