// Between two load runs: the server just loaded must be done with that load (its click backlog
// written) before the next target is loaded, or the next run shares the machine with the backlog's
// writes (on PGlite they run in Sling's own process). Settled means the stored click count (when the
// bench can read it: PostgreSQL) and the process's CPU time (the edge, the click writer's thread and
// PGlite's) have both stopped moving for `quietMs`. Under a profiler (BENCH_CPU_PROF), whose own
// threads never look idle, the main thread's alone: the click writer's thread then goes unwatched.
import { processCpuSeconds, threadCpuSeconds } from './cpu-usage';
import type { ServerProcess } from '../tests/helpers/processes';

export interface SettleOptions {
  /** Rows in `clicks` now (undefined when the bench cannot read the database while Sling runs: PGlite). */
  storedClicks?: () => Promise<number>;
  /** How long both must stay still; longer than CLICK_FLUSH_MS (1 s), so a pending flush shows. */
  quietMs?: number;
  /** Below this share of one core the process counts as idle (timers, pg-boss polling). */
  idleShare?: number;
  timeoutMs?: number;
}

export interface Settled {
  waitedMs: number;
  /** False when the timeout came first. */
  settled: boolean;
  /** The stored count when it settled (PostgreSQL only). */
  stored?: number;
}

export async function waitUntilSettled(server: ServerProcess, opts: SettleOptions = {}): Promise<Settled> {
  const quietMs = opts.quietMs ?? 1_500;
  const idleShare = opts.idleShare ?? 0.05;
  const started = Date.now();
  const deadline = started + (opts.timeoutMs ?? 120_000);
  const pid = server.child.pid!;
  let since = Date.now();
  const cpuOf = process.env.BENCH_CPU_PROF ? () => threadCpuSeconds(pid) ?? 0 : () => processCpuSeconds(pid) ?? 0;
  let cpuAt = cpuOf();
  let stored = await opts.storedClicks?.();
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const now = Date.now();
    const cpu = cpuOf();
    const count = await opts.storedClicks?.();
    const busy = cpu - cpuAt > (idleShare * (now - since)) / 1000 || count !== stored;
    if (busy) {
      since = now;
      cpuAt = cpu;
      stored = count;
    } else if (now - since >= quietMs) {
      return { waitedMs: now - started, settled: true, stored };
    }
    if (now > deadline) return { waitedMs: now - started, settled: false, stored };
  }
}
