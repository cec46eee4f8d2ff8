// Live click streams (part of `npm run bench`; docs/guide/live-clicks.md): redirect throughput of a
// link whose workspace 50 live streams watch (each click copied to live_clicks by the click writer
// and sent to all 50), against a link of a workspace nobody watches, on the same Sling, in turns;
// each side keeps its best run. Target: watched ≥ 0.95 × unwatched. The streams are opened before
// each watched run and closed after it; the unwatched link's workspace never has one.
// BENCH_DATABASE_URL=postgres://… runs on PostgreSQL; BENCH_LIVE_SECONDS and BENCH_LIVE_ROUNDS shorten it;
// BENCH_CPU_PROF=<dir> profiles Sling.
import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmtInt } from './alternate';
import { benchSlingEnv, createPostgresDatabase, pgliteDatabase, seedDatabase, type BenchDatabase, type SeedLink } from './bench-database';
import { onCleanup, runBench } from './cleanups';
import { CREATE_LINKS_ENV, createBenchAccount } from './create-links';
import { pickLoadTool, type LoadResult } from './load-tool';
import { processCpuSeconds } from './cpu-usage';
import { waitUntilSettled } from './settle';
import { endChildren, freePort, startServer, waitUntilAnswering, type ServerProcess } from '../tests/helpers/processes';
import { median } from './median';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const STREAMS = 50;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 6);
const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 3);
const WARMUP_S = 3;
const TARGET = 0.95;
/** BENCH_CPU_PROF=<dir>: V8 CPU profiles of Sling's threads, written there when it stops. */
const PROFILE_DIR = process.env.BENCH_CPU_PROF ? resolve(process.env.BENCH_CPU_PROF) : undefined;

const UNWATCHED: SeedLink = { code: 'quiet', url: 'https://example.com/landing/quiet?utm_source=sling' };
const WATCHED = { code: 'watched', url: 'https://example.com/landing/watched?utm_source=sling' };

interface Stream {
  bytes: number;
  events: number;
  close(): Promise<void>;
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-live-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  const { tool, fallback } = pickLoadTool(tmp);
  if (fallback) console.log('wrk not found on PATH: falling back to autocannon (in-process; numbers are less reliable)');
  const dataDir = join(tmp, 'data');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database: BenchDatabase = serverUrl ? await createPostgresDatabase(serverUrl, dataDir) : pgliteDatabase(dataDir);
  onCleanup(() => database.drop());
  onCleanup(() => endChildren());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  console.log(`Live streams: seeding ${database.label}…`);
  await seedDatabase(database, '127.0.0.1', [UNWATCHED]); // the system workspace's: never watched
  const env = { ...benchSlingEnv(database, baseUrl, join(tmp, 'loop-delay.json')), ...CREATE_LINKS_ENV, LIVE_STREAMS_PER_WORKSPACE: String(STREAMS) };
  const account = createBenchAccount(ROOT, env); // before Sling starts: PGlite is one process per dir
  const sling = startServer({
    group: true,
    name: 'Sling',
    args: [...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []), join(ROOT, 'bin/sling.mjs'), 'start'],
    env,
    port,
    logFile: join(tmp, 'sling.log'),
    cwd: ROOT,
  });
  await waitUntilAnswering(sling, '/readyz', 200);
  const made = await fetch(`${baseUrl}/api/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: WATCHED.url, alias: WATCHED.code }),
  });
  if (made.status !== 201) throw new Error(`creating the watched link: ${made.status} ${await made.text()}`);
  const otherMade = await fetch(`${baseUrl}/api/v1/links`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/landing/other', alias: 'watched-other' }),
  });
  const other = (await otherMade.json()) as { id: number };
  for (const link of [UNWATCHED, WATCHED]) await expectRedirect(sling, link);

  const load = (code: string, seconds: number) => tool.run({ port, paths: [`/${code}`], connections: CONNECTIONS, seconds });
  const settle = () => waitUntilSettled(sling);
  const cpu = () => processCpuSeconds(sling.child.pid!) ?? Number.NaN;
  /** Sling's CPU (every thread: the edge, the click writer, the database) per redirect, its backlog settled. */
  async function quietRun(seconds: number): Promise<{ r: LoadResult; cpuUs: number }> {
    const before = cpu();
    const r = await load(UNWATCHED.code, seconds);
    await settle();
    return { r, cpuUs: ((cpu() - before) * 1e6) / r.responses };
  }
  async function watchedRun(seconds: number, query = ''): Promise<{ r: LoadResult; events: number; cpuUs: number }> {
    const before = cpu();
    const streams = await Promise.all(Array.from({ length: STREAMS }, () => openStream(baseUrl, account.token, query)));
    try {
      const r = await load(WATCHED.code, seconds);
      await settle(); // the backlog's copies are read and sent while the streams are still open
      return { r, events: streams.reduce((n, s) => n + s.events, 0), cpuUs: ((cpu() - before) * 1e6) / r.responses };
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
  }

  console.log(`Sling on :${port}; load: ${tool.name}, ${CONNECTIONS} connections; ${STREAMS} streams on the watched link's workspace\n`);
  await load(UNWATCHED.code, WARMUP_S);
  await settle();
  await watchedRun(WARMUP_S);
  await settle();
  let best = { unwatched: 0, watched: 0, filtered: 0 };
  let errors = 0;
  let delivered = 0;
  const cpuRatios: number[] = [];
  const perClickUs = (cpuUs: number, r: LoadResult) => `p99 ${r.p99Ms.toFixed(2)} ms, ${cpuUs.toFixed(1)} µs CPU each`;
  for (let round = 1; round <= ROUNDS; round++) {
    const { r: quiet, cpuUs: quietCpu } = await quietRun(SECONDS);
    const { r: watched, events, cpuUs: watchedCpu } = await watchedRun(SECONDS);
    await settle();
    // The same streams filtered to another link (link pages' Live views): clicks kept and read, none sent.
    const { r: filtered, cpuUs: filteredCpu } = await watchedRun(SECONDS, `?link_id=${other.id}`);
    await settle();
    for (const r of [quiet, watched, filtered]) errors += r.badStatus + r.socketErrors;
    delivered += events;
    best = { unwatched: Math.max(best.unwatched, quiet.rps), watched: Math.max(best.watched, watched.rps), filtered: Math.max(best.filtered, filtered.rps) };
    cpuRatios.push(quietCpu / watchedCpu);
    console.log(
      `  round ${round}: no stream ${fmtInt(quiet.rps).padStart(7)} req/s (${perClickUs(quietCpu, quiet)}) · ` +
        `${STREAMS} streams ${fmtInt(watched.rps).padStart(7)} req/s (${perClickUs(watchedCpu, watched)}), ` +
        `${fmtInt(events)} events sent (${fmtInt(events / STREAMS)} per stream of ${fmtInt(watched.responses)} clicks) · ` +
        `filtered to another link ${fmtInt(filtered.rps).padStart(7)} req/s (${perClickUs(filteredCpu, filtered)})`,
    );
  }
  const ratio = best.watched / best.unwatched;
  console.log(
    `\nRedirects with ${STREAMS} live streams open, each sent every click: ${fmtInt(best.watched)} req/s against ${fmtInt(best.unwatched)} without ` +
      `(${ratio.toFixed(3)}×, target ≥ ${TARGET}×) on ${database.label}${errors ? `; ${errors} ERRORS` : ''}`,
  );
  console.log(
    `Redirects with ${STREAMS} live streams open on the workspace, filtered to another link: ${fmtInt(best.filtered)} req/s ` +
      `(${(best.filtered / best.unwatched).toFixed(3)}×)`,
  );
  const medianCpu = median(cpuRatios);
  console.log(
    `Sling's CPU per redirect (click written and streamed, all threads), without streams over with every click sent: median ${medianCpu.toFixed(3)}× ` +
      `(the throughput this machine would reach were Sling alone on it)`,
  );
  if (delivered === 0) console.log('NO EVENTS reached the streams');
  console.log(ratio >= TARGET ? 'Target met.' : `Target NOT met (${ratio.toFixed(3)}× < ${TARGET}×).`);
  // Like the other benches, a missed target is reported, not an error: `npm run bench` goes on.
  return errors === 0 && delivered > 0 ? 0 : 1;
}

/**
 * A live stream read by this process over node:http, as cheaply as a client can (the bench shares the
 * machine with Sling): only its bytes and its events' markers are counted.
 */
function openStream(baseUrl: string, token: string, query: string): Promise<Stream> {
  const marker = Buffer.from('event: click');
  return new Promise((resolve, reject) => {
    const req = httpGet(`${baseUrl}/api/v1/analytics/live${query}`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`opening a live stream: ${res.statusCode}`));
        return;
      }
      const ended = new Promise<void>((done) => res.on('close', done));
      const stream: Stream = {
        bytes: 0,
        events: 0,
        close: async () => {
          req.destroy();
          await ended;
        },
      };
      let tail: Buffer = Buffer.alloc(0); // a marker split between two chunks is counted too
      res.on('data', (chunk: Buffer) => {
        stream.bytes += chunk.byteLength;
        if (tail.length > 0 && Buffer.concat([tail, chunk.subarray(0, marker.length - 1)]).includes(marker)) stream.events++;
        for (let i = chunk.indexOf(marker); i !== -1; i = chunk.indexOf(marker, i + marker.length)) stream.events++;
        tail = chunk.subarray(Math.max(0, chunk.length - marker.length + 1));
      });
      res.on('error', () => {});
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function expectRedirect(server: ServerProcess, link: SeedLink) {
  const res = await fetch(`http://127.0.0.1:${server.port}/${link.code}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 302 || res.headers.get('location') !== link.url) throw new Error(`/${link.code}: expected a 302 to ${link.url}, got ${res.status}`);
}

runBench(main);
