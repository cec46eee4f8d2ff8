// `tsx bench/edge-cpu.ts`: CPU per redirect, Sling's edge against raw node:http, at a fixed rate
// (open loop, the same work for every target however busy the shared machine is). Reports, per
// target, the main thread's CPU µs per response (the edge runs there; PGlite's click writes do too)
// and the whole process's, the median over alternating rounds, with each target left to settle (its
// click backlog written) before the next is loaded.
// BENCH_SLING_BUNDLES=dist/before/sling.mjs,dist/sling.mjs compares builds in the same run (each on
// its own copy of the seeded PGlite directory). BENCH_CPU_PROF=<dir> writes V8 CPU profiles (raw's too), one per
// thread, sampled every BENCH_CPU_PROF_INTERVAL µs (default 50: node's 1 ms default sees too few samples of a 15 µs redirect).
// BENCH_SCENARIOS=hot skips the random one; `ruled` adds the link with ten routing rules, `tested` the one with a 3-way A/B test (bench/ruled-link.ts). BENCH_DATABASE_URL: each build on its own seeded
// PostgreSQL database on that server instead of PGlite (PostgreSQL's own CPU is not counted), and
// prints the statements each round committed (pg_stat_database.xact_commit: link loads plus click
// writes). BENCH_CACHE_TTL_MS sets Sling's CACHE_TTL_MS, so that with a short one (5000) the random
// scenario crosses TTL boundaries and pays its link reloads inside the measured rounds.
// BENCH_RATE (req/s, default 3000), BENCH_SECONDS (default 5), BENCH_ROUNDS (default 3).
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresDatabase, pgliteDatabase, seedDatabase, type BenchDatabase, type SeedLink } from './bench-database';
import { endChildren, freePort, type ServerProcess, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import { processCpuSeconds, threadCpuSeconds } from './cpu-usage';
import { runPaced } from './paced-load';
import { readLoopDelay, resetLoopDelay } from './loop-delay-report';
import { waitUntilSettled } from './settle';
import { RULED, RULED_TO, TESTED } from './ruled-link';
import { monotonicUs, type ProfileWindow } from './profile-summary';
import { median } from './median';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RATE = Number(process.env.BENCH_RATE ?? 3000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LINKS = 10_000;
const HOT: SeedLink = { code: 'hot', url: 'https://example.com/landing/hot?utm_source=sling' };
const MANY: SeedLink[] = Array.from({ length: LINKS }, (_, i) => {
  const code = `r${String(i).padStart(5, '0')}`;
  return { code, url: `https://example.com/articles/${i}/some-title?utm_source=sling&id=${code}` };
});
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Target {
  label: string;
  server: ServerProcess;
  delayFile?: string;
  databaseUrl?: string;
}

/** Transactions committed in the target's PostgreSQL database so far (undefined on PGlite). */
async function commits(t: Target): Promise<number | undefined> {
  if (!t.databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    // Statistics reach pg_stat_database when a backend flushes them (within about a second of idling).
    await new Promise((r) => setTimeout(r, 1500));
    const { rows } = await client.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-edge-cpu-'));
  const databases: BenchDatabase[] = [];
  try {
    const seeded = join(tmp, 'seed');
    await seedDatabase(pgliteDatabase(seeded), '127.0.0.1', [HOT, RULED, TESTED, ...MANY]);
    const linksFile = join(tmp, 'links.json');
    writeFileSync(
      linksFile,
      JSON.stringify([HOT, { ...RULED, url: RULED_TO }, { ...TESTED, url: TESTED.abTest!.variants[0].url }, ...MANY].map((l) => [l.code, l.url])),
    );
    const targets: Target[] = [];
    const rawPort = await freePort();
    const profDir = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;
    if (profDir) mkdirSync(join(profDir, 'raw'), { recursive: true });
    const profInterval = `--cpu-prof-interval=${process.env.BENCH_CPU_PROF_INTERVAL ?? 50}`;
    const rawProf = profDir ? ['--cpu-prof', profInterval, `--cpu-prof-dir=${join(profDir, 'raw')}`] : [];
    const rawArgs = [...rawProf, join(ROOT, 'bench/raw-server.mjs'), linksFile];
    targets.push({
      label: 'raw',
      server: startServer({ group: true, name: 'raw', args: rawArgs, env: {}, port: rawPort, logFile: join(tmp, 'raw.log'), cwd: ROOT }),
    });
    const bundles = (process.env.BENCH_SLING_BUNDLES ?? 'bin/sling.mjs').split(',');
    for (const [i, bundle] of bundles.entries()) {
      const dataDir = join(tmp, `data-${i}`);
      let databaseUrl: string | undefined;
      if (process.env.BENCH_DATABASE_URL) {
        mkdirSync(dataDir);
        const pgDb = await createPostgresDatabase(process.env.BENCH_DATABASE_URL, dataDir);
        databases.push(pgDb);
        await seedDatabase(pgDb, '127.0.0.1', [HOT, RULED, TESTED, ...MANY]);
        databaseUrl = pgDb.databaseUrl;
      } else cpSync(seeded, dataDir, { recursive: true });
      let port = await freePort();
      while (targets.some((t) => t.server.port === port)) port = await freePort();
      const delayFile = join(tmp, `delay-${i}.json`);
      const prof = profDir ? ['--cpu-prof', profInterval, `--cpu-prof-dir=${join(profDir, String(i))}`] : [];
      if (profDir) mkdirSync(join(profDir, String(i)), { recursive: true });
      const server = startServer({
        group: true,
        name: `Sling ${bundle}`,
        args: ['--import', join(ROOT, 'bench/loop-delay.mjs'), ...prof, join(ROOT, bundle), 'start'],
        env: {
          HOST: '127.0.0.1',
          BASE_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          ...(databaseUrl ? { SECRET_KEY: 'edge-cpu-bench-secret-0123456789abcdef0123456789' } : {}),
          REDIS_URL: undefined,
          LINK_HOST: undefined,
          TRUST_PROXY: undefined,
          TLS_PORT: undefined,
          LOG_LEVEL: 'warn',
          BENCH_LOOP_DELAY_FILE: delayFile,
          CACHE_TTL_MS: process.env.BENCH_CACHE_TTL_MS,
        },
        port,
        logFile: join(tmp, `sling-${i}.log`),
        cwd: ROOT,
      });
      targets.push({ label: bundle, server, delayFile, databaseUrl });
    }
    await Promise.all(targets.map((t) => waitUntilAnswering(t.server, `/${HOT.code}`, 302, 300_000)));
    const random = MANY.map((l) => `/${l.code}`).sort(() => Math.random() - 0.5);
    const wanted = (process.env.BENCH_SCENARIOS ?? 'hot,random').split(',');
    for (const t of wanted.includes('random') ? targets.slice(1) : []) {
      const cold = await runPaced({ port: t.server.port, paths: random, count: random.length, rate: 0, connections: 50, userAgent: UA });
      console.log(`${t.label}: cold pass ${Math.round(cold.achievedRate)} req/s`);
      await waitUntilSettled(t.server);
    }
    const windows: ProfileWindow[] = [];
    const results = new Map<string, { main: number[]; proc: number[]; p99: number[]; loopP99: number[] }>();
    for (let round = 1; round <= ROUNDS; round++) {
      const scenarios: Array<[string, string[]]> = [
        ['hot', [`/${HOT.code}`]],
        ['ruled', [`/${RULED.code}`]],
        ['tested', [`/${TESTED.code}`]],
        ['random', random],
      ];
      for (const [scenario, paths] of scenarios.filter(([name]) => wanted.includes(name))) {
        for (const t of targets) {
          const pid = t.server.child.pid!;
          if (t.delayFile) await resetLoopDelay(t.server, t.delayFile);
          const commits0 = await commits(t);
          const [main0, proc0] = [threadCpuSeconds(pid)!, processCpuSeconds(pid)!];
          const from = monotonicUs();
          const r = await runPaced({ port: t.server.port, paths, count: RATE * SECONDS, rate: RATE, connections: 50, userAgent: UA });
          // The click backlog is part of the redirect's cost: counted until the process settles.
          const settled = await waitUntilSettled(t.server);
          // The profiles' clock (CLOCK_MONOTONIC, µs): bench/profile-summary.ts keeps this window's samples only.
          if (profDir)
            windows.push({
              scenario,
              target: t.label,
              dir: t === targets[0] ? 'raw' : String(targets.indexOf(t) - 1),
              from,
              to: monotonicUs(),
              responses: r.responses,
            });
          const [main1, proc1] = [threadCpuSeconds(pid)!, processCpuSeconds(pid)!];
          const commits1 = await commits(t);
          const statements = commits0 !== undefined && commits1 !== undefined ? `, ${commits1 - commits0 - 1} statements` : '';
          const d = t.delayFile ? await readLoopDelay(t.server, t.delayFile) : undefined;
          const loopP99 = d?.delay.p99Ms ?? Number.NaN;
          const loop = d
            ? `  loop delay p99 ${d.delay.p99Ms.toFixed(1)} max ${d.delay.maxMs.toFixed(1)} ms, gc ${d.gc.count}× max ${d.gc.maxMs.toFixed(1)} ms`
            : '';
          const key = `${scenario}\t${t.label}`;
          const e = results.get(key) ?? { main: [], proc: [], p99: [], loopP99: [] };
          e.main.push(((main1 - main0) * 1e6) / r.responses);
          e.proc.push(((proc1 - proc0) * 1e6) / r.responses);
          e.p99.push(r.p99Ms);
          e.loopP99.push(loopP99);
          results.set(key, e);
          console.log(
            `round ${round} ${scenario.padEnd(6)} ${t.label.padEnd(24)} main ${e.main.at(-1)!.toFixed(1)} µs/req, process ${e.proc.at(-1)!.toFixed(1)} µs/req, ` +
              `p99 ${r.p99Ms.toFixed(2)} ms, ${r.non3xx + r.failed} bad, settled in ${settled.waitedMs} ms${statements}${loop}`,
          );
        }
      }
    }
    console.log(
      `\nMedian of ${ROUNDS} rounds at ${RATE} req/s × ${SECONDS} s (load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}):`,
    );
    for (const [key, e] of results) {
      const [scenario, label] = key.split('\t');
      console.log(
        `  ${scenario.padEnd(6)} ${label.padEnd(24)} main thread ${median(e.main).toFixed(1)} µs/req  process ${median(e.proc).toFixed(1)} µs/req  p99 ${median(e.p99).toFixed(2)} ms`,
      );
    }
    for (const t of targets) await stopServer(t.server);
    if (profDir) writeFileSync(join(profDir, 'windows.json'), JSON.stringify(windows, null, 2));
  } finally {
    await endChildren();
    for (const d of databases) await d.drop().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void endChildren().finally(() => process.exit(130)));
main().catch(async (err) => {
  console.error(err);
  await endChildren();
  process.exit(1);
});
