// Reading what bench/loop-delay.mjs (preloaded into Sling) saw: SIGUSR2 starts a window, and the
// next SIGUSR2 writes that window's report to the file and starts another.
import { readFileSync, rmSync } from 'node:fs';
import type { ServerProcess } from '../tests/helpers/processes';

export interface LoopDelay {
  seconds: number;
  /** How late the event loop ran timers (monitorEventLoopDelay, 10 ms resolution). */
  delay: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  /** Garbage-collection pauses (all kinds) in the window. */
  gc: { count: number; totalMs: number; maxMs: number };
  processCpuMs: number;
}

/** Starts a window (what came before is discarded). */
export async function resetLoopDelay(server: ServerProcess, file: string): Promise<void> {
  await readLoopDelay(server, file);
}

/** Ends the window: its report, or undefined when the probe did not answer within 5 s. */
export async function readLoopDelay(server: ServerProcess, file: string): Promise<LoopDelay | undefined> {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as LoopDelay;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return undefined;
}
