// The workspace-wide rollups (db/schema/workspace-rollups.ts) against the raw clicks, over a mix of
// people, bots, HEAD requests and QR scans on several links of two workspaces, a link that counts
// bots, held counts, a writer that lost its held counts and was recounted, a deleted link and
// retention: the workspace rollups stay the per-link ones summed (and each link's per day), and a workspace's statistics read
// from them equal the same statistics counted from the raw clicks (a filter that every click
// passes sends every number to the raw clicks; get-stats.ts); and its unique visitors from its own
// sketches equal those from its links' sketches and raw clicks.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { links } from '../../../db/schema';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import type { Click } from '../../../lib/analytics/click';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import { getStats, getTotals } from '../../../lib/analytics/get-stats';
import { buildVisitorSketches } from '../../../lib/analytics/build-visitor-sketches';
import { buildWorkspaceSketches } from '../../../lib/analytics/build-workspace-sketches';
import { ZStatsRange } from '../../../lib/analytics/stats-schema';
import { addLinkHours } from '../../../lib/edge/link-hours';
import { recountClicks } from '../../../lib/edge/recount-clicks';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { queryObject } from '../../../lib/http/operation';
import { createLink } from '../../../lib/links/create-link';
import { deleteLink } from '../../../lib/links/delete-link';
import { parseWith } from '../../../lib/schemas/parse-input';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IPS = ['8.8.8.8', '81.2.69.160', '89.160.20.112', '216.160.83.56', '2.125.160.216', '175.16.199.1'];
const PEOPLE = [AGENTS.iphone, AGENTS.chrome, AGENTS.firefox, AGENTS.android, AGENTS.ipad];
const REFERRERS = [undefined, 'https://news.ycombinator.com/item?id=1', 'https://t.co/x', 'https://www.google.com/'];

describe(`workspace rollups on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let ann: TestUser;
  let bob: TestUser;
  const enrich = createClickEnricher({ secret: 'workspace-rollups-test', geo: openGeoIp(), storeIp: false });
  const now = Date.now();
  const range = (q: Record<string, string>) => parseWith(ZStatsRange, queryObject(new URLSearchParams(q)));

  /** `n` clicks on `links` from `start`, `step` ms apart: people of several places, agents and referrers, bots, HEAD and QR among them. */
  function stream(links: number[], n: number, start: number, step: number): Click[] {
    return Array.from({ length: n }, (_, i) => ({
      linkId: links[i % links.length],
      at: start + i * step,
      ip: IPS[(i * 7) % IPS.length],
      userAgent: i % 9 === 0 ? AGENTS.googlebot : i % 17 === 0 ? AGENTS.slackbot : PEOPLE[(i * 5) % PEOPLE.length],
      referrer: REFERRERS[i % REFERRERS.length],
      trigger: i % 11 === 0 ? 'qr' : undefined,
      head: i % 13 === 0,
    }));
  }

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    ann = await makeUser(ctx.handle.db, 'ann-rollups', 'free');
    bob = await makeUser(ctx.handle.db, 'bob-rollups', 'pro');
    const link = async (alias: string, owner: TestUser, countBots = false) =>
      (await createLink({ url: `https://example.com/${alias}?utm_source=${alias}`, alias, countBots, ...owner.owns }, ctx)).id;
    const [a1, a2, a3, gone, b1] = [
      await link('ann-1', ann),
      await link('ann-2', ann, true),
      await link('ann-3', ann),
      await link('ann-gone', ann),
      await link('bob-1', bob),
    ];
    const write = clickWriter(ctx.handle, enrich);
    const held = clickWriter(ctx.handle, enrich, { holdMs: 3_600_000 });
    // Three days of clicks on every link, in two writers (one holding its counts), and 40-day-old ones that retention removes.
    await write(stream([a1, a2, gone, b1], 900, now - 3 * DAY, 4 * 60_000));
    await held(stream([a1, a3, b1], 600, now - 2 * DAY - 30 * 60_000, 5 * 60_000));
    await held.settle();
    await write(stream([a1, a2, b1], 200, now - 40 * DAY, 60_000));
    // A writer whose counts were lost with its thread: stored, never counted, then recounted.
    const lost = stream([a2, a3], 300, now - DAY, 60_000);
    await clickWriter(ctx.handle, enrich, { holdMs: 3_600_000 })(lost);
    await recountClicks(ctx.handle, addLinkHours(lost));
    const [goneRow] = await ctx.handle.db.select().from(links).where(eq(links.id, gone));
    await deleteLink(goneRow, ctx, OPERATOR_SCOPE);
    await applyRetention(ctx.handle, { now: new Date(now) });
  }, 120_000);
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('the workspace rollups are the per-link rollups summed, with no empty rows', async () => {
    const differ = await ctx.handle.query(
      `WITH summed AS (
         SELECT workspace_id, hour, dim, value, sum(clicks)::int AS n FROM click_rollups GROUP BY 1, 2, 3, 4
         UNION ALL SELECT workspace_id, date_trunc('day', hour, 'UTC'), 'link', link_id::text, sum(clicks)::int FROM click_rollups WHERE dim = '' GROUP BY 1, 2, 4),
            kept AS (SELECT workspace_id, hour, dim, value, clicks AS n FROM workspace_rollups)
       SELECT * FROM summed FULL JOIN kept USING (workspace_id, hour, dim, value) WHERE summed.n IS DISTINCT FROM kept.n`,
    );
    expect(differ).toEqual([]);
    const [rows] = await ctx.handle.query<{ n: number; old: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE hour < now() - interval '30 days')::int AS old FROM workspace_rollups WHERE workspace_id = $1`,
      [ann.workspaceId],
    );
    expect(rows.n).toBeGreaterThan(100);
    expect(rows.old).toBe(0); // retention took the 40-day-old ones
  });

  test.each([
    ['days in UTC', { interval: 'day', from: new Date(now - 45 * DAY).toISOString(), to: new Date(now).toISOString() }],
    [
      'hours in Asia/Kolkata',
      { interval: 'hour', tz: 'Asia/Kolkata', from: new Date(now - 50 * HOUR).toISOString(), to: new Date(now - 20 * HOUR).toISOString() },
    ],
    ['weeks in America/New_York', { interval: 'week', tz: 'America/New_York' }],
  ])("a workspace's statistics from its rollups equal those counted from its raw clicks (%s)", async (_, q) => {
    for (const user of [ann, bob]) {
      const stats = await getStats(ctx.handle, { workspaceId: user.workspaceId }, range(q));
      const raw = await getStats(ctx.handle, { workspaceId: user.workspaceId, filters: { trigger: ['link', 'qr'] } }, range(q));
      expect(stats.clicks).toBeGreaterThan(0);
      expect(stats.bots).toBeGreaterThan(0);
      expect(stats).toEqual(raw);
    }
  });

  test("a workspace's unique visitors from its own sketches equal those from its links' sketches and raw clicks, before and after a link goes", async () => {
    // A link whose visitors no other link has: deleting it changes the workspace's count.
    const solo = await createLink({ url: 'https://example.com/solo', alias: 'ann-solo', ...ann.owns }, ctx);
    await clickWriter(
      ctx.handle,
      enrich,
    )(
      Array.from({ length: 20 }, (_, i) => ({
        linkId: solo.id,
        at: now - 2 * DAY + i * 60_000,
        ip: `198.51.100.${i + 1}`,
        userAgent: AGENTS.chrome,
        referrer: undefined,
      })),
    );
    await buildVisitorSketches(ctx.handle, { now: new Date(now) });
    await buildWorkspaceSketches(ctx.handle, { now: new Date(now) });
    const [built] = await ctx.handle.query<{ days: number; hours: number }>(
      `SELECT count(*) FILTER (WHERE hours = 24)::int AS days, count(*) FILTER (WHERE hours = 1)::int AS hours FROM workspace_visitor_sketches WHERE workspace_id = $1`,
      [ann.workspaceId],
    );
    expect(built.days).toBeGreaterThan(1);
    expect(built.hours).toBeGreaterThan(24);
    const [valid] = await ctx.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workspace_visitor_sketches s WHERE s.workspace_id = $1 AND s.hours = 24 AND s.clicks =
         (SELECT sum(clicks) FROM workspace_rollups r WHERE r.workspace_id = s.workspace_id AND r.dim = '' AND r.hour >= s.start AND r.hour < s.start + interval '1 day')`,
      [ann.workspaceId],
    );
    expect(valid.n).toBeGreaterThan(1); // what the statistics read
    const compare = async () => {
      const counts: number[] = [];
      for (const q of [{} as Record<string, string>, { from: new Date(now - 50 * HOUR).toISOString(), to: new Date(now).toISOString() }]) {
        const whole = await getTotals(ctx.handle, { workspaceId: ann.workspaceId }, range(q));
        // Narrowed to its owner (who made every link): the links' day sketches and raw clicks.
        const links = await getTotals(ctx.handle, { workspaceId: ann.workspaceId, createdBy: ann.userId }, range(q));
        expect(whole.unique_visitors).toBeGreaterThan(0);
        expect(whole).toEqual(links);
        counts.push(whole.unique_visitors);
      }
      return counts;
    };
    const before = await compare();
    const [row] = await ctx.handle.db.select().from(links).where(eq(links.id, solo.id));
    await deleteLink(row, ctx, OPERATOR_SCOPE);
    const after = await compare();
    expect(after[0]).toBeLessThan(before[0]);
  });
});
