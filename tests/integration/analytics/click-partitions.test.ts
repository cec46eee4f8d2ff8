// The clicks table's monthly partitions (docs/self-hosting/scale-out.md#partitioned-clicks): made
// ahead by the analytics.partitions job, clicks of months without one moved out of the default
// partition, statements over a time range reading only that range's months, and retention dropping
// a month no workspace keeps while deleting inside one that some workspace still keeps.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import { listClickPartitions } from '../../../lib/click-partitions/list-click-partitions';
import { maintainClickPartitions } from '../../../lib/click-partitions/maintain-click-partitions';
import { addMonths, monthStart } from '../../../lib/click-partitions/month-range';
import type { AppContext } from '../../../lib/context/app-context';
import type { DbHandle } from '../../../lib/db/types';
import { createLink } from '../../../lib/links/create-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { makeUser } from '../../helpers/workspace-fixtures';

describe(`monthly click partitions on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let ctx: AppContext & { handle: DbHandle };
  let db: DbHandle;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    db = ctx.handle;
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const insertClicks = (linkId: number, times: Date[]) =>
    db.query(`INSERT INTO clicks (link_id, clicked_at, country) SELECT $1, t, 'DE' FROM unnest($2::timestamptz[]) AS t`, [
      linkId,
      times.map((t) => t.toISOString()),
    ]);
  /** Where each of the link's clicks is stored: partition name → clicks. */
  const placed = async (linkId: number) =>
    Object.fromEntries(
      (
        await db.query<{ t: string; n: number }>(
          `SELECT tableoid::regclass::text AS t, count(*)::int AS n FROM clicks WHERE link_id = $1 GROUP BY 1 ORDER BY 1`,
          [linkId],
        )
      ).map((r) => [r.t, r.n]),
    );
  const names = async () => (await listClickPartitions(db)).map((p) => p.name);

  test('the migration made this month and the next two; the job makes months ahead and moves stray clicks into their month', async () => {
    const now = new Date();
    const current = monthStart(now);
    const first = await listClickPartitions(db);
    expect(first.slice(-3).map((p) => [p.from.toISOString(), p.to.toISOString()])).toEqual(
      [0, 1, 2].map((i) => [addMonths(current, i).toISOString(), addMonths(current, i + 1).toISOString()]),
    );

    const owner = await makeUser(db.db, 'partitions-owner', 'enterprise');
    const link = await createLink({ url: 'https://example.com/p', ...owner.owns }, ctx);
    // Clicks far from any partition (an import's, a clock that jumped) are kept in the default.
    await insertClicks(link.id, [new Date('2031-02-10T12:00:00Z'), new Date('2031-02-28T23:59:59.999Z'), new Date('2019-05-01T00:00:00Z')]);
    expect(await placed(link.id)).toEqual({ clicks_default: 3 });

    // In January 2031 the job makes January to March, moving February's two clicks into theirs, and
    // May 2019's click into a month of its own.
    const run = await maintainClickPartitions(db, { now: new Date('2031-01-15T00:00:00Z') });
    expect(run).toEqual({
      made: [
        { name: 'clicks_p2031_01', moved: 0 },
        { name: 'clicks_p2031_02', moved: 2 },
        { name: 'clicks_p2031_03', moved: 0 },
        { name: 'clicks_p2019_05', moved: 1 },
      ],
      left: 0,
    });
    expect(await placed(link.id)).toEqual({ clicks_p2019_05: 1, clicks_p2031_02: 2 });
    // A partition made by the job has the table's indexes: per-link time ranges, and bots' visits.
    const indexes = await db.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'clicks_p2031_02' ORDER BY 1`);
    expect(indexes.map((i) => i.def.replace(/^.* USING /, ''))).toEqual(['btree (link_id, clicked_at)', 'btree (link_id, clicked_at) WHERE bot']);
    // New clicks are routed to their month; running the job again changes nothing.
    await insertClicks(link.id, [new Date('2031-03-01T00:00:00Z')]);
    expect(await placed(link.id)).toEqual({ clicks_p2019_05: 1, clicks_p2031_02: 2, clicks_p2031_03: 1 });
    expect(await maintainClickPartitions(db, { now: new Date('2031-01-15T00:00:00Z') })).toEqual({ made: [], left: 0 });
    expect(await names()).toContain('clicks_p2031_03');
  });

  test('at most maxMoves earlier months per run; the next run moves the rest', async () => {
    const owner = await makeUser(db.db, 'partitions-batches', 'enterprise');
    const link = await createLink({ url: 'https://example.com/b', ...owner.owns }, ctx);
    await insertClicks(link.id, [new Date('2018-01-05Z'), new Date('2018-02-05Z'), new Date('2018-02-06Z'), new Date('2018-03-05Z')]);
    const now = new Date('2031-01-15T00:00:00Z');
    const first = await maintainClickPartitions(db, { now, maxMoves: 2 });
    expect(first).toEqual({
      made: [
        { name: 'clicks_p2018_03', moved: 1 },
        { name: 'clicks_p2018_02', moved: 2 },
      ],
      left: 1,
    });
    expect(await placed(link.id)).toEqual({ clicks_default: 1, clicks_p2018_02: 2, clicks_p2018_03: 1 });
    expect(await maintainClickPartitions(db, { now })).toEqual({ made: [{ name: 'clicks_p2018_01', moved: 1 }], left: 0 });
    expect(await placed(link.id)).toEqual({ clicks_p2018_01: 1, clicks_p2018_02: 2, clicks_p2018_03: 1 });
  });

  test("a statement over a time range reads only that range's months", async () => {
    const scanned = async (range: string) =>
      (await db.query(`EXPLAIN SELECT country, count(*) FROM clicks WHERE link_id = 1 AND ${range} GROUP BY 1`))
        .map((r) => String(Object.values(r)[0]))
        .join('\n');
    // Bounds known when planned, and bounds the statistics compute (stable functions, pruned when it starts).
    for (const range of [
      `clicked_at >= '2031-02-03T00:00:00Z' AND clicked_at < '2031-02-20T00:00:00Z'`,
      `clicked_at >= date_trunc('hour', '2031-02-03T00:00:00Z'::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', '2031-02-19T00:00:00Z'::timestamptz, 'UTC') + interval '1 hour'`,
    ]) {
      const plan = await scanned(range);
      expect(plan).toContain('clicks_p2031_02');
      expect(plan).not.toMatch(/clicks_p2031_0[13]|clicks_p2019|clicks_default|clicks_p2026/);
    }
  });

  test('retention drops a month no workspace keeps, and deletes inside a month a longer retention still keeps', async () => {
    const free = await makeUser(db.db, 'retention-free', 'free');
    const pro = await makeUser(db.db, 'retention-pro', 'pro');
    const freeLink = await createLink({ url: 'https://example.com/free', ...free.owns }, ctx);
    const proLink = await createLink({ url: 'https://example.com/pro', ...pro.owns }, ctx);
    // Clicks in the (empty until now) months of 2030: the free link in August and October, the Pro
    // link in October only.
    await maintainClickPartitions(db, { now: new Date('2030-08-01T00:00:00Z') });
    await maintainClickPartitions(db, { now: new Date('2030-10-01T00:00:00Z') });
    await insertClicks(freeLink.id, [new Date('2030-08-10Z'), new Date('2030-08-11Z'), new Date('2030-10-10Z')]);
    await insertClicks(proLink.id, [new Date('2030-10-10Z'), new Date('2030-10-11Z')]);
    // On December 15th, 2030, the Free plan (30 days) has passed both months; the Pro plan (a year) neither.
    const result = await applyRetention(db, { now: new Date('2030-12-15T00:00:00Z'), batchSize: 1 });
    const left = await names();
    expect(left).not.toContain('clicks_p2030_08'); // only the free link's: dropped whole
    expect(left).toContain('clicks_p2030_10'); // the Pro link's clicks keep it
    expect(await placed(freeLink.id)).toEqual({});
    expect(await placed(proLink.id)).toEqual({ clicks_p2030_10: 2 });
    expect(result.clicks).toBeGreaterThanOrEqual(3);
    // A month whose only clicks belong to links of the enterprise workspace above (unlimited) stays.
    expect(left).toContain('clicks_p2019_05');
  });

  test("retention deletes inside the default partition, and never another partition's click at the same place", async () => {
    const free = await makeUser(db.db, 'retention-default', 'free');
    const pro = await makeUser(db.db, 'retention-keeps-june', 'pro');
    const keeper = await makeUser(db.db, 'retention-keeper', 'enterprise');
    const freeLink = await createLink({ url: 'https://example.com/d', ...free.owns }, ctx);
    const proLink = await createLink({ url: 'https://example.com/j', ...pro.owns }, ctx);
    const keptLink = await createLink({ url: 'https://example.com/k', ...keeper.owns }, ctx);
    // A free click in the default partition (a month without one: the job may not move it).
    await insertClicks(freeLink.id, [new Date('2015-06-01Z')]);
    // June 2039 holds a free click first, then a Pro one that keeps the month; January 2040's first
    // click (enterprise) has the same place in its table as the free June click has in June's.
    await maintainClickPartitions(db, { now: new Date('2039-06-01T00:00:00Z'), maxMoves: 0, monthsAhead: 0 });
    await insertClicks(freeLink.id, [new Date('2039-06-02Z')]);
    await insertClicks(proLink.id, [new Date('2039-06-03Z')]);
    await maintainClickPartitions(db, { now: new Date('2040-01-01T00:00:00Z'), maxMoves: 0, monthsAhead: 0 });
    await insertClicks(keptLink.id, [new Date('2040-01-02Z')]);
    const places = await db.query<{ t: string; c: string }>(
      `SELECT tableoid::regclass::text AS t, ctid::text AS c FROM clicks WHERE link_id = ANY($1::bigint[]) AND clicked_at >= '2039-01-01Z' ORDER BY clicked_at`,
      [[freeLink.id, keptLink.id]],
    );
    expect(places).toEqual([
      { t: 'clicks_p2039_06', c: '(0,1)' },
      { t: 'clicks_p2040_01', c: '(0,1)' },
    ]);

    await applyRetention(db, { now: new Date('2040-01-10T00:00:00Z') });
    expect(await placed(freeLink.id)).toEqual({});
    expect(await placed(proLink.id)).toEqual({ clicks_p2039_06: 1 });
    expect(await placed(keptLink.id)).toEqual({ clicks_p2040_01: 1 });
  });
});
