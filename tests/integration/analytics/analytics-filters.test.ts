// Filtered statistics against every database: a dimension filter narrows every number (totals,
// visitors, breakdowns, the series), read from the raw clicks; the raw reading agrees with the
// rollups' when the filter lets everything through; the workspace scope holds under filters.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { getStats } from '../../../lib/analytics/get-stats';
import { getPreviousPeriod, previousRange } from '../../../lib/analytics/previous-period';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { parseWith } from '../../../lib/schemas/parse-input';
import { queryObject } from '../../../lib/http/operation';
import { ZStatsFilters, ZStatsRange } from '../../../lib/analytics/stats-schema';
import type { Click } from '../../../lib/analytics/click';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { AppError } from '../../../lib/core/errors';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { makeUser } from '../../helpers/workspace-fixtures';

const filters = (q: string) => parseWith(ZStatsFilters, queryObject(new URLSearchParams(q)));

describe('statistics filters: parsing', () => {
  test('values are kept as given (countries upper-cased, repeats merged); a bad shape is a 400 naming the parameter', () => {
    expect(filters('country=fr&device=toaster&referrer=(direct)&country=FR&trigger=qr&os=iOS&browser=Chrome')).toEqual({
      country: ['FR'],
      device: ['toaster'],
      referrer: ['(direct)'],
      trigger: ['qr'],
      os: ['iOS'],
      browser: ['Chrome'],
    });
    expect(filters('interval=day&link_id=3')).toEqual({});
    const refusal = (q: string) => {
      try {
        filters(q);
      } catch (err) {
        return err instanceof AppError ? { status: err.status, details: err.details } : err;
      }
      return 'accepted';
    };
    expect(refusal('country=FRA')).toMatchObject({ status: 400, details: { country: expect.stringContaining('two-letter') } });
    expect(refusal('device=')).toMatchObject({ status: 400, details: { device: expect.any(String) } });
    expect(refusal(`browser=${'x'.repeat(201)}`)).toMatchObject({ status: 400, details: { browser: expect.any(String) } });
    expect(refusal('os=a%0Ab')).toMatchObject({ status: 400, details: { os: expect.any(String) } });
    expect(refusal(Array.from({ length: 21 }, (_, i) => `referrer=r${i}.example`).join('&'))).toMatchObject({
      status: 400,
      details: { referrer: expect.any(String) },
    });
  });
});

describe(`filtered statistics on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let write: (batch: Click[]) => Promise<void>;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    write = clickWriter(ctx.handle, createClickEnricher({ secret: 'filters-test', geo: openGeoIp(), storeIp: false }));
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const click = (linkId: number, at: number, ip: string, userAgent: string, extra: Partial<Click> = {}): Click => ({
    linkId,
    at,
    ip,
    userAgent,
    referrer: undefined,
    ...extra,
  });
  const range = (q: Record<string, string> = {}) => parseWith(ZStatsRange, queryObject(new URLSearchParams(q)));
  const sum = (points: Array<{ clicks: number }>) => points.reduce((n, p) => n + p.clicks, 0);

  test("a country narrows every number; the filters add up to the whole; another workspace's link stays out", async () => {
    const team = await makeUser(ctx.handle.db, `filters-${name}`, 'pro');
    const other = await makeUser(ctx.handle.db, `filters-other-${name}`, 'pro');
    const a = await createLink({ url: 'https://example.com/fa', ...team.owns }, ctx);
    const b = await createLink({ url: 'https://example.com/fb', ...team.owns }, ctx);
    const outside = await createLink({ url: 'https://example.com/fc', ...other.owns }, ctx);
    const t = Date.now() - 3 * 3_600_000; // hours apart, so the series has more than one point
    await write([
      click(a.id, t, '8.8.8.8', AGENTS.iphone, { referrer: 'https://news.ycombinator.com/item?id=1' }),
      click(a.id, t + 3_600_000, '8.8.8.8', AGENTS.chrome, { trigger: 'qr' }),
      click(a.id, t + 7_200_000, '81.2.69.160', AGENTS.chrome),
      click(b.id, t + 7_200_001, '81.2.69.160', AGENTS.iphone),
      click(b.id, t + 7_200_002, '81.2.69.160', AGENTS.googlebot),
      click(outside.id, t, '81.2.69.160', AGENTS.chrome),
    ]);
    const ws = { workspaceId: team.workspaceId };
    const all = await getStats(ctx.handle, ws, range({ interval: 'hour', from: new Date(t - 3_600_000).toISOString() }));
    expect(all.clicks).toBe(4);

    const gb = await getStats(ctx.handle, { ...ws, filters: filters('country=GB') }, range({ interval: 'hour', from: new Date(t - 3_600_000).toISOString() }));
    expect(gb.clicks).toBe(2);
    expect(gb.unique_visitors).toBe(2);
    expect(gb.countries).toEqual([{ value: 'GB', clicks: 2 }]);
    expect(gb.devices).toEqual([
      { value: 'desktop', clicks: 1 },
      { value: 'mobile', clicks: 1 },
    ]);
    expect(gb.referrers).toEqual([{ value: '(direct)', clicks: 2 }]);
    expect(sum(gb.timeseries.points)).toBe(2);
    expect(gb.timeseries.points.length).toBe(all.timeseries.points.length);
    expect(gb.regions.map((r) => r.value)).toEqual(all.regions.filter((r) => r.value.endsWith(', GB')).map((r) => r.value));
    // The top links, a filter by link themselves; a link's own statistics have none.
    expect(all.links).toEqual([
      { value: String(a.id), short_code: a.shortCode, clicks: 3 },
      { value: String(b.id), short_code: b.shortCode, clicks: 1 },
    ]);
    expect(gb.links).toEqual([
      { value: String(a.id), short_code: a.shortCode, clicks: 1 },
      { value: String(b.id), short_code: b.shortCode, clicks: 1 },
    ]);
    expect((await getStats(ctx.handle, { linkId: a.id }, range())).links).toBeUndefined();

    // Two dimensions narrow together; two values of one dimension widen.
    expect((await getStats(ctx.handle, { ...ws, filters: filters('country=GB&device=mobile') }, range())).clicks).toBe(1);
    expect((await getStats(ctx.handle, { ...ws, filters: filters('trigger=qr&trigger=link&device=desktop') }, range())).clicks).toBe(2);
    // The names breakdowns give missing values filter on them.
    expect((await getStats(ctx.handle, { ...ws, filters: filters('referrer=(direct)') }, range())).clicks).toBe(3);
    expect((await getStats(ctx.handle, { ...ws, filters: filters('referrer=news.ycombinator.com') }, range())).clicks).toBe(1);
    // An unknown value is a filter like any other: nothing matches.
    expect((await getStats(ctx.handle, { ...ws, filters: filters('device=toaster') }, range())).clicks).toBe(0);

    // Per country, the filtered totals add up to the unfiltered one.
    let perCountry = 0;
    for (const c of all.countries) perCountry += (await getStats(ctx.handle, { ...ws, filters: filters(`country=${c.value}`) }, range())).clicks;
    expect(perCountry).toBe(all.clicks);

    // A filter everything passes reads the raw clicks and gives what the rollups give, to the
    // region labels and the buckets of a half-hour time zone.
    for (const q of [
      {} as Record<string, string>,
      { interval: 'hour', tz: 'Asia/Kolkata', from: new Date(t - 5_400_000).toISOString() },
      { interval: 'day', tz: 'America/St_Johns' },
    ]) {
      const rolled = await getStats(ctx.handle, ws, range(q));
      const raw = await getStats(ctx.handle, { ...ws, filters: filters('trigger=link&trigger=qr') }, range(q));
      expect(raw).toEqual(rolled);
      const oneLink = await getStats(ctx.handle, { linkId: a.id }, range(q));
      expect(await getStats(ctx.handle, { linkId: a.id, filters: filters('trigger=link&trigger=qr') }, range(q))).toEqual(oneLink);
    }

    // One link under a filter; another workspace's link under a filter finds nothing.
    const aGb = await getStats(ctx.handle, { linkId: a.id, filters: filters('country=GB') }, range());
    expect([aGb.clicks, aGb.unique_visitors]).toEqual([1, 1]);
    expect((await getStats(ctx.handle, { ...ws, linkId: b.id, filters: filters('country=GB') }, range())).clicks).toBe(1);
    const leaked = await getStats(ctx.handle, { ...ws, linkId: outside.id, filters: filters('country=GB') }, range());
    expect([leaked.clicks, leaked.unique_visitors, leaked.countries.length, sum(leaked.timeseries.points)]).toEqual([0, 0, 0, 0]);
  });

  test("the previous period: as long as the range, ending before the range's first hour; filters apply to it too", async () => {
    const user = await makeUser(ctx.handle.db, `previous-${name}`, 'pro');
    const link = await createLink({ url: 'https://example.com/prev', ...user.owns }, ctx);
    const now = Date.now();
    const DAY = 86_400_000;
    await write([
      click(link.id, now - 60_000, '8.8.8.8', AGENTS.chrome),
      click(link.id, now - 2 * 60_000, '81.2.69.160', AGENTS.chrome),
      click(link.id, now - 30 * 60_000, '81.2.69.160', AGENTS.iphone),
      click(link.id, now - DAY - 3 * 3_600_000, '8.8.8.8', AGENTS.chrome), // yesterday's period
      click(link.id, now - 3 * DAY, '8.8.8.8', AGENTS.chrome), // before both
    ]);
    const day = { from: new Date(now - DAY), to: new Date(now) };
    const before = previousRange(day);
    expect(before.to.getTime()).toBe(Math.floor(day.from.getTime() / 3_600_000) * 3_600_000 - 1);
    expect(before.to.getTime() - before.from.getTime()).toBe(DAY);
    const previous = await getPreviousPeriod(ctx.handle, { linkId: link.id }, day);
    expect(previous).toEqual({ from: before.from.toISOString(), to: before.to.toISOString(), clicks: 1, unique_visitors: 1 });
    expect((await getStats(ctx.handle, { linkId: link.id }, { ...day, interval: 'hour', tz: 'UTC' })).clicks).toBe(3);
    expect(await getPreviousPeriod(ctx.handle, { workspaceId: user.workspaceId, filters: filters('country=GB') }, day)).toMatchObject({
      clicks: 0,
      unique_visitors: 0,
    });
    expect(await getPreviousPeriod(ctx.handle, { workspaceId: user.workspaceId, filters: filters('country=US') }, day)).toMatchObject({
      clicks: 1,
      unique_visitors: 1,
    });
  });
});
