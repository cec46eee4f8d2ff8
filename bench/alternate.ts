// Two load targets measured in turns (A, B, A, B, …) after a warm-up on each; each keeps its best
// run. Used for raw vs Sling (redirects), a bare node:http POST vs link creation, session vs token.
import { machineTicks, stealShare, threadCpuSeconds, treeCpuSeconds } from './cpu-usage';
import type { LoadOptions, LoadTool } from './load-tool';
import type { MeasuredRun } from './report';
import type { ServerProcess } from '../tests/helpers/processes';

export interface RunSettings {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
  /**
   * Waits, after each run, until the target is done with it (bench/settle.ts): the next run must not
   * share the machine with the previous one's click backlog.
   */
  settle?: (server: ServerProcess) => Promise<unknown>;
}

export interface Target {
  /** Shown in the per-run lines, e.g. "raw" or "Sling". */
  label: string;
  server: ServerProcess;
  load: Pick<LoadOptions, 'paths' | 'post' | 'userAgent'>;
}

export interface TargetResult {
  best: MeasuredRun;
  /** Over every run of this target, warm-up included: responses received and requests written. */
  responses: number;
  sent: number;
}

export interface Alternated {
  a: TargetResult;
  b: TargetResult;
  /** Bad statuses and socket errors over every run of both targets. */
  errors: number;
  /** Highest steal share seen in a measured run. */
  maxSteal: number;
}

export async function alternate(name: string, tool: LoadTool, [a, b]: [Target, Target], s: RunSettings): Promise<Alternated> {
  let errors = 0;
  const totals = new Map<Target, { responses: number; sent: number; best?: MeasuredRun }>([
    [a, { responses: 0, sent: 0 }],
    [b, { responses: 0, sent: 0 }],
  ]);
  async function measure(t: Target, seconds: number): Promise<MeasuredRun> {
    const pid = t.server.child.pid!;
    const [cpu, main, ticks] = [treeCpuSeconds(pid), threadCpuSeconds(pid), machineTicks()];
    const r = await tool.run({ ...t.load, port: t.server.port, connections: s.connections, seconds });
    const steal = stealShare(ticks, machineTicks());
    // What the run left to do (its clicks' writes) is part of its cost, and must end before the next run.
    await s.settle?.(t.server);
    errors += r.badStatus + r.socketErrors;
    const total = totals.get(t)!;
    total.responses += r.responses;
    total.sent += r.sent;
    const [cpuAfter, mainAfter] = [treeCpuSeconds(pid), threadCpuSeconds(pid)];
    const perRequest = (a?: number, b?: number) => (a !== undefined && b !== undefined ? ((b - a) * 1e6) / r.responses : undefined);
    return { ...r, cpuUsPerRequest: perRequest(cpu, cpuAfter), mainCpuUsPerRequest: perRequest(main, mainAfter), steal };
  }
  const width = Math.max(a.label.length, b.label.length);
  for (const t of [a, b]) {
    const r = await measure(t, s.warmupSeconds);
    if (r.badStatus + r.socketErrors > 0) {
      console.log(`  ${name} · ${t.label.padEnd(width)} · warm-up: ERRORS: ${r.badStatus} bad status, ${r.socketErrors} socket`);
    }
  }
  let maxSteal = 0;
  for (let round = 1; round <= s.rounds; round++) {
    for (const t of [a, b]) {
      const r = await measure(t, s.seconds);
      maxSteal = Math.max(maxSteal, r.steal ?? 0);
      console.log(
        `  ${name} · ${t.label.padEnd(width)} · round ${round}: ${fmtInt(r.rps).padStart(7)} req/s  ` +
          `p50 ${r.p50Ms.toFixed(2)} ms  p99 ${r.p99Ms.toFixed(2)} ms` +
          (r.cpuUsPerRequest !== undefined ? `  CPU ${r.cpuUsPerRequest.toFixed(1)} µs/req` : '') +
          (r.mainCpuUsPerRequest !== undefined ? ` (main thread ${r.mainCpuUsPerRequest.toFixed(1)})` : '') +
          (r.steal !== undefined ? `  steal ${(r.steal * 100).toFixed(0)}%` : '') +
          (r.badStatus + r.socketErrors > 0 ? `  ERRORS: ${r.badStatus} bad status, ${r.socketErrors} socket` : ''),
      );
      const total = totals.get(t)!;
      if (!total.best || r.rps > total.best.rps) total.best = r;
    }
  }
  const result = (t: Target): TargetResult => {
    const { best, responses, sent } = totals.get(t)!;
    return { best: best!, responses, sent };
  };
  return { a: result(a), b: result(b), errors, maxSteal };
}

export function fmtInt(n: number) {
  return Math.round(n).toLocaleString('en');
}
