// Analytics benchmarks (part of `npm run bench`):
// 1. Click ingestion: clicks pushed into the edge's click buffer as fast as it takes them, written
//    by the real writer (enrichment with the bundled GeoIP database and user-agent parsing, raw rows,
//    hourly rollups, counters) until every one is stored, counts included. Prints clicks/s (target
//    ≥ 50,000/s) and the CPU a click costs, steadier than clicks/s on a shared machine. By default
//    through the click writer's thread as the server runs it; BENCH_INGEST_MODES=inline,thread also
//    runs the writer in this thread one batch at a time (the server before), alternating.
// 2. Statistics on a link with 1,000,000 clicks over 30 days: the daily series (target < 100 ms on
//    PostgreSQL), unique visitors from the day sketches (< 100 ms) and the whole stats answer
//    (< 150 ms), before and after the sketch backfill, on PostgreSQL when BENCH_DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { createClickEnricher } from '../lib/analytics/enrich-click';
import { openGeoIp } from '../lib/analytics/geoip';
import { buildVisitorSketches } from '../lib/analytics/build-visitor-sketches';
import { getSeries, getStats, scopeSql } from '../lib/analytics/get-stats';
import { countUniqueVisitors } from '../lib/analytics/unique-visitors';
import { parseWith } from '../lib/schemas/parse-input';
import { queryObject } from '../lib/http/operation';
import { ZStatsFilters, ZStatsRange } from '../lib/analytics/stats-schema';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import type { DbHandle } from '../lib/db/types';
import { ensureDefaultDomain } from '../lib/domains/domain-registry';
import type { Click } from '../lib/analytics/click';
import { ClickBuffer } from '../lib/edge/click-buffer';
import { CLICK_COUNTS_HOLD_MS, clickWriter } from '../lib/edge/write-clicks';
import { startClickWriterThread } from '../lib/edge/click-writer-thread';
import { processCpuSeconds, threadCpuSeconds } from './cpu-usage';
import { createPostgresDatabase, pgliteDatabase, type BenchDatabase } from './bench-database';

const INGEST_CLICKS = Number(process.env.BENCH_INGEST_CLICKS ?? 300_000);
const LINKS = Number(process.env.BENCH_INGEST_LINKS ?? 1_000);
const SERIES_CLICKS = Number(process.env.BENCH_SERIES_CLICKS ?? 1_000_000);

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];
const REFERRERS = [undefined, undefined, 'https://news.ycombinator.com/item?id=1', 'https://t.co/abc', 'https://www.google.com/', 'https://www.reddit.com/r/x'];

/** A varied, repeatable stream of clicks: 1,000 links, 5,000 public addresses, 7 agents (one a bot). */
function syntheticClicks(linkIds: number[], n: number, start: number): Click[] {
  let seed = 42;
  const rand = (k: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % k;
  const ips = Array.from({ length: 5_000 }, (_, i) => `${[8, 81, 66, 151, 185, 203][i % 6]}.${(i * 7) % 250}.${(i * 13) % 250}.${(i % 250) + 1}`);
  return Array.from({ length: n }, (_, i) => ({
    linkId: linkIds[rand(linkIds.length)],
    at: start + i,
    ip: ips[rand(ips.length)],
    userAgent: AGENTS[rand(AGENTS.length)],
    referrer: REFERRERS[rand(REFERRERS.length)],
  }));
}

async function openBench(database: BenchDatabase): Promise<DbHandle> {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  await applyMigrations(handle, database.databaseUrl);
  await ensureDefaultDomain(handle, 'bench.local');
  return handle;
}

async function seedLinks(handle: DbHandle, n: number, prefix: string): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `INSERT INTO links (workspace_id, domain_id, short_code, long_url)
     SELECT $3, (SELECT id FROM domains LIMIT 1), $1 || i, 'https://example.com/' || i FROM generate_series(1, $2::int) AS i RETURNING id`,
    [prefix, n, SYSTEM_WORKSPACE_ID],
  );
  return rows.map((r) => Number(r.id));
}

/** CPU seconds of the database's server processes (PostgreSQL backends on this machine), by pid. */
async function backendCpu(handle: DbHandle): Promise<Map<number, number>> {
  if (handle.kind !== 'postgres') return new Map();
  const rows = await handle.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return new Map(rows.map((r) => [r.pid, processCpuSeconds(r.pid) ?? 0]));
}

type IngestMode = 'inline' | 'thread';
interface Ingested {
  mode: IngestMode;
  perSecond: number;
  stored: number;
  counted: number;
  expectedCounted: number;
  ms: number;
  cpuUs: number;
  mainUs: number;
  serverUs: number;
}
let ingestRuns = 0;

/** `inline`: the writer in this thread, one batch at a time (the server before its writer thread);
 *  `thread`: what the server does now — the click writer's own thread, two batches in flight. */
async function ingestion(handle: DbHandle, database: BenchDatabase, mode: IngestMode): Promise<Ingested> {
  const linkIds = await seedLinks(handle, LINKS, `ingest${ingestRuns++}-`);
  const clicks = syntheticClicks(linkIds, INGEST_CLICKS, Date.now() - 3_600_000);
  const counting = createClickEnricher({ secret: 'bench-secret', geo: openGeoIp(), storeIp: false });
  const expectedCounted = clicks.filter((c) => !counting(c).bot).length;
  // Each mode starts with a cold enricher (the thread's is too).
  const writer =
    mode === 'thread'
      ? startClickWriterThread({
          secret: 'bench-secret',
          storeIp: false,
          database: () => (database.databaseUrl ? { databaseUrl: database.databaseUrl } : { pglitePort: handle.connectPort!() }),
        })
      : Object.assign(
          clickWriter(handle, createClickEnricher({ secret: 'bench-secret', geo: openGeoIp(), storeIp: false }), { holdMs: CLICK_COUNTS_HOLD_MS }),
          {
            close: async () => {},
          },
        );
  const write = 'write' in writer ? writer.write : writer;
  // As in a running server: the writer (and its thread, modules and connections) already up, the
  // GeoIP file read. Clicks of a link id no row has are dropped by the live-link check.
  await write(syntheticClicks([0], 2_000, Date.now()));
  const buffer = new ClickBuffer({ write, settle: writer.settle, flushMs: 50, maxInFlight: mode === 'thread' ? 2 : 1 });
  buffer.start();
  const serverBefore = await backendCpu(handle);
  const cpuBefore = process.cpuUsage(); // every thread: the writer's and PGlite's
  const mainBefore = threadCpuSeconds(process.pid) ?? 0;
  const started = performance.now();
  for (let i = 0; i < clicks.length; i++) {
    buffer.push(clicks[i]);
    if (i % 5_000 === 4_999) await new Promise((r) => setImmediate(r)); // let flushes run, as requests would
  }
  while (buffer.written < clicks.length) await new Promise((r) => setTimeout(r, 5));
  await buffer.stop(); // the counts still held are part of the work
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const mainS = (threadCpuSeconds(process.pid) ?? 0) - mainBefore;
  let serverS = 0; // read before the thread's own connections close
  for (const [pid, s] of await backendCpu(handle)) serverS += s - (serverBefore.get(pid) ?? 0);
  await writer.close();
  const [row] = await handle.query<{ stored: number; counted: number }>(
    `SELECT (SELECT count(*) FROM clicks WHERE link_id = ANY($1))::int AS stored,
            (SELECT coalesce(sum(clicks), 0) FROM click_rollups WHERE link_id = ANY($1) AND dim = '')::int AS counted`,
    [linkIds],
  );
  return {
    mode,
    perSecond: (clicks.length / ms) * 1000,
    stored: row.stored,
    counted: row.counted,
    expectedCounted,
    ms,
    cpuUs: (cpu.user + cpu.system) / clicks.length,
    mainUs: (mainS * 1e6) / clicks.length,
    serverUs: (serverS * 1e6) / clicks.length,
  };
}

interface StatsTimes {
  seriesMs: number;
  statsMs: number;
  exactMs: number;
  uniquesMs: number;
  backfillMs: number;
  backfillCpuMs: number;
  exact: number;
  estimate: number;
  points: number;
  total: number;
}

async function seriesQuery(handle: DbHandle): Promise<StatsTimes> {
  const [linkId] = await seedLinks(handle, 1, 'popular');
  // A million clicks spread over the last 30 days, and their hourly rollups.
  await handle.query(
    `INSERT INTO clicks (link_id, clicked_at, visitor, country, device, browser, os, trigger)
     SELECT $1, now() - (i * 2.592) * interval '1 second', md5((i % 50000)::text), 'US', 'mobile', 'Mobile Safari', 'iOS', 'link'
     FROM generate_series(1, $2::int) AS i`,
    [linkId, SERIES_CLICKS],
  );
  await handle.query(
    `INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
     SELECT link_id, $2, date_trunc('hour', clicked_at), d.dim, d.value, count(*)
     FROM clicks, LATERAL (VALUES ('', ''), ('country', country), ('device', device), ('browser', browser), ('os', os), ('trigger', trigger)) AS d(dim, value)
     WHERE link_id = $1 GROUP BY 1, 3, 4, 5`,
    [linkId, SYSTEM_WORKSPACE_ID],
  );
  await handle.query('ANALYZE clicks');
  await handle.query('ANALYZE click_rollups');
  const range = parseWith(ZStatsRange, queryObject(new URLSearchParams({ interval: 'day' })));
  const time = async (fn: () => Promise<unknown>) => {
    await fn(); // warm
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await fn();
      runs.push(performance.now() - t);
    }
    return runs.sort((a, b) => a - b)[2]; // median
  };
  const points = await getSeries(handle, { linkId }, range);
  const seriesMs = await time(() => getSeries(handle, { linkId }, range));
  const scope = { linkId };
  const exactMs = await time(() => getStats(handle, scope, range)); // before any sketch: visitors counted over the raw clicks
  const [{ n: exact }] = await handle.query<{ n: number }>(
    `SELECT count(DISTINCT visitor)::int AS n FROM clicks WHERE link_id = $1 AND NOT bot AND clicked_at >= date_trunc('hour', $2::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', $3::timestamptz, 'UTC') + interval '1 hour'`,
    [linkId, range.from.toISOString(), range.to.toISOString()],
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  await buildVisitorSketches(handle);
  const backfillMs = performance.now() - started;
  const backfillCpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
  const { rollups: sketches, clicks, params } = scopeSql(scope, range);
  const estimate = await countUniqueVisitors(handle, { sketches, clicks, params }, range);
  const uniquesMs = await time(() => countUniqueVisitors(handle, { sketches, clicks, params }, range));
  const statsMs = await time(() => getStats(handle, scope, range));
  return {
    seriesMs,
    statsMs,
    exactMs,
    uniquesMs,
    backfillMs,
    backfillCpuMs,
    exact,
    estimate,
    points: points.length,
    total: points.reduce((s, p) => s + p.clicks, 0),
  };
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-analytics-'));
  const results: string[] = [];
  let failed = false;
  const targets: Array<[string, number, (kind: string) => boolean]> = [];
  for (const kind of ['PGlite (embedded)', ...(process.env.BENCH_DATABASE_URL ? ['PostgreSQL'] : [])]) {
    const database =
      kind === 'PostgreSQL' ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL!, join(tmp, 'pg')) : pgliteDatabase(join(tmp, 'pglite'));
    const handle = await openBench(database);
    try {
      // Alternating, in the same run: BENCH_INGEST_MODES (default thread; inline,thread compares) × BENCH_INGEST_ROUNDS.
      const modes = (process.env.BENCH_INGEST_MODES ?? 'thread').split(',') as IngestMode[];
      let ingest: Ingested | undefined;
      for (let round = 0; round < Number(process.env.BENCH_INGEST_ROUNDS ?? 1); round++) {
        for (const mode of modes) {
          const run = await ingestion(handle, database, mode);
          if (mode === modes.at(-1)) ingest = run;
          const lost = run.stored !== INGEST_CLICKS || run.counted !== run.expectedCounted;
          failed ||= lost;
          results.push(
            `Ingestion  ${kind}, writer ${mode}: ${fmt(INGEST_CLICKS)} clicks stored with rollups in ${(run.ms / 1000).toFixed(1)} s = ${fmt(run.perSecond)} clicks/s` +
              ` (${fmt(run.stored)} rows, ${fmt(run.counted)} counted, ${fmt(INGEST_CLICKS - run.expectedCounted)} bots kept uncounted)${lost ? '  LOST CLICKS' : ''}`,
            `           CPU a click: ${run.cpuUs.toFixed(1)} µs in this process (main thread ${run.mainUs.toFixed(1)})` +
              `${kind === 'PostgreSQL' ? ` + ${run.serverUs.toFixed(1)} µs in its PostgreSQL backends` : ' (its PGlite thread included)'}; load average ${loadavg()
                .map((l) => l.toFixed(1))
                .join(' ')}`,
          );
        }
      }
      targets.push([`click ingestion ≥ 50,000/s (${kind})`, ingest!.perSecond, () => ingest!.perSecond >= 50_000]);
      const series = await seriesQuery(handle);
      const error = (series.estimate - series.exact) / series.exact;
      results.push(
        `Statistics ${kind}: 30-day daily series on a link with ${fmt(SERIES_CLICKS)} clicks: ${series.seriesMs.toFixed(1)} ms` +
          ` (${series.points} points, ${fmt(series.total)} clicks); whole stats answer: ${series.statsMs.toFixed(0)} ms with visitor sketches` +
          ` (${series.exactMs.toFixed(0)} ms counting visitors over the raw clicks, ${(series.exactMs / series.statsMs).toFixed(1)}× slower)`,
        `Uniques    ${kind}: ${series.uniquesMs.toFixed(1)} ms for the 30 days (${fmt(series.estimate)} estimated, ${fmt(series.exact)} exact,` +
          ` error ${(error * 100).toFixed(2)} %); sketch backfill of 30 days: ${(series.backfillMs / 1000).toFixed(1)} s (${fmt(series.backfillCpuMs)} ms CPU in this process)`,
      );
      if (kind === 'PostgreSQL') {
        targets.push(['30-day daily series < 100 ms (PostgreSQL)', series.seriesMs, () => series.seriesMs < 100]);
        targets.push(['30-day unique visitors < 100 ms (PostgreSQL)', series.uniquesMs, () => series.uniquesMs < 100]);
        targets.push(['whole stats answer < 150 ms (PostgreSQL)', series.statsMs, () => series.statsMs < 150]);
      }
    } finally {
      await handle.close();
      await database.drop();
    }
  }
  console.log('\nAnalytics (median of 5 for queries; enrichment with the bundled DB-IP database)');
  for (const line of results) console.log(`  ${line}`);
  for (const [label, , ok] of targets) console.log(`Target  ${label.padEnd(44)} ${ok('') ? 'PASS' : 'BELOW'}`);
  if (!process.env.BENCH_DATABASE_URL) console.log('  (set BENCH_DATABASE_URL=postgres://… for the PostgreSQL figures)');
  rmSync(tmp, { recursive: true, force: true });
  return failed ? 1 : 0;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en');
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
