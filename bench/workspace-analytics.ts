// Analytics at scale (issue 35, point 6): a workspace with 10,000,000 clicks (BENCH_WORKSPACE_CLICKS)
// over 30 days on 1,000 links (and a bot's visit for every hundred), with their hourly rollups (per
// link and per workspace) and day sketches as the click writer and the sketch job would have left them. Times, median of 5 after a warm-up, on the primary and on a
// streaming replica of it (tests/helpers/replicated-postgres.ts, 256 MB of shared_buffers each):
//   - the workspace's statistics for the 30 days (target < 200 ms);
//   - the same filtered by a country (target < 1 s): filters read the raw clicks.
// Needs PostgreSQL's server programs; without them it says so and exits 0. A missed target is reported, not an error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { buildVisitorSketches } from '../lib/analytics/build-visitor-sketches';
import { buildWorkspaceSketches } from '../lib/analytics/build-workspace-sketches';
import { getStats } from '../lib/analytics/get-stats';
import { ZStatsRange } from '../lib/analytics/stats-schema';
import { maintainClickPartitions } from '../lib/click-partitions/maintain-click-partitions';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import type { DbHandle, QueryOptions } from '../lib/db/types';
import { ensureDefaultDomain } from '../lib/domains/domain-registry';
import { queryObject } from '../lib/http/operation';
import { parseWith } from '../lib/schemas/parse-input';
import { onCleanup, runBench } from './cleanups';
import { postgresBinaries, startReplicatedPostgres } from '../tests/helpers/replicated-postgres';
import { until } from '../tests/helpers/until';

const CLICKS = Number(process.env.BENCH_WORKSPACE_CLICKS ?? 10_000_000);
const LINKS = 1_000;
const STATS_TARGET_MS = 200;
const FILTERED_TARGET_MS = 1_000;
const COUNTRIES = ['US', 'DE', 'FR', 'GB', 'IN', 'BR', 'JP', 'CA', 'ES', 'IT'];

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await fn();
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[2];
}

/** The five slowest statements `fn` sends through `handle` (ms, the statement's start). */
async function timedStatements(handle: DbHandle, fn: () => Promise<unknown>): Promise<Array<[number, string]>> {
  const query = handle.query;
  const times: Array<[number, string]> = [];
  handle.query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
    const t = performance.now();
    try {
      return await query.call<DbHandle, [string, unknown[] | undefined, QueryOptions | undefined], Promise<R[]>>(handle, text, params, options);
    } finally {
      times.push([performance.now() - t, text.replace(/\s+/g, ' ').trim().slice(0, 110)]);
    }
  };
  try {
    await fn();
  } finally {
    handle.query = query;
  }
  return times.sort((a, b) => b[0] - a[0]).slice(0, 5);
}

export async function seedWorkspaceClicks(handle: DbHandle, url: string) {
  await applyMigrations(handle, url);
  await ensureDefaultDomain(handle, '127.0.0.1');
  await handle.query(
    `INSERT INTO links (workspace_id, domain_id, short_code, long_url)
     SELECT $1, (SELECT id FROM domains LIMIT 1), 'w' || i, 'https://example.com/' || i FROM generate_series(1, $2::int) AS i`,
    [SYSTEM_WORKSPACE_ID, LINKS],
  );
  const countries = `(ARRAY['${COUNTRIES.join("','")}'])[1 + (i % ${COUNTRIES.length})]`;
  // In slices of a million: one statement of ten million rows holds its whole WAL at once.
  for (let done = 0; done < CLICKS; done += 1_000_000) {
    const t = performance.now();
    await handle.query(
      `INSERT INTO clicks (link_id, clicked_at, visitor, country, device, browser, os, trigger)
       SELECT l.id, now() - ((i::float8 / $2) * 30 * 86400) * interval '1 second', md5((i % 200000)::text), ${countries},
              (ARRAY['mobile','desktop','tablet'])[1 + (i % 3)], (ARRAY['Chrome','Safari','Firefox','Edge'])[1 + (i % 4)],
              (ARRAY['iOS','Android','Windows','macOS','Linux'])[1 + (i % 5)], CASE WHEN i % 7 = 0 THEN 'qr' ELSE 'link' END
       FROM generate_series($1::int + 1, least($1::int + 1000000, $2::int)) AS i
       JOIN links l ON l.short_code = 'w' || (1 + i % ${LINKS})`,
      [done, CLICKS],
    );
    console.log(`  clicks ${(done + 1_000_000).toLocaleString('en')} of ${CLICKS.toLocaleString('en')} (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  }
  await handle.query(
    `INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
     SELECT link_id, $1, date_trunc('hour', clicked_at), d.dim, d.value, count(*)
     FROM clicks, LATERAL (VALUES ('', ''), ('country', country), ('device', device), ('browser', browser), ('os', os), ('trigger', trigger)) AS d(dim, value)
     GROUP BY 1, 3, 4, 5`,
    [SYSTEM_WORKSPACE_ID],
  );
  // As the click writer keeps them beside the per-link ones (and migration 0043 fills them).
  await handle.query(
    `INSERT INTO workspace_rollups (workspace_id, hour, dim, value, clicks)
     SELECT workspace_id, hour, dim, value, sum(clicks) FROM click_rollups GROUP BY 1, 2, 3, 4
     UNION ALL SELECT workspace_id, date_trunc('day', hour, 'UTC'), 'link', link_id::text, sum(clicks) FROM click_rollups WHERE dim = '' GROUP BY 1, 2, 4`,
  );
  // Bots' and link previews' visits beside them, one for every hundred clicks: in no count, but in the bots summary.
  await handle.query(
    `INSERT INTO clicks (link_id, clicked_at, country, device, trigger, bot, user_agent)
     SELECT l.id, now() - ((i::float8 / $1) * 30 * 86400) * interval '1 second', ${countries}, 'desktop', 'link', true,
            (ARRAY['Googlebot/2.1', 'facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0', 'Twitterbot/1.0', 'curl/8.5.0'])[1 + (i % 5)]
     FROM generate_series(1, $1::int) AS i JOIN links l ON l.short_code = 'w' || (1 + i % ${LINKS})`,
    [Math.round(CLICKS / 100)],
  );
  await handle.query('UPDATE links l SET clicks = c.n FROM (SELECT link_id, count(*) AS n FROM clicks WHERE NOT bot GROUP BY 1) c WHERE c.link_id = l.id');
  await buildVisitorSketches(handle);
  await buildWorkspaceSketches(handle);
  // The 30 days span two months: last month's clicks move out of the default partition into their
  // own, as the analytics.partitions job would have done at the month's start.
  await maintainClickPartitions(handle, { now: new Date() });
  await handle.query('VACUUM ANALYZE clicks');
  await handle.query('VACUUM ANALYZE click_rollups');
  await handle.query('VACUUM ANALYZE workspace_rollups');
}

async function main(): Promise<number> {
  if (!postgresBinaries()) {
    console.log('Workspace analytics at scale: skipped (no PostgreSQL server programs: apt-get install -y postgresql).');
    return 0;
  }
  const cluster = await startReplicatedPostgres({ sharedBuffers: '256MB' });
  onCleanup(() => cluster.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'sling-bench-analytics-scale-'));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const primary = await openDatabase({ databaseUrl: cluster.primaryUrl, dataDir });
  onCleanup(() => primary.close());
  console.log(`Seeding ${CLICKS.toLocaleString('en')} clicks on ${LINKS} links of one workspace, 30 days…`);
  const seeded = performance.now();
  await seedWorkspaceClicks(primary, cluster.primaryUrl);
  console.log(`  seeded, rolled up and sketched in ${((performance.now() - seeded) / 1000).toFixed(0)} s`);
  const [{ lsn }] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  await until(
    'the replica has replayed the seed',
    async () => (await cluster.onReplica<{ ok: boolean }>(`SELECT pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn AS ok`))[0].ok,
    { timeoutMs: 600_000, intervalMs: 1_000 },
  );
  const replica = await openDatabase({ databaseUrl: cluster.replicaUrl, dataDir });
  onCleanup(() => replica.close());

  const range = parseWith(ZStatsRange, queryObject(new URLSearchParams({ interval: 'day' })));
  const scope = { workspaceId: SYSTEM_WORKSPACE_ID };
  const filtered = { ...scope, filters: { country: ['DE'] } };
  const rows: string[] = [];
  let met = true;
  for (const [name, handle] of [
    ['primary', primary],
    ['replica', replica],
  ] as const) {
    const stats = await getStats(handle, scope, range);
    const statsMs = await median(() => getStats(handle, scope, range));
    const byCountry = await getStats(handle, filtered, range);
    const filteredMs = await median(() => getStats(handle, filtered, range));
    met &&= statsMs < STATS_TARGET_MS && filteredMs < FILTERED_TARGET_MS;
    rows.push(
      `  ${name.padEnd(8)} workspace statistics ${statsMs.toFixed(0).padStart(6)} ms (target < ${STATS_TARGET_MS}; ${stats.clicks.toLocaleString('en')} clicks, ` +
        `${stats.unique_visitors.toLocaleString('en')} visitors)   filtered by a country ${filteredMs.toFixed(0).padStart(6)} ms (target < ${FILTERED_TARGET_MS}; ${byCountry.clicks.toLocaleString('en')} clicks)`,
    );
  }
  // Which statements take the time: one more call of each on the primary, every statement timed.
  for (const [name, s] of [
    ['workspace statistics', scope],
    ['filtered by a country', filtered],
  ] as const) {
    const slowest = await timedStatements(primary, () => getStats(primary, s, range));
    rows.push(`  primary, ${name}, slowest statements (they run side by side):`);
    for (const [ms, text] of slowest) rows.push(`    ${ms.toFixed(0).padStart(6)} ms  ${text}`);
  }
  console.log(`\nWorkspace analytics at scale (${CLICKS.toLocaleString('en')} clicks, ${LINKS} links, 30 days; PostgreSQL primary and streaming replica):`);
  for (const row of rows) console.log(row);
  console.log(met ? 'Targets met.' : 'Targets NOT met.');
  return 0;
}

if (process.argv[1]?.endsWith('workspace-analytics.ts')) runBench(main);
