// Redirects during a large import (issue 33, point 1; docs/guide/importing.md, "Limits"): a built
// Sling (role all, the job runs in the server's process) takes a 1,000,000-row CSV (27 MiB) through
// POST /api/v1/imports while the hot link is requested open loop at a fixed rate. Latency is split
// by phase: before the upload (baseline), while the file is uploaded (until the 202), while the job
// counts the rows (no total yet) and while it imports them in batches, until a bounded window ends
// (the import itself goes on for minutes; the server is stopped then). The upload runs in a curl
// process, so the bench's own event loop paces the load and nothing else.
// BENCH_DATABASE_URL=postgres://… runs Sling on a throw-away PostgreSQL database instead of PGlite;
// BENCH_IMPORT_REDIRECT_ROWS and BENCH_IMPORT_WINDOW_S change the file and the window.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase, pgliteDatabase, seedDatabase, type BenchDatabase, type SeedLink, benchSlingEnv } from './bench-database';
import { onCleanup, runBench } from './cleanups';
import { CREATE_LINKS_ENV, createBenchAccount } from './create-links';
import { readLoopDelay, resetLoopDelay } from './loop-delay-report';
import { runPaced } from './paced-load';
import { endChildren, freePort, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.BENCH_IMPORT_REDIRECT_ROWS ?? 1_000_000);
/** From the start of the upload to the end of the measurement. */
const WINDOW_S = Number(process.env.BENCH_IMPORT_WINDOW_S ?? 60);
const BASELINE_S = 10;
const RATE = 1000;
const CONNECTIONS = 16;
/** The issue's target for the hot link's p99 while an import runs. */
const TARGET_P99_MS = 50;
const HOT: SeedLink = { code: 'hot', url: 'https://example.com/landing/hot?utm_source=sling' };

interface Sample {
  due: number;
  ms: number;
}

interface Progress {
  at: number;
  status: string;
  total: number | null;
  processed: number;
}

/** The issue's file: one URL a row, each a new link (~28 bytes a row). */
function csv(rows: number): Buffer {
  const lines = ['url'];
  for (let i = 0; i < rows; i++) lines.push(`https://example.com/p/${i}`);
  return Buffer.from(lines.join('\n') + '\n');
}

/** POST /api/v1/imports from a curl process; resolves with the answer once the 202 is in. */
function upload(url: string, token: string, file: string): Promise<{ status: number; body: string }> {
  return new Promise((resolveUpload, reject) => {
    const curl = spawn('curl', [
      '-sS',
      '-w',
      '\n%{http_code}',
      '-H',
      `authorization: Bearer ${token}`,
      '-H',
      'content-type: text/csv',
      '--data-binary',
      `@${file}`,
      url,
    ]);
    let out = '';
    curl.stdout.on('data', (d) => (out += d));
    curl.stderr.on('data', (d) => (out += d));
    curl.on('error', reject);
    curl.on('close', () => {
      const nl = out.lastIndexOf('\n');
      resolveUpload({ status: Number(out.slice(nl + 1)), body: out.slice(0, nl) });
    });
  });
}

function stats(samples: Sample[]) {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-import-redirects-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  const dataDir = join(tmp, 'data');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database: BenchDatabase = serverUrl ? await createPostgresDatabase(serverUrl, dataDir) : pgliteDatabase(dataDir);
  onCleanup(() => database.drop());
  onCleanup(() => endChildren()); // runs first: the server stops before its database goes

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  console.log(`Seeding ${database.label} and writing a ${ROWS.toLocaleString('en')}-row CSV…`);
  await seedDatabase(database, '127.0.0.1', [HOT]);
  const file = join(tmp, 'import.csv');
  const data = csv(ROWS);
  writeFileSync(file, data);
  const loopDelayFile = join(tmp, 'loop-delay.json');
  const env = { ...benchSlingEnv(database, base, loopDelayFile), ...CREATE_LINKS_ENV };
  const { token } = createBenchAccount(ROOT, env); // before Sling starts: PGlite is one process per dir
  const sling = startServer({
    group: true,
    name: 'Sling',
    args: ['--import', join(ROOT, 'bench/loop-delay.mjs'), join(ROOT, 'bin/sling.mjs'), 'start', '--role', 'all'],
    env,
    port,
    logFile: join(tmp, 'sling.log'),
    cwd: ROOT,
  });
  await waitUntilAnswering(sling, '/readyz', 200);
  await waitUntilAnswering(sling, `/${HOT.code}`, 302);

  const paced = (seconds: number, onAnswer?: (due: number, ms: number) => void) =>
    runPaced({ port, paths: [`/${HOT.code}`], count: RATE * seconds, rate: RATE, connections: CONNECTIONS, onAnswer });
  await paced(3); // warm-up
  // A first import warms the import's own code (the route, the job's modules, the CSV parser), which a
  // server loads on first use: its one-off cost is not what a running server pays per import.
  const warmFile = join(tmp, 'warm.csv');
  writeFileSync(warmFile, `url\n${Array.from({ length: 100 }, (_, k) => `https://example.com/warm/${k}`).join('\n')}\n`);
  const warm = await upload(`${base}/api/v1/imports?format=csv`, token, warmFile);
  const warmId = (JSON.parse(warm.body) as { id: string }).id;
  for (let done = false; !done; await new Promise((r) => setTimeout(r, 200))) {
    const res = await fetch(`${base}/api/v1/imports/${warmId}`, { headers: { authorization: `Bearer ${token}` } });
    done = ((await res.json()) as { status: string }).status === 'done';
  }
  const baselineLoop = await (async () => {
    await resetLoopDelay(sling, loopDelayFile);
    const r = await paced(BASELINE_S);
    return { paced: r, loop: await readLoopDelay(sling, loopDelayFile) };
  })();

  // The import's window: the load starts, the upload a second later, progress is polled twice a second.
  const samples: Sample[] = [];
  const progress: Progress[] = [];
  let polling = true;
  await resetLoopDelay(sling, loopDelayFile);
  const load = paced(WINDOW_S + 1, (due, ms) => samples.push({ due, ms }));
  await new Promise((r) => setTimeout(r, 1_000));
  const uploadStart = performance.now();
  const answer = await upload(`${base}/api/v1/imports?format=csv`, token, file);
  const uploadEnd = performance.now();
  if (answer.status !== 202) throw new Error(`the upload was answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const id = (JSON.parse(answer.body) as { id: string }).id;
  const poll = (async () => {
    while (polling) {
      const res = await fetch(`${base}/api/v1/imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const s = (await res.json()) as { status: string; rows: { total: number | null; processed: number } };
      progress.push({ at: performance.now(), status: s.status, total: s.rows.total, processed: s.rows.processed });
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const window = await load;
  polling = false;
  await poll;
  const windowLoop = await readLoopDelay(sling, loopDelayFile);
  await stopServer(sling, { graceMs: 5_000 });

  const counted = progress.find((p) => p.total !== null);
  const last = progress[progress.length - 1];
  const windowEnd = uploadStart + WINDOW_S * 1000;
  const phase = (from: number, to: number) => stats(samples.filter((s) => s.due >= from && s.due < to));
  const phases: Array<[string, ReturnType<typeof stats>]> = [
    [`upload (${((uploadEnd - uploadStart) / 1000).toFixed(1)} s to the 202)`, phase(uploadStart, uploadEnd)],
    [
      `count (${counted ? `${((counted.at - uploadEnd) / 1000).toFixed(1)} s until the total was known` : 'not through within the window'})`,
      phase(uploadEnd, counted?.at ?? windowEnd),
    ],
    [`batches (to the end of the ${WINDOW_S} s window)`, counted ? phase(counted.at, windowEnd) : stats([])],
    ['the whole window after the 202', phase(uploadEnd, windowEnd)],
  ];
  const mb = (data.length / 1024 / 1024).toFixed(1);
  console.log(`\nRedirects during an import (${database.label}; the hot link at ${RATE} req/s over ${CONNECTIONS} connections, open loop)`);
  console.log(`  file: ${ROWS.toLocaleString('en')} rows, ${mb} MiB; upload answered ${answer.status}`);
  const row = (name: string, s: ReturnType<typeof stats>) =>
    console.log(
      `  ${name.padEnd(58)} ${String(s.n).padStart(6)} answers   p50 ${s.p50.toFixed(1).padStart(7)} ms   p99 ${s.p99.toFixed(1).padStart(7)} ms   max ${s.max.toFixed(1).padStart(7)} ms`,
    );
  row('baseline (no import)', { n: baselineLoop.paced.responses, p50: baselineLoop.paced.p50Ms, p99: baselineLoop.paced.p99Ms, max: baselineLoop.paced.maxMs });
  for (const [name, s] of phases) if (s.n > 0) row(name, s);
  console.log(`  lost or unanswered in the window: ${window.failed} of ${window.sent} sent`);
  const loop = (name: string, l: Awaited<ReturnType<typeof readLoopDelay>>) =>
    l && console.log(`  event-loop delay, ${name}: p99 ${l.delay.p99Ms.toFixed(1)} ms, max ${l.delay.maxMs.toFixed(1)} ms; GC max ${l.gc.maxMs.toFixed(1)} ms`);
  loop('baseline', baselineLoop.loop);
  loop('import window', windowLoop);
  if (last) {
    const batchSeconds = counted ? (last.at - counted.at) / 1000 : 0;
    console.log(
      `  at the window's end: ${last.status}, ${last.processed.toLocaleString('en')} of ${last.total?.toLocaleString('en') ?? '?'} rows processed` +
        (batchSeconds > 0 ? ` (${Math.round(last.processed / batchSeconds).toLocaleString('en')} rows/s since the count)` : ''),
    );
  }
  const worst = Math.max(...phases.map(([, s]) => (s.n > 0 ? s.p99 : 0)));
  console.log(`  worst phase p99: ${worst.toFixed(1)} ms (target: under ${TARGET_P99_MS} ms)`);
  return window.failed > 0 || answer.status !== 202 ? 1 : 0;
}

runBench(main);
