// workspace.weekly_summary on every database: the job's work (recordWeeklySummaries) reads the click
// rollups of the week that ended and the one before, counts the week's new links, ranks the top five
// links and countries; it records one event per subscribed workspace, none for others, and a second
// run records nothing; the event reaches the subscribed webhook only.
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { links } from '../../../db/schema';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { recordWeeklySummaries, summaryWeek } from '../../../lib/events/record-weekly-summaries';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { receiveEvents } from '../../helpers/event-receiver';
import { BASE, openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { makeUser } from '../../helpers/workspace-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`workspace.weekly_summary on ${suiteDatabase.name}`, () => {
  const name = suiteDatabase.name.toLowerCase();
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('one summary per subscribed workspace and week, with the rollups’ totals and top fives; a second run adds none', async () => {
    // The Monday 09:00 after now: the summarised week is the one we are in, so links made now are new in it.
    const { to } = summaryWeek(new Date(Date.now() + 7 * DAY));
    const from = new Date(to.getTime() - 7 * DAY);
    const jobNow = new Date(to.getTime() + 9 * HOUR);

    const subscribed = await makeUser(ctx.handle.db, `weekly-${name}`);
    const other = await makeUser(ctx.handle.db, `weekly-other-${name}`);
    const wanted = await receiveEvents(ctx, subscribed, ['workspace.weekly_summary']);
    const unwanted = await receiveEvents(ctx, other, ['link.created']);
    try {
      const made = [];
      for (let i = 0; i < 7; i++) made.push(await createLink({ url: `https://example.com/w/${i}`, alias: `wk-${name}-${i}`, ...subscribed.owns }, ctx));
      // Five of them were made before the week: two are new.
      await ctx.handle.db
        .update(links)
        .set({ createdAt: new Date(from.getTime() - DAY) })
        .where(
          inArray(
            links.id,
            made.slice(0, 5).map((l) => l.id),
          ),
        );
      const theirs = await createLink({ url: 'https://example.com/theirs', ...other.owns }, ctx);

      const rollup = (linkId: number, workspaceId: string, at: Date, dim: string, value: string, clicks: number) =>
        ctx.handle.query(`INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks) VALUES ($1, $2, $3::timestamptz, $4, $5, $6)`, [
          linkId,
          workspaceId,
          at.toISOString(),
          dim,
          value,
          clicks,
        ]);
      const ws = subscribed.workspaceId;
      const inWeek = new Date(from.getTime() + 30 * HOUR);
      // Link i had (i + 1) × 10 clicks in the week: the first two fall out of the top five.
      for (const [i, l] of made.entries()) await rollup(l.id, ws, inWeek, '', '', (i + 1) * 10);
      await rollup(made[0].id, ws, new Date(from.getTime() - 2 * DAY), '', '', 40); // the week before
      await rollup(made[0].id, ws, new Date(from.getTime() - 9 * DAY), '', '', 999); // two weeks before: in neither
      await rollup(made[0].id, ws, new Date(to.getTime() + HOUR), '', '', 999); // after the week: in neither
      const countries: Array<[string, number]> = [
        ['US', 100],
        ['DE', 60],
        ['GB', 50],
        ['FR', 40],
        ['JP', 30],
        ['BR', 20],
        ['', 500], // unknown: never a top country
      ];
      for (const [c, n] of countries) await rollup(made[6].id, ws, inWeek, 'country', c, n);
      await rollup(theirs.id, other.workspaceId, inWeek, '', '', 5);
      // And a real click through the writer lands in the same rollups.
      await clickWriter(ctx.handle, createClickEnricher({ secret: 'weekly', geo: openGeoIp(), storeIp: false }), { baseUrl: BASE.baseUrl })([
        { linkId: made[1].id, at: inWeek.getTime() + 60_000, ip: '8.8.8.8', userAgent: AGENTS.iphone, referrer: undefined },
      ]);

      expect(await recordWeeklySummaries(ctx, { now: jobNow })).toEqual({ workspaces: 1, recorded: 1 });
      expect(await recordWeeklySummaries(ctx, { now: new Date(jobNow.getTime() + HOUR) })).toEqual({ workspaces: 1, recorded: 0 });
      const rows = await ctx.handle.query<{ id: string; workspace_id: string; data: any }>(
        `SELECT id, workspace_id, data FROM events WHERE type = 'workspace.weekly_summary'`,
      );
      expect(rows.map((r) => r.workspace_id)).toEqual([ws]);
      expect(rows[0].id).toMatch(/^evt_[0-9a-f]{32}$/);
      const short = (i: number) => `${BASE.baseUrl}/wk-${name}-${i}`;
      expect(rows[0].data).toEqual({
        workspace: { id: ws, name: expect.any(String) },
        period: { from: from.toISOString(), to: to.toISOString() },
        clicks: 10 + 20 + 30 + 40 + 50 + 60 + 70 + 1,
        clicks_previous_week: 40,
        new_links: 2,
        top_links: [
          { id: made[6].id, short_url: short(6), clicks: 70 },
          { id: made[5].id, short_url: short(5), clicks: 60 },
          { id: made[4].id, short_url: short(4), clicks: 50 },
          { id: made[3].id, short_url: short(3), clicks: 40 },
          { id: made[2].id, short_url: short(2), clicks: 30 },
        ],
        top_countries: [
          { country: 'US', clicks: 101 },
          { country: 'DE', clicks: 60 },
          { country: 'GB', clicks: 50 },
          { country: 'FR', clicks: 40 },
          { country: 'JP', clicks: 30 },
        ],
      });

      await until('the summary delivered', async () => wanted.payloads('workspace.weekly_summary').length >= 1);
      await until('everything delivered', async () => (await wanted.settled()) && (await unwanted.settled()));
      expect(wanted.payloads('workspace.weekly_summary').map((p) => [p.id, p.data])).toEqual([[rows[0].id, rows[0].data]]);
      expect(unwanted.receiver.received.map((r) => r.payload.event)).toEqual(['link.created']);
    } finally {
      await Promise.all([wanted.close(), unwanted.close()]);
    }
  });
});
