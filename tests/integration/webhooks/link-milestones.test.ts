// link.milestone on every database, written by the real click writer: each milestone once per link,
// whether one batch crosses it (99 → 101), crosses two, or several writers (their own connections on
// PostgreSQL) cross it at the same moment; delivered to a subscribed webhook, to no other.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { links } from '../../../db/schema';
import type { Click } from '../../../lib/analytics/click';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { receiveEvents } from '../../helpers/event-receiver';
import { BASE, openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { makeUser } from '../../helpers/workspace-fixtures';

describe(`link.milestone on ${suiteDatabase.name}`, () => {
  const name = suiteDatabase.name.toLowerCase();
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  const enrich = createClickEnricher({ secret: 'milestones', geo: openGeoIp(), storeIp: false });

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const clicks = (linkId: number, n: number): Click[] =>
    Array.from({ length: n }, (_, i) => ({ linkId, at: Date.now() + i, ip: '8.8.8.8', userAgent: AGENTS.iphone, referrer: undefined }));
  const startAt = (linkId: number, count: number) => ctx.handle.db.update(links).set({ clicks: count }).where(eq(links.id, linkId));
  const milestonesOf = (linkId: number) =>
    ctx.handle.query<{ id: string; milestone: number; clicks: number; data: any }>(
      `SELECT id, (data->>'milestone')::int AS milestone, (data->>'clicks')::int AS clicks, data FROM events
       WHERE type = 'link.milestone' AND link_id = $1 ORDER BY seq`,
      [linkId],
    );

  test('99 → 101 in one batch: milestone 100 once, with the link and the count; more clicks send nothing more', async () => {
    const user = await makeUser(ctx.handle.db, `ms-one-${name}`);
    const link = await createLink({ url: 'https://example.com/one', alias: `ms-one-${name}`, ...user.owns }, ctx);
    await startAt(link.id, 99);
    const write = clickWriter(ctx.handle, enrich, { baseUrl: BASE.baseUrl });
    await write(clicks(link.id, 2));
    await write(clicks(link.id, 5));
    const rows = await milestonesOf(link.id);
    expect(rows.map((r) => [r.milestone, r.clicks])).toEqual([[100, 101]]);
    expect(rows[0].id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(rows[0].data).toEqual({
      link: { id: link.id, short_code: `ms-one-${name}`, short_url: `${BASE.baseUrl}/ms-one-${name}`, long_url: 'https://example.com/one' },
      milestone: 100,
      clicks: 101,
    });
  });

  test('a batch that crosses two milestones records both; bots count towards none', async () => {
    const user = await makeUser(ctx.handle.db, `ms-two-${name}`);
    const link = await createLink({ url: 'https://example.com/two', ...user.owns }, ctx);
    await startAt(link.id, 99);
    const bots = Array.from({ length: 5 }, (_, i) => ({
      linkId: link.id,
      at: Date.now() + i,
      ip: '66.249.66.1',
      userAgent: AGENTS.googlebot,
      referrer: undefined,
    }));
    const write = clickWriter(ctx.handle, enrich, { baseUrl: BASE.baseUrl });
    await write(bots);
    expect(await milestonesOf(link.id)).toEqual([]);
    await write(clicks(link.id, 902));
    expect((await milestonesOf(link.id)).map((r) => [r.milestone, r.clicks])).toEqual([
      [100, 1001],
      [1000, 1001],
    ]);
  });

  test('writers racing across 100 together: exactly one event per link', async () => {
    const user = await makeUser(ctx.handle.db, `ms-race-${name}`);
    // Separate writers, as separate servers' click writers are: each sums its own counts.
    const writers = Array.from({ length: 4 }, () => clickWriter(ctx.handle, enrich, { baseUrl: BASE.baseUrl }));
    const raced: number[] = [];
    for (let round = 0; round < 10; round++) {
      const link = await createLink({ url: `https://example.com/race/${round}`, ...user.owns }, ctx);
      await startAt(link.id, 97);
      raced.push(link.id);
      // 97 + 4 × 2: each batch alone would cross 100 if it were the only one read before writing.
      await Promise.all(writers.map((w) => w(clicks(link.id, 2))));
    }
    for (const id of raced) {
      const rows = await milestonesOf(id);
      expect(rows.map((r) => r.milestone)).toEqual([100]);
      const [{ clicks: count }] = await ctx.handle.query<{ clicks: string | number }>('SELECT clicks FROM links WHERE id = $1', [id]);
      expect(Number(count)).toBe(105);
    }
  });

  test('delivered to a webhook subscribed to link.milestone, not to one of another workspace subscribed to other events', async () => {
    const subscriber = await makeUser(ctx.handle.db, `ms-sub-${name}`);
    const other = await makeUser(ctx.handle.db, `ms-other-${name}`);
    const wanted = await receiveEvents(ctx, subscriber, ['link.milestone']);
    const unwanted = await receiveEvents(ctx, other, ['link.created']);
    try {
      const mine = await createLink({ url: 'https://example.com/mine', ...subscriber.owns }, ctx);
      const theirs = await createLink({ url: 'https://example.com/theirs', ...other.owns }, ctx);
      await startAt(mine.id, 990);
      await startAt(theirs.id, 990);
      const write = clickWriter(ctx.handle, enrich, { baseUrl: BASE.baseUrl });
      await write([...clicks(mine.id, 12), ...clicks(theirs.id, 12)]);
      await until('the milestone delivered', async () => wanted.payloads('link.milestone').length >= 1);
      await until('everything delivered', async () => (await wanted.settled()) && (await unwanted.settled()));
      expect(wanted.payloads('link.milestone').map((p) => p.data)).toEqual([
        {
          link: { id: mine.id, short_code: mine.shortCode, short_url: `${BASE.baseUrl}/${mine.shortCode}`, long_url: 'https://example.com/mine' },
          milestone: 1000,
          clicks: 1002,
        },
      ]);
      expect(unwanted.payloads('link.created')).toHaveLength(1);
      expect(unwanted.payloads('link.milestone')).toEqual([]);
      // Recorded for both (milestones are rare), delivered only where subscribed.
      expect((await milestonesOf(theirs.id)).map((r) => r.milestone)).toEqual([1000]);
    } finally {
      await wanted.close();
      await unwanted.close();
    }
  });
});
