// Rollups, statistics, link.clicked, export and retention against every database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { exportClicks, EXPORT_COLUMNS } from '../../../lib/analytics/export-clicks';
import { getStats } from '../../../lib/analytics/get-stats';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { parseWith } from '../../../lib/schemas/parse-input';
import { queryObject } from '../../../lib/http/operation';
import { ZStatsRange } from '../../../lib/analytics/stats-schema';
import type { Click } from '../../../lib/analytics/click';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { createLink } from '../../../lib/links/create-link';
import { deleteLink } from '../../../lib/links/delete-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { parseCsv } from '../../helpers/csv';
import { openTestContext } from '../../helpers/open-test-handle';
import { AGENTS } from '../../helpers/agents';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`analytics on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let write: (batch: Click[]) => Promise<void>;
  let freeUser: TestUser;
  let proUser: TestUser;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    write = clickWriter(ctx.handle, createClickEnricher({ secret: 'analytics-test', geo: openGeoIp(), storeIp: false }));
    freeUser = await makeUser(ctx.handle.db, 'free-user', 'free');
    proUser = await makeUser(ctx.handle.db, 'pro-user', 'pro');
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const click = (linkId: number, at: number, ip: string, userAgent: string | undefined, extra: Partial<Click> = {}): Click => ({
    linkId,
    at,
    ip,
    userAgent,
    referrer: undefined,
    ...extra,
  });
  const range = (q: Record<string, string>) => parseWith(ZStatsRange, queryObject(new URLSearchParams(q)));

  test('breakdowns, unique visitors and bots: counted from rollups, bots and HEAD kept but not counted', async () => {
    const link = await createLink({ url: 'https://example.com/stats', ...freeUser.owns }, ctx);
    const t = Date.now() - 60_000;
    await write([
      click(link.id, t, '8.8.8.8', AGENTS.iphone, { referrer: 'https://news.ycombinator.com/item?id=1' }),
      click(link.id, t + 1, '8.8.8.8', AGENTS.iphone),
      click(link.id, t + 2, '8.8.8.8', AGENTS.chrome, { trigger: 'qr' }),
      click(link.id, t + 3, '81.2.69.160', AGENTS.chrome),
      click(link.id, t + 4, '66.249.66.1', AGENTS.googlebot),
      click(link.id, t + 5, '8.8.8.8', AGENTS.chrome, { head: true }),
    ]);
    const stats = await getStats(ctx.handle, { linkId: link.id }, range({}));
    expect(stats.clicks).toBe(4);
    expect(stats.unique_visitors).toBe(3); // iPhone twice from one address is one visitor
    expect(stats.countries).toEqual([
      { value: 'US', clicks: 3 },
      { value: 'GB', clicks: 1 },
    ]);
    expect(stats.devices).toEqual([
      { value: 'desktop', clicks: 2 },
      { value: 'mobile', clicks: 2 },
    ]);
    expect(stats.browsers).toEqual([
      { value: 'Chrome', clicks: 2 },
      { value: 'Mobile Safari', clicks: 2 },
    ]);
    expect(stats.operating_systems).toEqual([
      { value: 'iOS', clicks: 2 },
      { value: 'Windows', clicks: 2 },
    ]);
    expect(stats.referrers).toEqual([
      { value: '(direct)', clicks: 3 },
      { value: 'news.ycombinator.com', clicks: 1 },
    ]);
    expect(stats.triggers).toEqual([
      { value: 'link', clicks: 3 },
      { value: 'qr', clicks: 1 },
    ]);
    expect(stats.cities[0].value).toMatch(/, US$/);
    const [row] = await ctx.handle.query<{ clicks: number; bots: number }>(
      'SELECT l.clicks, (SELECT count(*) FROM clicks c WHERE c.link_id = l.id AND c.bot)::int AS bots FROM links l WHERE l.id = $1',
      [link.id],
    );
    expect({ clicks: Number(row.clicks), bots: row.bots }).toEqual({ clicks: 4, bots: 2 });
  });

  test('clicks and unique visitors cover the same whole hours: a range ending at 23:00 counts both in the 23:00 hour', async () => {
    const link = await createLink({ url: 'https://example.com/last-hour', ...proUser.owns }, ctx);
    const at = Date.parse('2026-01-10T23:30:00Z');
    await write([click(link.id, at, '8.8.8.8', AGENTS.iphone), click(link.id, at + 1000, '81.2.69.160', AGENTS.chrome)]);
    const stats = await getStats(ctx.handle, { linkId: link.id }, range({ interval: 'hour', from: '2026-01-10T00:00:00Z', to: '2026-01-10T23:00:00Z' }));
    expect({ clicks: stats.clicks, unique_visitors: stats.unique_visitors }).toEqual({ clicks: 2, unique_visitors: 2 });
  });

  test('time series: hourly, daily and weekly buckets, zero-filled, in UTC or a requested time zone', async () => {
    const link = await createLink({ url: 'https://example.com/series', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    const at = (iso: string) => Date.parse(iso);
    await write([
      click(link.id, at('2026-03-09T23:30:00Z'), '8.8.8.8', AGENTS.chrome), // 08:30 on the 10th in Tokyo
      click(link.id, at('2026-03-10T01:10:00Z'), '8.8.8.8', AGENTS.chrome),
      click(link.id, at('2026-03-10T01:50:00Z'), '8.8.8.8', AGENTS.chrome),
      click(link.id, at('2026-03-12T12:00:00Z'), '8.8.8.8', AGENTS.chrome),
    ]);
    const utc = await getStats(ctx.handle, { linkId: link.id }, range({ interval: 'day', from: '2026-03-09T00:00:00Z', to: '2026-03-12T23:59:59Z' }));
    expect(utc.timeseries.points).toEqual([
      { t: '2026-03-09T00:00:00.000Z', clicks: 1 },
      { t: '2026-03-10T00:00:00.000Z', clicks: 2 },
      { t: '2026-03-11T00:00:00.000Z', clicks: 0 },
      { t: '2026-03-12T00:00:00.000Z', clicks: 1 },
    ]);
    const tokyo = await getStats(
      ctx.handle,
      { linkId: link.id },
      range({ interval: 'day', from: '2026-03-09T15:00:00Z', to: '2026-03-12T14:59:59Z', tz: 'Asia/Tokyo' }),
    );
    expect(tokyo.timeseries).toMatchObject({ tz: 'Asia/Tokyo' });
    expect(tokyo.timeseries.points).toEqual([
      { t: '2026-03-09T15:00:00.000Z', clicks: 3 }, // the 10th, Tokyo time
      { t: '2026-03-10T15:00:00.000Z', clicks: 0 },
      { t: '2026-03-11T15:00:00.000Z', clicks: 1 },
    ]);
    const hourly = await getStats(ctx.handle, { linkId: link.id }, range({ interval: 'hour', from: '2026-03-10T00:00:00Z', to: '2026-03-10T02:00:00Z' }));
    expect(hourly.timeseries.points.map((p) => p.clicks)).toEqual([0, 2, 0]);
    const weekly = await getStats(ctx.handle, { linkId: link.id }, range({ interval: 'week', from: '2026-03-01T00:00:00Z', to: '2026-03-15T00:00:00Z' }));
    expect(weekly.timeseries.points).toEqual([
      { t: '2026-02-23T00:00:00.000Z', clicks: 0 },
      { t: '2026-03-02T00:00:00.000Z', clicks: 0 },
      { t: '2026-03-09T00:00:00.000Z', clicks: 4 },
    ]);
    expect(() => range({ tz: 'Mars/Olympus' })).toThrow(/IANA time zone/);
    expect(() => range({ interval: 'minute' })).toThrow(/hour, day or week/);
  });

  test('breakdowns show the top 10 and sum the rest into "(other)"; a workspace sees all its links together', async () => {
    const a = await createLink({ url: 'https://example.com/a', ...proUser.owns }, ctx);
    const b = await createLink({ url: 'https://example.com/b', ...proUser.owns }, ctx);
    const t = Date.now() - 60_000;
    const batch: Click[] = [];
    for (let i = 0; i < 14; i++)
      for (let k = 0; k <= i; k++) batch.push(click(i % 2 ? a.id : b.id, t, '8.8.8.8', AGENTS.chrome, { referrer: `https://site${i}.example/` }));
    await write(batch);
    const stats = await getStats(ctx.handle, { workspaceId: proUser.workspaceId }, range({}));
    expect(stats.clicks).toBe(105);
    expect(stats.referrers).toHaveLength(11);
    expect(stats.referrers[0]).toEqual({ value: 'site13.example', clicks: 14 });
    expect(stats.referrers[10]).toEqual({ value: '(other)', clicks: 1 + 2 + 3 + 4 });
  });

  test('link.clicked is written only for links with a subscribed webhook, with the visitor fields, never for bots', async () => {
    const watched = await createLink({ url: 'https://example.com/watched', ...proUser.owns, alias: `watched-${name}` }, ctx);
    const filtered = await createLink({ url: 'https://example.com/filtered', ...proUser.owns }, ctx);
    const unwatched = await createLink({ url: 'https://example.com/unwatched', ...freeUser.owns }, ctx);
    await ctx.handle.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, link_id) VALUES ('wh_1', $2, 'https://hooks.example/', '{link.clicked}', $1)`,
      [watched.id, proUser.workspaceId],
    );
    await ctx.handle.query(`INSERT INTO webhooks (id, workspace_id, url, events) VALUES ('wh_2', $1, 'https://hooks.example/', '{link.created}')`, [
      freeUser.workspaceId,
    ]);
    const t = Date.now();
    await write([
      click(watched.id, t, '8.8.8.8', AGENTS.iphone, { referrer: 'https://t.co/x' }),
      click(watched.id, t, '8.8.8.8', AGENTS.googlebot),
      click(filtered.id, t, '8.8.8.8', AGENTS.iphone),
      click(unwatched.id, t, '8.8.8.8', AGENTS.iphone),
    ]);
    const events = await ctx.handle.query<{ id: string; link_id: number; workspace_id: string; data: Record<string, any> }>(
      `SELECT id, link_id, workspace_id, data FROM events WHERE type = 'link.clicked'`,
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ id: expect.stringMatching(/^evt_[0-9a-f]{32}$/), link_id: watched.id, workspace_id: proUser.workspaceId });
    expect(events[0].data).toMatchObject({
      short_code: `watched-${name}`,
      long_url: 'https://example.com/watched',
      trigger: 'link',
      visitor: {
        country: 'US',
        device: 'mobile',
        browser: 'Mobile Safari',
        os: 'iOS',
        city: expect.any(String),
        referrer: 'https://t.co/x',
        referrer_host: 't.co',
      },
    });
  });

  test('clicks of a link deleted while they were buffered leave nothing behind; deleting a link removes its rollups', async () => {
    const link = await createLink({ url: 'https://example.com/deleted', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    await write([click(link.id, Date.now(), '8.8.8.8', AGENTS.chrome)]);
    await deleteLink(link, ctx, OPERATOR_SCOPE);
    await write([click(link.id, Date.now(), '8.8.8.8', AGENTS.chrome)]);
    const [left] = await ctx.handle.query<{ clicks: number; rollups: number }>(
      'SELECT (SELECT count(*) FROM clicks WHERE link_id = $1)::int AS clicks, (SELECT count(*) FROM click_rollups WHERE link_id = $1)::int AS rollups',
      [link.id],
    );
    expect(left).toEqual({ clicks: 0, rollups: 0 });
  });

  test('export: CSV and JSON hold the same rows and parse back to them', async () => {
    const link = await createLink({ url: 'https://example.com/export', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    const t = Date.parse('2026-04-01T10:00:00.000Z');
    await write([
      click(link.id, t, '8.8.8.8', AGENTS.iphone, { referrer: 'https://a.example/?q="quoted", with comma' }),
      click(link.id, t + 1000, '81.2.69.160', 'Agent, with "quotes"\nand a newline'),
      click(link.id, t + 2000, '127.0.0.1', undefined, { head: true }),
      click(link.id, t + 3000, '8.8.8.8', '=HYPERLINK("http://x","y")', { referrer: "=cmd|' /C calc'!A0" }),
    ]);
    const r = { from: new Date(t - 1000), to: new Date(t + 10_000) };
    const json = JSON.parse(await new Response(exportClicks(ctx.handle, { linkId: link.id }, r, 'json')).text());
    const csv = parseCsv(await new Response(exportClicks(ctx.handle, { linkId: link.id }, r, 'csv')).text());
    expect(csv[0]).toEqual([...EXPORT_COLUMNS]);
    expect(json).toHaveLength(4);
    const fromCsv = csv
      .slice(1)
      .map((cells) => Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, cells[i] === '' ? null : c === 'bot' ? cells[i] === 'true' : cells[i]])));
    // CSV cells that a spreadsheet would run as formulas carry a leading '; JSON keeps the value as stored.
    const neutralised = (v: unknown) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
    expect(fromCsv).toEqual(json.map((row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, neutralised(v)]))));
    expect(json[3]).toMatchObject({ user_agent: '=HYPERLINK("http://x","y")', referrer: "=cmd|' /C calc'!A0" });
    expect(fromCsv[3]).toMatchObject({ user_agent: `'=HYPERLINK("http://x","y")`, referrer: `'=cmd|' /C calc'!A0` });
    expect(json[0]).toMatchObject({
      clicked_at: '2026-04-01T10:00:00.000Z',
      country: 'US',
      device: 'mobile',
      referrer: 'https://a.example/?q="quoted", with comma',
      bot: false,
      ip: null,
    });
    expect(json[1].user_agent).toBe('Agent, with "quotes"\nand a newline');
    expect(json[2]).toMatchObject({ bot: true, user_agent: null });
    const empty = await new Response(exportClicks(ctx.handle, { linkId: -1 }, r, 'json')).text();
    expect(JSON.parse(empty)).toEqual([]);
  });

  test('export pages through more rows than one page, in order, none twice', async () => {
    const link = await createLink({ url: 'https://example.com/many', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    const t = Date.parse('2026-04-02T00:00:00.000Z');
    // 4,500 clicks, many sharing a timestamp, so pages split inside equal times.
    await write(Array.from({ length: 4500 }, (_, i) => click(link.id, t + Math.floor(i / 7), '8.8.8.8', AGENTS.chrome)));
    const rows = JSON.parse(
      await new Response(exportClicks(ctx.handle, { linkId: link.id }, { from: new Date(t), to: new Date(t + 3_600_000) }, 'json')).text(),
    );
    expect(rows).toHaveLength(4500);
    const times = rows.map((x: { clicked_at: string }) => Date.parse(x.clicked_at));
    expect(times.every((v: number, i: number) => i === 0 || v >= times[i - 1])).toBe(true);
  });

  test("retention: a Free workspace's 31-day-old clicks and rollups are deleted, a Pro workspace's are kept", async () => {
    const free = await createLink({ url: 'https://example.com/free', ...freeUser.owns }, ctx);
    const pro = await createLink({ url: 'https://example.com/pro', ...proUser.owns }, ctx);
    const anonymous = await createLink({ url: 'https://example.com/anon', workspaceId: SYSTEM_WORKSPACE_ID }, ctx);
    const now = Date.now();
    const old = now - 31 * 86_400_000;
    await write([free, pro, anonymous].flatMap((l) => [click(l.id, old, '8.8.8.8', AGENTS.chrome), click(l.id, now - 60_000, '8.8.8.8', AGENTS.chrome)]));
    const count = async (linkId: number) =>
      (
        await ctx.handle.query<{ clicks: number; rollups: number }>(
          `SELECT (SELECT count(*) FROM clicks WHERE link_id = $1)::int AS clicks,
                (SELECT count(*) FROM click_rollups WHERE link_id = $1 AND dim = '')::int AS rollups`,
          [linkId],
        )
      )[0];
    const result = await applyRetention(ctx.handle, { now: new Date(now), batchSize: 1 });
    expect(result.clicks).toBeGreaterThanOrEqual(2);
    expect(await count(free.id)).toEqual({ clicks: 1, rollups: 1 });
    expect(await count(anonymous.id)).toEqual({ clicks: 1, rollups: 1 });
    expect(await count(pro.id)).toEqual({ clicks: 2, rollups: 2 });
    // A year and a day on, the Pro clicks go too.
    await applyRetention(ctx.handle, { now: new Date(now + 366 * 86_400_000) });
    expect(await count(pro.id)).toEqual({ clicks: 0, rollups: 0 });
  });

  test('workspace statistics and export: every link of the workspace, narrowed by link or by member, nothing from elsewhere', async () => {
    const team = await makeUser(ctx.handle.db, `team-owner-${name}`, 'pro');
    const mine = await createLink({ url: 'https://example.com/w1', ...team.owns }, ctx);
    // Another member's link in the same workspace (membership itself does not matter to statistics).
    const theirs = await createLink({ url: 'https://example.com/w2', workspaceId: team.workspaceId, createdBy: null }, ctx);
    const outside = await createLink({ url: 'https://example.com/w3', ...freeUser.owns }, ctx);
    const t = Date.now() - 30_000;
    await write([
      click(mine.id, t, '8.8.8.8', AGENTS.iphone),
      click(mine.id, t + 1, '81.2.69.160', AGENTS.chrome),
      click(theirs.id, t + 2, '8.8.8.8', AGENTS.chrome),
      click(outside.id, t + 3, '8.8.8.8', AGENTS.chrome),
    ]);
    const all = await getStats(ctx.handle, { workspaceId: team.workspaceId }, range({}));
    expect(all.clicks).toBe(3);
    expect(all.countries).toEqual([
      { value: 'US', clicks: 2 },
      { value: 'GB', clicks: 1 },
    ]);
    const byLink = await getStats(ctx.handle, { workspaceId: team.workspaceId, linkId: theirs.id }, range({}));
    expect(byLink.clicks).toBe(1);
    const byMember = await getStats(ctx.handle, { workspaceId: team.workspaceId, createdBy: team.userId }, range({}));
    expect(byMember.clicks).toBe(2);
    expect(byMember.unique_visitors).toBe(2);
    // Another workspace's link as a filter finds nothing here.
    expect((await getStats(ctx.handle, { workspaceId: team.workspaceId, linkId: outside.id }, range({}))).clicks).toBe(0);
    const exported = JSON.parse(
      await new Response(exportClicks(ctx.handle, { workspaceId: team.workspaceId }, { from: new Date(t - 1000), to: new Date() }, 'json')).text(),
    );
    expect(exported.map((r: { short_code: string }) => r.short_code).sort()).toEqual([mine.shortCode, mine.shortCode, theirs.shortCode].sort());
    const csv = parseCsv(
      await new Response(
        exportClicks(ctx.handle, { workspaceId: team.workspaceId, createdBy: team.userId }, { from: new Date(t - 1000), to: new Date() }, 'csv'),
      ).text(),
    );
    expect(csv[0].slice(0, 3)).toEqual(['link_id', 'short_code', 'clicked_at']);
    expect(csv).toHaveLength(3);
  });
});
