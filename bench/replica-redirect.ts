// Redirect throughput with links loaded from a read replica (issue 35; docs/self-hosting/scale-out.md#read-replicas):
// a PostgreSQL primary and a streaming replica made for the run (tests/helpers/replicated-postgres.ts),
// 10,000 links at random through a link cache of 100 entries, so nearly every visit loads its link
// from the database. Sling on the primary alone and Sling with DATABASE_REPLICA_URLS take turns
// (bench/alternate.ts); the report gives both, their ratio, CPU per redirect, and the queries each
// database ran during the replica's runs (its share of the link loads). Needs PostgreSQL's server
// programs (initdb, pg_basebackup); without them it says so and exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { alternate, fmtInt } from './alternate';
import { benchSlingEnv, seedDatabase, type BenchDatabase, type SeedLink } from './bench-database';
import { onCleanup, runBench } from './cleanups';
import { pickLoadTool } from './load-tool';
import { endChildren, freePort, startServer, stopServer, waitUntilAnswering, type ServerProcess } from '../tests/helpers/processes';
import { postgresBinaries, startReplicatedPostgres } from '../tests/helpers/replicated-postgres';
import { until } from '../tests/helpers/until';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LINKS = 10_000;
const MANY: SeedLink[] = Array.from({ length: LINKS }, (_, i) => ({ code: `r${String(i).padStart(5, '0')}`, url: `https://example.com/r/${i}` }));
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function main(): Promise<number> {
  if (!postgresBinaries()) {
    console.log('Replica redirects: skipped (no PostgreSQL server programs: apt-get install -y postgresql).');
    return 0;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-replica-'));
  onCleanup(() => rmSync(tmp, { recursive: true, force: true }));
  onCleanup(() => endChildren());
  const cluster = await startReplicatedPostgres();
  onCleanup(() => cluster.close());
  const database: BenchDatabase = {
    label: 'a PostgreSQL primary and one streaming replica',
    dataDir: join(tmp, 'data'),
    databaseUrl: cluster.primaryUrl,
    drop: async () => {},
  };
  await seedDatabase(database, '127.0.0.1', MANY);
  await until('the replica holds the links', async () => (await cluster.onReplica<{ n: number }>('SELECT count(*)::int AS n FROM links'))[0].n === LINKS, {
    timeoutMs: 60_000,
  });

  const start = async (label: string, extra: Record<string, string>): Promise<ServerProcess> => {
    const port = await freePort();
    const server = startServer({
      group: true,
      name: label,
      args: [join(ROOT, 'bin/sling.mjs'), 'start'],
      env: {
        ...benchSlingEnv(database, `http://127.0.0.1:${port}`, join(tmp, `loop-delay-${port}.json`)),
        // The smallest cache: nearly every visit of 10,000 links loads its link.
        CACHE_MAX_ENTRIES: '100',
        ...extra,
      },
      port,
      logFile: join(tmp, `sling-${port}.log`),
      cwd: ROOT,
    });
    await waitUntilAnswering(server, '/readyz', 200);
    return server;
  };
  const primaryOnly = await start('primary', {});
  const withReplica = await start('replica', { DATABASE_REPLICA_URLS: cluster.replicaUrl });
  const { tool } = pickLoadTool(tmp);
  const load = { paths: MANY.map((l) => `/${l.code}`), userAgent: BROWSER };

  const transactions = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return Number((await c.query("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = 'sling'")).rows[0].n);
    } finally {
      await c.end();
    }
  };
  // Statistics counters reach pg_stat_database within a second or so of each transaction.
  const before = { primary: await transactions(cluster.primaryUrl), replica: await transactions(cluster.replicaUrl) };
  const result = await alternate(
    '10,000 links, cache of 100',
    tool,
    [
      { label: 'primary only', server: primaryOnly, load },
      { label: 'with a replica', server: withReplica, load },
    ],
    { connections: 50, warmupSeconds: 3, seconds: 6, rounds: 3 },
  );
  await new Promise((r) => setTimeout(r, 1_500));
  const after = { primary: await transactions(cluster.primaryUrl), replica: await transactions(cluster.replicaUrl) };
  await stopServer(withReplica);
  await stopServer(primaryOnly);

  const { a, b } = result;
  const cpu = (us?: number) => (us === undefined ? 'n/a' : `${us.toFixed(1)} µs`);
  console.log(`\nReplica redirects (${tool.name}; ${database.label}):`);
  console.log(`  primary only:   ${fmtInt(a.best.rps)} req/s, p99 ${a.best.p99Ms.toFixed(2)} ms, Sling CPU ${cpu(a.best.cpuUsPerRequest)} per redirect`);
  console.log(`  with a replica: ${fmtInt(b.best.rps)} req/s, p99 ${b.best.p99Ms.toFixed(2)} ms, Sling CPU ${cpu(b.best.cpuUsPerRequest)} per redirect`);
  console.log(`  ratio (with a replica / primary only): ${(b.best.rps / a.best.rps).toFixed(3)}×`);
  console.log(
    `  transactions during both servers' runs: primary ${fmtInt(after.primary - before.primary)}, replica ${fmtInt(after.replica - before.replica)} ` +
      "(the replica's are link loads and lag checks; the primary's include the clicks written by both)",
  );
  if (result.errors > 0) console.log(`  ERRORS: ${result.errors} bad statuses or socket errors`);
  return result.errors > 0 ? 1 : 0;
}

runBench(main);
