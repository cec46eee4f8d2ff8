// Unique visitors from per-day sketches (lib/analytics/build-visitor-sketches.ts, unique-visitors.ts)
// against every database: the job's backfill and idempotence, late clicks, and the estimate over
// ranges mixing built days with raw clicks, compared with exact counts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import { buildVisitorSketches } from '../../../lib/analytics/build-visitor-sketches';
import { getTotals, type StatsScope } from '../../../lib/analytics/get-stats';
import { addHashes, addRegisters, emptyRegisters, hashesSql, registersSql } from '../../../lib/analytics/hyperloglog';
import { createLink } from '../../../lib/links/create-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';

/** The job runs at noon on March 5th: March 1st to 4th are over, the 5th is "today". */
const NOW = new Date('2026-03-05T12:00:00Z');
const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05'];

describe(`unique visitors on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let user: TestUser;
  const ids = { busy: 0, other: 0, small: 0 };

  /** `n` clicks on `day`, spread over it, by visitors first..first+n-1 (md5 of the number, as the bench does). */
  const seed = (linkId: number, day: string, first: number, n: number) =>
    ctx.handle.query(
      `INSERT INTO clicks (link_id, clicked_at, visitor)
       SELECT $1, $2::timestamptz + (i * 86399.0 / $4) * interval '1 second', md5(($3 + i)::text) FROM generate_series(0, $4 - 1) AS i`,
      [linkId, `${day}T00:00:00Z`, first, n],
    );
  const exact = async (scope: string, params: unknown[], from: string, to: string) => {
    const [row] = await ctx.handle.query<{ n: number }>(
      `SELECT count(DISTINCT visitor)::int AS n FROM clicks WHERE ${scope} AND NOT bot AND clicked_at >= $1 AND clicked_at < $2`,
      [from, to, ...params],
    );
    return row.n;
  };
  const uniques = async (scope: StatsScope, from: string, to: string) =>
    (await getTotals(ctx.handle, scope, { from: new Date(from), to: new Date(to) })).unique_visitors;
  const sketchesDigest = async () =>
    (
      await ctx.handle.query<{ d: string }>(
        `SELECT md5(string_agg(link_id || day::text || clicks || encode(sketch, 'hex'), ',' ORDER BY link_id, day)) AS d FROM visitor_sketches`,
      )
    )[0].d;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    user = await makeUser(ctx.handle.db, 'sketch-user', 'free');
    for (const key of Object.keys(ids) as Array<keyof typeof ids>) ids[key] = (await createLink({ url: `https://example.com/${key}`, ...user.owns }, ctx)).id;
    // The busy link: 20,000 visitors a day, half of them back from the day before (60,000 in all).
    for (const [k, day] of DAYS.entries()) await seed(ids.busy, day, k * 10_000, 20_000);
    await ctx.handle.query(
      `INSERT INTO clicks (link_id, clicked_at, visitor, bot) VALUES ($1, '2026-03-02T10:00:00Z', 'a-bot', true), ($1, '2026-03-02T10:00:00Z', NULL, false)`,
      [ids.busy],
    );
    // Another link of the workspace, 10,000 visitors a day on three days, every one also the busy link's.
    for (const day of DAYS.slice(1, 4)) await seed(ids.other, day, 15_000 + DAYS.indexOf(day) * 10_000, 10_000);
    await seed(ids.small, '2026-03-04', 900_000, 3);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('the first run backfills every day that is over, from the oldest click; a second run rebuilds nothing', async () => {
    const first = await buildVisitorSketches(ctx.handle, { now: NOW });
    expect(first).toEqual({ days: DAYS.slice(0, 4), sketches: 4 + 3 + 1 });
    const built = await ctx.handle.query<{ day: string }>(`SELECT day::text AS day FROM visitor_sketch_days ORDER BY day`);
    expect(built.map((r) => r.day)).toEqual(DAYS.slice(0, 4));
    const [row] = await ctx.handle.query<{ clicks: number }>(`SELECT clicks FROM visitor_sketches WHERE link_id = $1 AND day = '2026-03-02'`, [ids.busy]);
    expect(row.clicks).toBe(20_001); // the visitor-less click is a click; the bot is not
    const before = await sketchesDigest();
    // Again: the last two days are looked at again, and nothing changed in them.
    expect(await buildVisitorSketches(ctx.handle, { now: NOW })).toEqual({ days: DAYS.slice(2, 4), sketches: 0 });
    expect(await sketchesDigest()).toBe(before);
  });

  test("a range over built days, a partial first day and today's raw clicks is within 2 % of the exact count", async () => {
    const [from, to] = ['2026-03-01T12:00:00Z', '2026-03-05T23:00:00Z'];
    const truth = await exact('link_id = $3', [ids.busy], from, '2026-03-06T00:00:00Z');
    expect(truth).toBe(60_000 - 10_000); // the first morning's visitors are outside
    const estimate = await uniques({ linkId: ids.busy }, from, to);
    expect(Math.abs(estimate - truth) / truth).toBeLessThan(0.02);
    // Only the raw hours: no day inside the range is built, so the count is exact.
    expect(await uniques({ linkId: ids.busy }, '2026-03-05T00:00:00Z', '2026-03-05T23:00:00Z')).toBe(20_000);
  });

  test("built days are read from their sketches: a day's raw clicks gone, its visitors still count", async () => {
    const range: [string, string] = ['2026-03-04T00:00:00Z', '2026-03-04T23:00:00Z'];
    expect(await uniques({ linkId: ids.small }, ...range)).toBe(3);
    await ctx.handle.query(`DELETE FROM clicks WHERE link_id = $1`, [ids.small]);
    expect(await uniques({ linkId: ids.small }, ...range)).toBe(3);
    await seed(ids.small, '2026-03-04', 900_000, 4); // the three again, and one late visitor
    expect(await uniques({ linkId: ids.small }, ...range)).toBe(3); // the sketch still says 3 …
    expect(await buildVisitorSketches(ctx.handle, { now: NOW })).toEqual({ days: DAYS.slice(2, 4), sketches: 1 }); // … until the next run
    expect(await uniques({ linkId: ids.small }, ...range)).toBe(4);
  });

  test('workspace statistics merge the sketches of its links: a visitor of two links is one visitor', async () => {
    const [from, to] = ['2026-03-01T00:00:00Z', '2026-03-05T23:00:00Z'];
    const truth = await exact('link_id IN (SELECT id FROM links WHERE workspace_id = $3)', [user.workspaceId], from, '2026-03-06T00:00:00Z');
    expect(truth).toBe(60_000 + 4); // not 90,004: the other link's 30,000 visitors are the busy link's too
    for (const scope of [{ workspaceId: user.workspaceId }, { workspaceId: user.workspaceId, createdBy: user.userId }]) {
      const estimate = await uniques(scope, from, to);
      expect(Math.abs(estimate - truth) / truth).toBeLessThan(0.02);
    }
    const other = await exact('link_id = $3', [ids.other], from, '2026-03-06T00:00:00Z');
    const estimate = await uniques({ workspaceId: user.workspaceId, linkId: ids.other }, from, to);
    expect(Math.abs(estimate - other) / other).toBeLessThan(0.02);
  });

  test("the job's registers (grouped in the database) and the query's (folded from every click's hash) agree", async () => {
    const where = `link_id = $1 AND NOT bot`;
    const grouped = addRegisters(emptyRegisters(), await ctx.handle.query<{ reg: number; rho: number }>(registersSql(where), [ids.busy]));
    const [raw] = await ctx.handle.query<{ regs: number[]; tops: number[] }>(hashesSql(where), [ids.busy]);
    expect(addHashes(emptyRegisters(), raw.regs, raw.tops)).toEqual(grouped);
    expect(Math.max(...grouped)).toBeGreaterThan(10);
  });

  test('filtered statistics count visitors exactly, from the raw clicks', async () => {
    const [from, to] = ['2026-03-01T00:00:00Z', '2026-03-05T23:00:00Z'];
    const filtered = await getTotals(ctx.handle, { linkId: ids.busy, filters: { country: ['(unknown)'] } }, { from: new Date(from), to: new Date(to) });
    expect(filtered.unique_visitors).toBe(60_000);
  });

  test('retention deletes the sketches of the days whose clicks it deletes', async () => {
    await applyRetention(ctx.handle, { now: new Date('2026-04-03T12:00:00Z') }); // free plan: 30 days, so before March 4th
    const left = await ctx.handle.query<{ day: string }>(`SELECT DISTINCT day::text AS day FROM visitor_sketches WHERE workspace_id = $1 ORDER BY day`, [
      user.workspaceId,
    ]);
    expect(left.map((r) => r.day)).toEqual(['2026-03-04']);
  });
});
