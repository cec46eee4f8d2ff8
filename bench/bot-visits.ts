// Bots beside the clicks (part of `npm run bench`): a workspace of 1,000 links with 100,000 raw clicks
// over 30 days, one in seven a bot's (lib/analytics/bot-visits.ts reads them raw: bots are in no
// rollup). Times the workspace's bot query and one link's, and the whole workspace statistics with
// and without them, on PGlite and, when BENCH_DATABASE_URL is set, on PostgreSQL. Medians of 5 runs.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SYSTEM_WORKSPACE_ID } from '../db/schema';
import { getBotVisits } from '../lib/analytics/bot-visits';
import { getStats, scopeSql, type StatsScope } from '../lib/analytics/get-stats';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import type { DbHandle } from '../lib/db/types';
import { ensureDefaultDomain } from '../lib/domains/domain-registry';
import { createPostgresDatabase, pgliteDatabase } from './bench-database';

const CLICKS = Number(process.env.BENCH_BOT_CLICKS ?? 100_000);
const LINKS = 1_000;
const DAY = 86_400_000;
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
];
const BOTS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Twitterbot/1.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'curl/8.5.0',
  'python-requests/2.31.0',
];

async function seed(handle: DbHandle, now: number): Promise<number> {
  const links = await handle.query<{ id: number }>(
    `INSERT INTO links (workspace_id, domain_id, short_code, long_url)
     SELECT $1, (SELECT id FROM domains LIMIT 1), 'bot' || i, 'https://example.com/' || i FROM generate_series(1, $2::int) AS i RETURNING id`,
    [SYSTEM_WORKSPACE_ID, LINKS],
  );
  const first = Number(links[0].id);
  // Spread over the links and 30 days; every seventh a bot, its agent one of six.
  await handle.query(
    `INSERT INTO clicks (link_id, clicked_at, user_agent, visitor, device, bot)
     SELECT $1::bigint + (i * 7919) % $2, to_timestamp(($3::float8 - ((i::bigint * 2654435761) % 2592000000)) / 1000.0),
            CASE WHEN i % 7 = 0 THEN ($5::text[])[1 + (i / 7) % 6] ELSE ($4::text[])[1 + i % 2] END,
            'v' || (i % 5000), 'desktop', i % 7 = 0
     FROM generate_series(1, $6::int) AS i`,
    [first, LINKS, now, AGENTS, BOTS, CLICKS],
  );
  await handle.query('ANALYZE clicks');
  await handle.query('ANALYZE links');
  return first;
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await run();
    runs.push(performance.now() - t);
  }
  return runs.sort((a, b) => a - b)[2];
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-bots-'));
  const lines: string[] = [];
  try {
    for (const kind of ['PGlite (embedded)', ...(process.env.BENCH_DATABASE_URL ? ['PostgreSQL'] : [])]) {
      const database =
        kind === 'PostgreSQL' ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL!, join(tmp, 'pg')) : pgliteDatabase(join(tmp, 'pglite'));
      const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        await applyMigrations(handle, database.databaseUrl);
        await ensureDefaultDomain(handle, 'bench.local');
        const now = Date.now();
        const linkId = await seed(handle, now);
        const range = { interval: 'day' as const, from: new Date(now - 30 * DAY), to: new Date(now), tz: 'UTC' };
        const bots = (scope: StatsScope) => {
          const sql = scopeSql(scope, range);
          return getBotVisits(handle, { visits: sql.visits, counted: sql.counted, hours: sql.rawHours, params: sql.params });
        };
        const workspace = { workspaceId: SYSTEM_WORKSPACE_ID };
        const found = await bots(workspace);
        const wsMs = await median(() => bots(workspace));
        const linkMs = await median(() => bots({ linkId }));
        const withMs = await median(() => getStats(handle, workspace, range));
        const withoutMs = await median(() => getStats(handle, workspace, range, { bots: false }));
        lines.push(
          `Bots  ${kind}: ${CLICKS.toLocaleString('en')} clicks, ${found.bots.toLocaleString('en')} of them bots, 30 days, ${LINKS} links`,
          `      workspace bot query ${wsMs.toFixed(1)} ms, one link's ${linkMs.toFixed(1)} ms; workspace statistics ${withMs.toFixed(1)} ms with bots, ${withoutMs.toFixed(1)} ms without`,
          `      load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
        );
      } finally {
        await handle.close();
        await database.drop();
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  console.log(lines.join('\n'));
}

await main();
