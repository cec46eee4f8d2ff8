// Migration 0043 (workspace rollups, the bots' index) on a populated database of the previous schema:
// the workspace rollups are filled from the per-link rollups already there, so every workspace's
// statistics (now read from them) are what its raw clicks and per-link rollups say; and the click
// writer keeps both from then on.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { getStats, type Stats } from '../../../lib/analytics/get-stats';
import { ZStatsRange } from '../../../lib/analytics/stats-schema';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { queryObject } from '../../../lib/http/operation';
import { parseWith } from '../../../lib/schemas/parse-input';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 43; // migrations 0000–0042
const WORKSPACES = ['ws1', 'ws2', 'ws3'];
/** The per-link hourly rollups the click writer would have left, every dimension (rules: none chosen). */
const ROLL_UP = `
INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
SELECT c.link_id, l.workspace_id, date_trunc('hour', c.clicked_at), d.dim, d.value, count(*)
FROM clicks c JOIN links l ON l.id = c.link_id,
LATERAL (VALUES ('', ''), ('country', coalesce(c.country, '')), ('region', ''), ('city', ''), ('device', coalesce(c.device, '')),
  ('browser', coalesce(c.browser, '')), ('os', coalesce(c.os, '')), ('referrer', coalesce(c.referrer_host, '')), ('trigger', c.trigger)) AS d(dim, value)
WHERE NOT c.bot GROUP BY 1, 2, 3, 4, 5`;

describe(`migration to workspace rollups on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;
  const range = parseWith(ZStatsRange, queryObject(new URLSearchParams({ interval: 'day' })));

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(`INSERT INTO workspaces (id, name, slug, plan) SELECT 'ws' || n, 'Team ' || n, 'team-' || n, 'pro' FROM generate_series(1, 3) AS n`);
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, count_bots)
           SELECT 'ws' || (n % 3 + 1), $1, 'p' || n, 'https://example.com/' || n, n = 4 FROM generate_series(1, 12) AS n`,
          [domainId],
        );
        await db.query(
          `INSERT INTO clicks (link_id, clicked_at, visitor, country, device, browser, os, referrer_host, trigger, bot, user_agent)
           SELECT l.id, now() - (n * 7 || ' minutes')::interval, 'v' || (n % 150), (ARRAY['FR', 'DE', NULL])[1 + n % 3],
                  (ARRAY['mobile', 'desktop'])[1 + n % 2], (ARRAY['Chrome', 'Safari', NULL])[1 + n % 3], 'iOS',
                  (ARRAY['t.co', NULL])[1 + n % 2], CASE WHEN n % 5 = 0 THEN 'qr' ELSE 'link' END, n % 7 = 0, CASE WHEN n % 7 = 0 THEN 'Googlebot/2.1' END
           FROM generate_series(1, 3000) AS n JOIN links l ON l.short_code = 'p' || (n % 12 + 1)`,
        );
        await db.query(ROLL_UP);
        const [row] = await db.query<{ rows: number; clicks: number }>(
          `SELECT count(*)::int AS rows, sum(clicks) FILTER (WHERE dim = '')::int AS clicks FROM click_rollups`,
        );
        return row;
      },
      async after(db) {
        const differ = await db.query(
          `WITH summed AS (
             SELECT workspace_id, hour, dim, value, sum(clicks)::int AS n FROM click_rollups GROUP BY 1, 2, 3, 4
             UNION ALL SELECT workspace_id, date_trunc('day', hour, 'UTC'), 'link', link_id::text, sum(clicks)::int FROM click_rollups WHERE dim = '' GROUP BY 1, 2, 4),
                kept AS (SELECT workspace_id, hour, dim, value, clicks AS n FROM workspace_rollups)
           SELECT * FROM summed FULL JOIN kept USING (workspace_id, hour, dim, value) WHERE summed.n IS DISTINCT FROM kept.n`,
        );
        const stats: Array<[Stats, Stats]> = [];
        for (const workspaceId of WORKSPACES) {
          stats.push([
            await getStats(db, { workspaceId }, range),
            // A filter every click passes: every number from the raw clicks.
            await getStats(db, { workspaceId, filters: { trigger: ['link', 'qr'] } }, range),
          ]);
        }
        // The click writer keeps both afterwards.
        const [link] = await db.query<{ id: number }>(`SELECT id::int AS id FROM links WHERE short_code = 'p1'`);
        const write = clickWriter(db, createClickEnricher({ secret: 'migration-test', geo: openGeoIp(), storeIp: false }));
        const before = await getStats(db, { workspaceId: 'ws2' }, range);
        await write([{ linkId: link.id, at: Date.now(), ip: '8.8.8.8', userAgent: undefined, referrer: undefined }]);
        const after = await getStats(db, { workspaceId: 'ws2' }, range);
        return { differ, stats, added: after.clicks - before.clicks };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  }, 120_000);
  afterAll(async () => {
    await tdb?.drop();
  });

  test("the workspace rollups are the per-link ones summed; each workspace's statistics are its raw clicks'", () => {
    expect(result.before.rows).toBeGreaterThan(500);
    expect(result.after.differ).toEqual([]);
    for (const [rolled, raw] of result.after.stats) {
      expect(rolled.clicks).toBeGreaterThan(0);
      expect(rolled.bots).toBeGreaterThan(0);
      expect(rolled).toEqual(raw);
    }
    expect(result.after.stats.reduce((s, [rolled]) => s + rolled.clicks - (rolled.bots_counted ?? 0), 0)).toBe(result.before.clicks);
    expect(result.after.added).toBe(1);
  });
});
