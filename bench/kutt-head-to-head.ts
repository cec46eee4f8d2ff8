// `npm run bench:kutt`: Sling's production build against Kutt v3 in the same run, alternating wrk
// rounds (alternate.ts): link creation through each one's API, one hot link, 10,000 links at random.
// Prints req/s, p99 and CPU per request of each server (Kutt's worker processes included) and the
// Sling/Kutt ratios, and whether creation reaches issue 20's "≥ 2× Kutt on the same database".
//   BENCH_KUTT_DIR=/path/to/kutt (a checkout with `npm ci` done; see docs/performance/2026-11-26-performance-round-2.md)
//   BENCH_DATABASE_URL=postgres://…  both on that server (a throw-away database each) and the same
//                                    Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379);
//                                    unset: Sling on PGlite, Kutt on its default SQLite.
//   BENCH_KUTT_REDIS_DB (default 11) Kutt's Redis database number: emptied before and after.
//   BENCH_ROUNDS (default 3)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { alternate, fmtInt, type Alternated, type RunSettings, type Target } from './alternate';
import { countLinksOf, createPostgresDatabase, liveClickCounter, pgliteDatabase, seedDatabase, type BenchDatabase, type SeedLink } from './bench-database';
import { endChildren, freePort, type ServerProcess, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import { onCleanup, runBench } from './cleanups';
import { treeCpuSeconds } from './cpu-usage';
import { CREATE_LINKS_ENV, createBenchAccount } from './create-links';
import { checkKuttDir, countKutt, kuttEnv, liveVisitCounter, prepareKutt, startKutt, type KuttRedis, type KuttStore } from './kutt-server';
import { pickLoadTool, type LoadTool, type PostLoad } from './load-tool';
import { runPaced } from './paced-load';
import { waitUntilSettled } from './settle';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KUTT_DIR = process.env.BENCH_KUTT_DIR;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KUTT_REDIS_DB = Number(process.env.BENCH_KUTT_REDIS_DB ?? 11);
const RUNS: RunSettings = { connections: 50, warmupSeconds: 3, seconds: 6, rounds: Number(process.env.BENCH_ROUNDS ?? 3) };
const TARGET_RATIO = 2;

const HOT: SeedLink = { code: 'hot', url: 'https://example.com/landing/hot?utm_source=bench' };
const MANY: SeedLink[] = Array.from({ length: 10_000 }, (_, i) => {
  const code = `r${String(i).padStart(5, '0')}`;
  return { code, url: `https://example.com/articles/${i}/some-title?utm_source=bench&id=${code}` };
});
/**
 * Destinations of the created links. Kutt resolves each one's host (dns.lookup, in libuv's 4-thread
 * pool) to check its address against its banned hosts. This machine has no DNS: a failed lookup
 * takes ~150 ms and 200 of them ~30 s, which would measure the resolver, not Kutt. A public IPv4
 * literal is answered by Node without a lookup, and Kutt still queries its hosts table. Sling gets
 * a host name: it holds bare-IP destinations for review (lib/safety/heuristics.ts), another path.
 */
const SLING_BODY = '{"url":"https://example.com/h2h/{n}?utm_source=bench"}';
const KUTT_BODY = '{"target":"https://93.184.215.14/h2h/{n}?utm_source=bench"}';

interface Row {
  name: string;
  result: Alternated;
}

async function main(): Promise<number> {
  if (!KUTT_DIR)
    throw new Error(
      'Set BENCH_KUTT_DIR to a Kutt checkout with its dependencies installed (see docs/performance/2026-11-26-performance-round-2.md, "Head to head with Kutt").',
    );
  const tmp = mkdtempSync(join(tmpdir(), 'sling-kutt-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  const { tool, fallback } = pickLoadTool(tmp);
  if (fallback) console.log('wrk not found on PATH: falling back to autocannon (in-process; numbers are less reliable)');

  const slingDb: BenchDatabase = SERVER_URL ? await createPostgresDatabase(SERVER_URL, join(tmp, 'data')) : pgliteDatabase(join(tmp, 'data'));
  onCleanup(() => slingDb.drop());
  const kuttPg = SERVER_URL ? await createPostgresDatabase(SERVER_URL, tmp) : undefined;
  if (kuttPg) onCleanup(() => kuttPg.drop());
  const store: KuttStore = kuttPg ? { databaseUrl: kuttPg.databaseUrl! } : { sqliteFile: join(tmp, 'kutt.sqlite') };
  checkKuttDir(KUTT_DIR, store);
  const redis = SERVER_URL ? await kuttRedis() : undefined;
  onCleanup(() => endChildren()); // runs first: servers stop before their databases go
  const setup = SERVER_URL
    ? 'Sling and Kutt on one PostgreSQL server (a throw-away database each) and one Redis'
    : "Sling on PGlite, Kutt on SQLite (each one's embedded default)";
  console.log(`${setup}; seeding each: a user with an API key, 1 hot link + ${fmtInt(MANY.length)} links…`);

  const [slingPort, kuttPort] = await twoPorts();
  await seedDatabase(slingDb, '127.0.0.1', [HOT, ...MANY]);
  const slingEnv = {
    HOST: '127.0.0.1',
    BASE_URL: `http://127.0.0.1:${slingPort}`,
    DATA_DIR: slingDb.dataDir,
    DATABASE_URL: slingDb.databaseUrl,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
    REDIS_URL: SERVER_URL ? REDIS_URL : undefined,
    REDIS_PREFIX: `sling-kutt-bench-${randomBytes(4).toString('hex')}`,
    LINK_HOST: undefined,
    TRUST_PROXY: undefined,
    TLS_PORT: undefined,
    LOG_LEVEL: 'warn',
    ...CREATE_LINKS_ENV, // the token's rate limits out of the way, as in `npm run bench`
  };
  const slingAccount = createBenchAccount(ROOT, slingEnv); // before Sling starts: PGlite is one process per dir
  const kEnv = kuttEnv(kuttPort, store, redis);
  const kuttAccount = await prepareKutt(KUTT_DIR, kEnv, store, [HOT, ...MANY]);

  const sling = startServer({
    group: true,
    name: 'Sling',
    args: [join(ROOT, 'bin/sling.mjs'), 'start'],
    env: slingEnv,
    port: slingPort,
    logFile: join(tmp, 'sling.log'),
    cwd: ROOT,
  });
  const kutt = startKutt(KUTT_DIR, kuttPort, kEnv, join(tmp, 'kutt.log'));
  await Promise.all([waitUntilAnswering(sling, '/readyz', 200), waitUntilAnswering(kutt, '/api/v2/health', 200)]);

  const slingPost: PostLoad = { headers: { Authorization: `Bearer ${slingAccount.token}`, 'Content-Type': 'application/json' }, body: SLING_BODY };
  const kuttPost: PostLoad = { headers: { 'X-API-KEY': kuttAccount.apiKey, 'Content-Type': 'application/json' }, body: KUTT_BODY };
  // wrk cannot tell a 302 from a 200, nor a 201 from a 200: one answer of each kind is checked in full.
  for (const server of [sling, kutt]) for (const link of [HOT, MANY[MANY.length - 1]]) await expectRedirect(server, link);
  await expectCreated(sling, '/api/v1/links', slingPost, (j) => j.long_url === 'https://example.com/h2h/check?utm_source=bench');
  await expectCreated(kutt, '/api/v2/links', kuttPost, (j) => j.target === 'https://93.184.215.14/h2h/check?utm_source=bench');

  const slingCounter = await liveClickCounter(slingDb);
  if (slingCounter) onCleanup(() => slingCounter.close());
  const kuttCounter = liveVisitCounter(KUTT_DIR, store, kuttAccount.userId);
  if (kuttCounter) onCleanup(() => kuttCounter.close());
  // Each run's stored visits must be written before the other server is loaded (settle.ts).
  const settle = (s: ServerProcess) => waitUntilSettled(s, { storedClicks: (s === sling ? slingCounter : kuttCounter)?.count });
  const runs: RunSettings = { ...RUNS, settle };
  // Background work (job polling, Bull's workers) is in every run's CPU: at a few hundred requests/s
  // it is a visible share of the CPU per request, so it is shown on its own.
  const idle = await idleCpuMsPerSecond([sling, kutt]);
  console.log(`Idle CPU (5 s without requests): Sling ${idle[0].toFixed(0)} ms/s, Kutt ${idle[1].toFixed(0)} ms/s`);
  const loadBefore = loadavg();
  console.log(`Sling on :${slingPort}, Kutt on :${kuttPort}; ${tool.name}, ${RUNS.connections} connections; load average ${fmtLoad(loadBefore)}\n`);

  const pair = (s: Target['load'], k: Target['load']): [Target, Target] => [
    { label: 'Sling', server: sling, load: s },
    { label: 'Kutt', server: kutt, load: k },
  ];
  const rows: Row[] = [];
  const create = await alternate(
    'link creation',
    tool,
    pair({ paths: ['/api/v1/links'], post: slingPost }, { paths: ['/api/v2/links'], post: kuttPost }),
    runs,
  );
  rows.push({ name: 'link creation (API)', result: create });
  rows.push({ name: 'hot link', result: await alternate('hot link', tool, pair({ paths: ['/hot'] }, { paths: ['/hot'] }), runs) });
  // Every code once first, so the random scenario measures each one's cached steady state. Kutt
  // caches links only in Redis: on SQLite it reads every visit's link from the database anyway.
  const paths = MANY.map((l) => `/${l.code}`);
  for (const server of redis ? [sling, kutt] : [sling]) {
    const cold = await runPaced({ port: server.port, paths, count: paths.length, rate: 0, connections: RUNS.connections });
    console.log(
      `  ${server.name} cold pass: ${fmtInt(cold.achievedRate)} req/s over the ${fmtInt(paths.length)} codes (${cold.non3xx} not redirects, ${cold.failed} unanswered)`,
    );
    await settle(server);
  }
  rows.push({ name: `${fmtInt(MANY.length)} links, random`, result: await alternate('10k random', tool, pair({ paths }, { paths }), runs) });
  const loadAfter = loadavg();

  await stopServer(sling);
  await stopServer(kutt);
  const slingLinks = await countLinksOf(slingDb, slingAccount.userId);
  const kutted = await countKutt(KUTT_DIR, store, kuttAccount.userId);
  const kuttLinks = kutted.links - 1 - MANY.length;
  printTable(setup, tool, rows, loadBefore, loadAfter);
  // The checks' own creation is one of each; the load's lie between the responses and the requests sent.
  const linksOk = (n: number, side: Alternated['a']) => n >= 1 + side.responses && n <= 1 + side.sent;
  console.log(
    `Links created: Sling ${fmtInt(slingLinks)} (wrk: ${fmtInt(create.a.responses)}–${fmtInt(create.a.sent)} + 1), Kutt ${fmtInt(kuttLinks)} (wrk: ${fmtInt(create.b.responses)}–${fmtInt(create.b.sent)} + 1)`,
  );
  const ratio = create.a.best.rps / create.b.best.rps;
  const met = ratio >= TARGET_RATIO;
  console.log(`Link creation: Sling ${ratio.toFixed(2)}× Kutt (target ≥ ${TARGET_RATIO}×: ${met ? 'met' : 'NOT met'}).`);
  const errors = rows.reduce((n, r) => n + r.result.errors, 0);
  if (errors > 0) console.log(`ERRORS: ${errors} bad statuses or socket errors over the runs.`);
  return errors === 0 && linksOk(slingLinks, create.a) && linksOk(kuttLinks, create.b) ? 0 : 1;
}

/** Kutt's Redis database, emptied now and after the run (its cached links would outlive their database). */
async function kuttRedis(): Promise<KuttRedis> {
  const url = new URL(REDIS_URL);
  const target: KuttRedis = { host: url.hostname, port: Number(url.port || 6379), db: KUTT_REDIS_DB };
  const flush = async () => {
    const client = new Redis({ host: target.host, port: target.port, db: target.db, lazyConnect: true });
    await client.connect();
    await client.flushdb();
    client.disconnect();
  };
  await flush();
  onCleanup(flush);
  return target;
}

function printTable(setup: string, tool: LoadTool, rows: Row[], before: number[], after: number[]) {
  console.log(`\n${setup}`);
  console.log(
    `${tool.name}, ${RUNS.connections} connections, best of ${RUNS.rounds} alternating ${RUNS.seconds} s rounds; load average ${fmtLoad(before)} → ${fmtLoad(after)}`,
  );
  console.log('CPU per request: the server process and its child processes (the database server and Redis not counted).\n');
  console.log('| scenario | Sling req/s (p99) | Sling CPU/req | Kutt req/s (p99) | Kutt CPU/req | Sling/Kutt req/s | Kutt/Sling CPU/req |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { name, result } of rows) {
    const [s, k] = [result.a.best, result.b.best];
    const side = (r: typeof s) => `${fmtInt(r.rps)} (${r.p99Ms.toFixed(1)} ms)`;
    const cpu = (r: typeof s) => (r.cpuUsPerRequest === undefined ? '?' : `${fmtInt(r.cpuUsPerRequest)} µs`);
    const cpuRatio = s.cpuUsPerRequest && k.cpuUsPerRequest ? `${(k.cpuUsPerRequest / s.cpuUsPerRequest).toFixed(1)}×` : '?';
    console.log(`| ${name} | ${side(s)} | ${cpu(s)} | ${side(k)} | ${cpu(k)} | ${(s.rps / k.rps).toFixed(2)}× | ${cpuRatio} |`);
  }
  console.log();
}

async function expectRedirect(server: ServerProcess, link: SeedLink) {
  const res = await fetch(`http://127.0.0.1:${server.port}/${link.code}`, { redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 302 || res.headers.get('location') !== link.url) {
    throw new Error(`${server.name} /${link.code}: expected 302 to ${link.url}, got ${res.status} ${res.headers.get('location')}`);
  }
}

async function expectCreated(server: ServerProcess, path: string, post: PostLoad, ok: (json: Record<string, unknown>) => boolean) {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: 'POST', headers: post.headers, body: post.body.replace('{n}', 'check') });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // reported below
  }
  if (res.status !== 201 || !ok(json)) throw new Error(`${server.name} POST ${path}: expected 201 with the link, got ${res.status} ${text.slice(0, 300)}`);
}

async function idleCpuMsPerSecond(servers: ServerProcess[], ms = 5_000): Promise<number[]> {
  const before = servers.map((s) => treeCpuSeconds(s.child.pid!) ?? NaN);
  await new Promise((r) => setTimeout(r, ms));
  return servers.map((s, i) => ((treeCpuSeconds(s.child.pid!) ?? NaN) - before[i]) * (1e6 / ms));
}

async function twoPorts(): Promise<[number, number]> {
  const a = await freePort();
  let b = await freePort();
  while (b === a) b = await freePort();
  return [a, b];
}

function fmtLoad(l: number[]) {
  return l.map((x) => x.toFixed(2)).join(' ');
}

runBench(main);
