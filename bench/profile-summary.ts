// Where a redirect's CPU goes, from the V8 CPU profiles bench/edge-cpu.ts writes (BENCH_CPU_PROF,
// one per thread, sampled every 50 µs) and the measured windows it records beside them: per target
// and thread, the share of the busy samples inside each window, by where the code lives (a node
// module, an npm package, Sling's bundle, the engine) and by function. The shares, times the CPU
// per redirect measured without the profiler, say where each microsecond goes.
// `npx tsx bench/profile-summary.ts <BENCH_CPU_PROF dir> [functions per thread, default 25]`
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A measured run: its target's profile folder and the run's span on the profiles' clock (CLOCK_MONOTONIC, µs). */
export interface ProfileWindow {
  scenario: string;
  target: string;
  dir: string;
  from: number;
  to: number;
  responses: number;
}

/** process.hrtime is CLOCK_MONOTONIC, the clock V8 stamps its samples with. */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ThreadShare {
  /** Busy samples' time in the window, µs, per response. */
  busyUsPerResponse: number;
  /** Where, by the code's home: µs per response. */
  byHome: Array<[string, number]>;
  byFunction: Array<[string, number]>;
}

/** The code's home: "node:http_server", an npm package, "sling" (the bundle), or the engine's own pseudo-frames. */
export function homeOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : `native ${functionName}`;
  if (url.startsWith('node:')) return url.replace(/^node:(internal\/)?/, 'node:');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  return /\/dist\//.test(url) ? 'sling' : url.replace(/^.*\//, '');
}

export function summarise(profile: CpuProfile, from: number, to: number, responses: number): ThreadShare {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const home = new Map<string, number>();
  const fn = new Map<string, number>();
  let busy = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (t < from || t > to) continue;
    const { functionName, url, lineNumber } = byId.get(profile.samples[i])!.callFrame;
    if (functionName === '(idle)') continue;
    busy += dt;
    const h = homeOf(url, functionName);
    home.set(h, (home.get(h) ?? 0) + dt);
    const f = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\//, '')}:${lineNumber + 1}` : ''}`;
    fn.set(f, (fn.get(f) ?? 0) + dt);
  }
  const per = (m: Map<string, number>) => [...m].map(([k, v]): [string, number] => [k, v / responses]).sort((a, b) => b[1] - a[1]);
  return { busyUsPerResponse: busy / responses, byHome: per(home), byFunction: per(fn) };
}

function main(dir: string, top: number) {
  const windows = JSON.parse(readFileSync(join(dir, 'windows.json'), 'utf8')) as ProfileWindow[];
  for (const w of windows) {
    console.log(`\n## ${w.scenario} · ${w.target} · ${w.responses} responses`);
    const files = readdirSync(join(dir, w.dir))
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort();
    for (const file of files) {
      const s = summarise(JSON.parse(readFileSync(join(dir, w.dir, file), 'utf8')), w.from, w.to, w.responses);
      if (s.busyUsPerResponse < 0.05) continue;
      // CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile: thread 0 is the main thread.
      const thread = file.split('.')[4] === '0' ? 'main thread' : `thread ${file.split('.')[4]}`;
      console.log(`### ${thread}: ${s.busyUsPerResponse.toFixed(1)} µs busy per response (profiled)`);
      console.log(s.byHome.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(' · '));
      for (const [k, v] of s.byFunction.slice(0, top)) console.log(`  ${v.toFixed(2).padStart(6)}  ${k}`);
    }
  }
}

if (process.argv[1]?.endsWith('profile-summary.ts')) main(process.argv[2], Number(process.argv[3] ?? 25));
