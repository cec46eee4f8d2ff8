// Two builds of Sling serving at once, each on its own database, measured in turns (A, B, A, B, …):
// the hot link's redirect, and link creation through a token (POST /api.php and /api/v1/links) and
// through a session cookie (POST /api/v1/links, as the dashboard sends it). Prints each process's
// idle RSS, and its CPU per request, which is steadier than req/s on a shared machine. For comparing
// a change against the build before it:
//   BENCH_BEFORE=/path/to/other/checkout tsx bench/create-head-to-head.ts
// (the other checkout built, with node_modules). PGlite by default (a DATA_DIR per build);
// BENCH_DATABASE_URL=postgres://… gives each build a throw-away database on that server instead;
// BENCH_REDIS_URL=redis://… gives both that Redis (rate limits and invalidations), each under its own prefix.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, fmtInt, type RunSettings, type Target } from './alternate';
import { createPostgresDatabase, pgliteDatabase, seedDatabase, type BenchDatabase } from './bench-database';
import { endChildren, freePort, type ServerProcess, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import { onCleanup, runBench } from './cleanups';
import { CREATE_LINKS_ENV, createBenchAccount, expectAnswer, sessionPost, signInBench, tokenPost } from './create-links';
import { idleRss } from './idle-rss';
import { pickLoadTool } from './load-tool';
import { waitUntilSettled } from './settle';

const AFTER = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BEFORE = process.env.BENCH_BEFORE;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Which scenarios to run, comma-separated (default: all): redirect, api.php, token, session. */
const ONLY = process.env.BENCH_ONLY?.split(',');
const HOT = { code: 'hot', url: 'https://example.com/landing/hot?utm_source=sling' };
const BODY = '{"url":"https://example.com/h2h/{n}"}';

interface Build {
  label: string;
  root: string;
  port: number;
  baseUrl: string;
  database: BenchDatabase;
  token: string;
  cookie?: string;
  proc?: ServerProcess;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<number> {
  if (!BEFORE) throw new Error('Set BENCH_BEFORE (a built checkout of the other build).');
  const tmp = mkdtempSync(join(tmpdir(), 'sling-h2h-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  const { tool } = pickLoadTool(tmp);
  const builds: Build[] = [];
  for (const [label, root] of [
    ['before', BEFORE],
    ['after', AFTER],
  ] as const) {
    const dataDir = join(tmp, `data-${label}`);
    const database = SERVER_URL ? await createPostgresDatabase(SERVER_URL, dataDir) : pgliteDatabase(dataDir);
    onCleanup(() => database.drop());
    await seedDatabase(database, '127.0.0.1', [HOT]);
    const port = await freePort();
    builds.push({ label, root, port, baseUrl: `http://127.0.0.1:${port}`, database, token: '' });
  }
  onCleanup(() => endChildren()); // runs first: servers stop before their databases go
  const env = (b: Build) => ({
    HOST: '127.0.0.1',
    BASE_URL: b.baseUrl,
    DATA_DIR: b.database.dataDir,
    DATABASE_URL: b.database.databaseUrl,
    SECRET_KEY: 'bench-secret-key-0123456789abcdef0123456789abcdef',
    REDIS_URL: REDIS_URL,
    REDIS_PREFIX: `sling-h2h-${b.label}-${b.port}`,
    LINK_HOST: undefined,
    TRUST_PROXY: undefined,
    TLS_PORT: undefined,
    LOG_LEVEL: 'warn',
    ...CREATE_LINKS_ENV,
  });
  for (const b of builds) b.token = createBenchAccount(b.root, env(b)).token; // before start: PGlite is one process per dir
  for (const b of builds) {
    b.proc = startServer({
      group: true,
      name: b.label,
      args: [join(b.root, 'bin/sling.mjs'), 'start'],
      env: env(b),
      port: b.port,
      logFile: join(tmp, `${b.label}.log`),
      cwd: b.root,
    });
  }
  await Promise.all(builds.map((b) => waitUntilAnswering(b.proc!, '/readyz', 200)));
  for (const b of builds) {
    b.cookie = await signInBench(b.baseUrl, b.port);
    await expectAnswer(b.proc!, '/api/v1/links', sessionPost(b.cookie, b.baseUrl, BODY), BODY.replace('{n}', 'check'), (body) => body.includes('"short_code"'));
  }
  console.log(`Database: ${SERVER_URL ? 'PostgreSQL, a database per build' : 'PGlite, a DATA_DIR per build'}${REDIS_URL ? ', Redis' : ''}; load: ${tool.name}`);
  for (const b of builds) console.log(`${b.label} (${b.root}): idle RSS ${(await idleRss(b.proc!.child.pid!)).toFixed(0)} MiB`);
  const settings: RunSettings = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    warmupSeconds: 3,
    seconds: 6,
    rounds: ROUNDS,
    settle: (server) => waitUntilSettled(server),
  };
  const scenarios: Array<{ key: string; name: string; target: (b: Build) => Target['load'] }> = [
    { key: 'redirect', name: 'GET /hot (redirect)', target: () => ({ paths: [`/${HOT.code}`] }) },
    { key: 'token', name: 'POST /api/v1/links, token', target: (b) => ({ paths: ['/api/v1/links'], post: tokenPost(b.token, BODY) }) },
    { key: 'session', name: 'POST /api/v1/links, session', target: (b) => ({ paths: ['/api/v1/links'], post: sessionPost(b.cookie!, b.baseUrl, BODY) }) },
    { key: 'api.php', name: 'POST /api.php, token', target: (b) => ({ paths: ['/api.php'], post: tokenPost(b.token, BODY) }) },
  ];
  const summary: string[] = [];
  let errors = 0;
  for (const s of scenarios.filter((x) => !ONLY || ONLY.includes(x.key))) {
    const loadBefore = load();
    const [a, b] = builds.map((x): Target => ({ label: x.label, server: x.proc!, load: s.target(x) }));
    const r = await alternate(s.name, tool, [a, b], settings);
    errors += r.errors;
    const cpu = (t: typeof r.a) => t.best.cpuUsPerRequest?.toFixed(0) ?? '?';
    summary.push(
      `${s.name}: before ${fmtInt(r.a.best.rps)} req/s (${cpu(r.a)} µs CPU/req), after ${fmtInt(r.b.best.rps)} req/s (${cpu(r.b)} µs CPU/req); ` +
        `after/before ${(r.b.best.rps / r.a.best.rps).toFixed(2)}× req/s, ${((r.b.best.cpuUsPerRequest ?? NaN) / (r.a.best.cpuUsPerRequest ?? NaN)).toFixed(2)}× CPU/req; ` +
        `errors ${r.errors}; steal ≤ ${(r.maxSteal * 100).toFixed(0)}%; load average ${loadBefore} → ${load()}`,
    );
    console.log(summary.at(-1));
  }
  console.log(
    `\nSummary (${new Date().toISOString().slice(0, 16)} UTC; best run of each; CPU/req is the Sling process's${SERVER_URL ? ", PostgreSQL's not in it" : ''})`,
  );
  for (const line of summary) console.log(`  ${line}`);
  for (const b of builds) await stopServer(b.proc!);
  return errors === 0 ? 0 : 1;
}

runBench(main);
