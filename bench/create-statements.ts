// The SQL statements PostgreSQL executes per link creation through each token API, for the build
// before a change and this one, counted from PostgreSQL's own statement log: each build gets a
// throw-away database with `log_statement = 'all'` (set on that database only), makes BENCH_CREATIONS
// links one after another per path, and the log lines of that database in that window are sorted by
// what they do. Needs to read the server's log (BENCH_PG_LOG, Debian's default path below):
//   BENCH_DATABASE_URL=postgres://… BENCH_BEFORE=/path/to/other/checkout tsx bench/create-statements.ts
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createPostgresDatabase, seedDatabase } from './bench-database';
import { endChildren, freePort, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import { createBenchAccount, createBenchEnv } from './create-links';

const AFTER = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BEFORE = process.env.BENCH_BEFORE;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const PG_LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const CREATIONS = Number(process.env.BENCH_CREATIONS ?? 100);
const PATHS = ['/api.php', '/api/v1/links', '/api'];

/** What a logged statement does, in the order the patterns are tried. */
const KINDS: Array<[string, RegExp]> = [
  ['insert link (+ event)', /insert into "?links"?/i],
  ['old-code check (link_aliases)', /link_aliases/i],
  ['pg_notify', /pg_notify/i],
  ['pg-boss job insert', /insert into "?pgboss"?\."?job"?/i],
  ['link preview lookup', /link_previews/i],
  // Not the creations': the worker's deep scan of the new links (its sweep and one result row per
  // link), and the job system's and the webhook outbox's polling, which run on a clock.
  ['deep scan (sweep, results)', /link_scans/i],
  ['job and outbox polling', /pgboss|from events|webhook/i],
];

async function main() {
  if (!SERVER_URL) throw new Error('Set BENCH_DATABASE_URL (and BENCH_BEFORE for the build before).');
  const builds = [...(BEFORE ? [{ label: 'before', root: BEFORE }] : []), { label: 'after', root: AFTER }];
  for (const build of builds) await measure(build.label, build.root);
}

async function measure(label: string, root: string) {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-stmts-'));
  const database = await createPostgresDatabase(SERVER_URL!, join(tmp, 'data'));
  const name = new URL(database.databaseUrl!).pathname.slice(1);
  try {
    await seedDatabase(database, '127.0.0.1', []);
    const port = await freePort();
    const env = createBenchEnv(port, join(tmp, 'data'), database.databaseUrl);
    const account = createBenchAccount(AFTER, env);
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} SET log_statement = 'all'`);
    await admin.end();
    const server = startServer({
      group: true,
      name: label,
      args: [join(root, 'bin/sling.mjs'), 'start'],
      env,
      port,
      logFile: join(tmp, `${label}.log`),
      cwd: root,
    });
    await waitUntilAnswering(server, '/readyz', 200);
    const create = async (path: string, n: string) => {
      const body = path === '/api' ? { token: account.token, long_url: `https://example.com/s/${n}` } : { url: `https://example.com/s/${n}` };
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer().catch(() => {});
    };
    for (const path of PATHS) for (let i = 0; i < 5; i++) await create(path, `warm-${i}`); // token and threat-list caches
    await new Promise((r) => setTimeout(r, 1_500)); // the warm-up's coalesced wake-up job goes out before counting
    for (const path of PATHS) {
      const from = statSync(PG_LOG).size;
      const started = Date.now();
      const cpuFrom = processCpuMs(server.child.pid!);
      for (let i = 0; i < CREATIONS; i++) await create(path, `${path}-${i}`);
      const ms = Date.now() - started;
      const cpuUs = ((processCpuMs(server.child.pid!) - cpuFrom) * 1000) / CREATIONS;
      await new Promise((r) => setTimeout(r, 1_000)); // a wake-up job coalesced during the run is sent 500 ms later
      const counts = countStatements(readFrom(PG_LOG, from), name);
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const parts = Object.entries(counts)
        .map(([k, v]) => `${k} ${(v / CREATIONS).toFixed(2)}`)
        .join(', ');
      console.log(
        `${label} ${path}: ${CREATIONS} creations in ${ms} ms, server CPU ${cpuUs.toFixed(0)} µs each (load average ${loadavg()[0].toFixed(1)}); statements per creation ${(total / CREATIONS).toFixed(2)} (${parts})`,
      );
    }
    await stopServer(server);
  } finally {
    await endChildren();
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The process's user + system CPU so far, in ms (Linux: /proc/<pid>/stat, in clock ticks of 10 ms). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function readFrom(path: string, from: number): string {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size - from;
    const buf = Buffer.alloc(Math.max(0, size));
    readSync(fd, buf, 0, buf.length, from);
    return buf.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Statements executed on database `name` (a `LOG:  statement:` or `LOG:  execute …:` entry each, with its continuation lines), by kind. */
function countStatements(log: string, name: string): Record<string, number> {
  const counts: Record<string, number> = {};
  const marker = `@${name} LOG:  `;
  const entries: string[] = [];
  for (const line of log.split('\n')) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length > 0) entries[entries.length - 1] += `\n${line}`;
  }
  for (const entry of entries) {
    const at = entry.indexOf(marker);
    if (at === -1) continue;
    const text = entry.slice(at + marker.length);
    if (!text.startsWith('statement:') && !text.startsWith('execute ')) continue;
    const kind = KINDS.find(([, re]) => re.test(text))?.[0] ?? 'other';
    counts[kind] = (counts[kind] ?? 0) + 1;
    if (process.env.BENCH_SHOW_OTHER && !KINDS.some(([k]) => k === kind)) console.log(`  other: ${text.slice(0, 160).replaceAll('\n', ' ')}`);
  }
  return counts;
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
