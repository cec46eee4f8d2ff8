// A filtered statistics query's one read of the raw clicks (lib/analytics/filtered-counts.ts) against
// every database: its GROUPING SETS give the same numbers as one statement per number, on clicks
// with every kind of unknown (no country; a region unknown in two countries; no city, referrer or
// rule), over several links and hours.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { filteredCounts } from '../../../lib/analytics/filtered-counts';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

describe(`filtered counts on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    // 600 clicks on links 9001–9003 over five hours; the places and the rest cycle with different periods.
    await ctx.handle.query(
      `INSERT INTO clicks (link_id, clicked_at, country, region, city, device, browser, os, referrer_host, trigger, rule_id, bot)
       SELECT 9001 + i % 3, '2026-03-01T10:00:00Z'::timestamptz + i * interval '29 seconds',
              (ARRAY['US', 'DE', NULL, 'US', 'DE'])[1 + i % 5],
              (ARRAY['California', NULL, NULL, NULL, 'Bavaria'])[1 + i % 5],
              (ARRAY['San Francisco', NULL, NULL, NULL, 'Munich'])[1 + i % 5],
              (ARRAY['desktop', 'mobile', NULL])[1 + i % 3],
              (ARRAY['Chrome', 'Firefox', 'Safari', NULL])[1 + i % 4],
              (ARRAY['Linux', 'iOS', NULL, 'Windows', 'macOS', 'Android', NULL])[1 + i % 7],
              (ARRAY['news.example', NULL])[1 + i % 2],
              (ARRAY['link', 'qr'])[1 + (i / 5) % 2],
              (ARRAY['r1', NULL, NULL, 'r2'])[1 + i % 4],
              i % 11 = 0
       FROM generate_series(0, 599) AS i`,
    );
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('one read gives what one statement per number gives', async () => {
    const where = `link_id = ANY($1::bigint[]) AND NOT bot AND country IS DISTINCT FROM 'FR'`;
    const params = [[9001, 9002, 9003]];
    const got = await filteredCounts(ctx.handle, where, params);

    const labels = `(VALUES ('country', coalesce(country, '')),
      ('region', CASE WHEN region IS NULL THEN '' ELSE concat_ws(', ', region, country) END),
      ('city', CASE WHEN city IS NULL THEN '' ELSE concat_ws(', ', city, region, country) END),
      ('device', coalesce(device, '')), ('browser', coalesce(browser, '')), ('os', coalesce(os, '')),
      ('referrer', coalesce(referrer_host, '')), ('trigger', coalesce(trigger, '')), ('rule', coalesce(rule_id, ''))) AS d(dim, value)`;
    const dims = await ctx.handle.query<{ dim: string; value: string; clicks: number }>(
      `SELECT d.dim, d.value, count(*)::int AS clicks FROM clicks, LATERAL ${labels} WHERE ${where} GROUP BY 1, 2`,
      params,
    );
    const links = await ctx.handle.query<{ linkId: number; n: number }>(
      `SELECT link_id::int AS "linkId", count(*)::int AS n FROM clicks WHERE ${where} GROUP BY 1`,
      params,
    );
    const hours = await ctx.handle.query<{ hour: Date; n: number }>(
      `SELECT date_trunc('hour', clicked_at, 'UTC') AS hour, count(*)::int AS n FROM clicks WHERE ${where} GROUP BY 1`,
      params,
    );
    const [total] = await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM clicks WHERE ${where}`, params);

    const byKey = <T>(rows: T[], key: (r: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
    expect(got.clicks).toBe(total.n);
    expect(got.clicks).toBe(545); // 600 less the 55 bots
    expect(byKey(got.dims, (d) => `${d.dim} ${d.value}`)).toEqual(byKey(dims, (d) => `${d.dim} ${d.value}`));
    // The unknowns that read alike are one entry each: a region unknown in the US, Germany and nowhere.
    expect(got.dims.filter((d) => d.dim === 'region' && d.value === '')).toHaveLength(1);
    expect(got.dims.find((d) => d.dim === 'city' && d.value === 'Munich, Bavaria, DE')?.clicks).toBeGreaterThan(0);
    expect(byKey(got.links, (l) => String(l.linkId))).toEqual(byKey(links, (l) => String(l.linkId)));
    expect(got.hours.map((h) => [new Date(h.hour).toISOString(), h.n]).sort()).toEqual(hours.map((h) => [new Date(h.hour).toISOString(), h.n]).sort());
    expect(got.hours).toHaveLength(5);
  });
});
