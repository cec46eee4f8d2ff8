// What starting the CPU pool's worker with its first task costs (lib/server/cpu-pool.ts starts
// none with the server): the first verifyPassword (sign-in's bcrypt) on a fresh pool, thread start
// included, against the next ones on the warm thread. Wall time and the process's CPU (all threads).
// Uses the built worker (npm run build): `tsx bench/cpu-pool-start.ts`.
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { bcryptHash } from '../lib/passwords/bcrypt';
import { createWorkerPool } from '../lib/runtime/worker-pool';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const hash = await bcryptHash('correct horse');

async function timed(run: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000 };
}

const fmt = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' · ');
const first = { ms: [] as number[], cpu: [] as number[] };
const warm = { ms: [] as number[], cpu: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  const pool = createWorkerPool({ file: join(resolve(import.meta.dirname, '..'), 'dist/cpu-worker.mjs'), size: 1, queueMax: 4 });
  const a = await timed(() => pool.run('verifyPassword', ['correct horse', hash]));
  const b = await timed(() => pool.run('verifyPassword', ['correct horse', hash]));
  first.ms.push(a.ms);
  first.cpu.push(a.cpuMs);
  warm.ms.push(b.ms);
  warm.cpu.push(b.cpuMs);
  await pool.close();
}
console.log(
  `load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.log(`first sign-in bcrypt, thread start included: ${fmt(first.ms)} ms wall, ${fmt(first.cpu)} ms CPU`);
console.log(`next sign-in bcrypt on the running thread:    ${fmt(warm.ms)} ms wall, ${fmt(warm.cpu)} ms CPU`);
