// Migration 0044 (clicks partitioned by month) on a populated database of the previous schema: the
// existing table becomes the default partition with every row as it was; the analytics.partitions job
// then moves its months into monthly partitions, newest first and one month per transaction, keeping
// every row (and, on PostgreSQL, every click written by another connection while it moves them).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { listClickPartitions } from '../../../lib/click-partitions/list-click-partitions';
import { maintainClickPartitions } from '../../../lib/click-partitions/maintain-click-partitions';
import { addMonths, monthStart, partitionName } from '../../../lib/click-partitions/month-range';
import { describeOnPostgres, suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 44; // migrations 0000–0043: one clicks table

// Every column, so a row that lost or changed a value would change the digest.
const DIGEST = `
SELECT count(*)::int AS n,
       md5(string_agg(concat_ws('|', link_id, clicked_at, referrer, user_agent, ip, visitor, country, region, city, device,
                                browser, os, referrer_host, trigger, bot, rule_id, variant_id, privacy), ',' ORDER BY link_id, clicked_at, referrer)) AS digest
FROM clicks`;

describe(`migration to monthly click partitions on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let db: DbHandle;
  const now = new Date();
  const current = monthStart(now);
  let before: { n: number; digest: string };

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 4 });
    db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    // 2,400 clicks: this month, the last two, fourteen months ago, and 200 days ahead (a clock that
    // ran fast), with every column set on some.
    const at = [now, addMonths(current, -1), addMonths(current, -2), addMonths(current, -14), new Date(now.getTime() + 200 * 86_400_000)];
    await db.query(
      `INSERT INTO clicks (link_id, clicked_at, referrer, user_agent, ip, visitor, country, region, city, device, browser, os,
                           referrer_host, trigger, bot, rule_id, variant_id, privacy)
       SELECT 1 + i % 7, t + i * interval '1 second', 'https://ref.example/' || i, 'agent ' || i, CASE WHEN i % 3 = 0 THEN '203.0.113.' || i % 250 END,
              'v' || i % 40, 'DE', 'BE', 'Berlin', 'desktop', 'Chrome', 'Linux', 'ref.example', CASE WHEN i % 5 = 0 THEN 'qr' ELSE 'link' END,
              i % 11 = 0, CASE WHEN i % 4 = 0 THEN 'rule_' || i % 3 END, CASE WHEN i % 6 = 0 THEN 'var_a' END, 'full'
       FROM unnest($1::timestamptz[]) AS t, generate_series(1, 480) AS i`,
      [at.map((t) => t.toISOString())],
    );
    [before] = await db.query<{ n: number; digest: string }>(DIGEST);
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  test('the table is partitioned and every row is kept, in the default partition until the job runs', async () => {
    expect(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))[0].n)).toBe(shippedMigrationCount());
    expect(await db.query(`SELECT relkind::text AS kind FROM pg_class WHERE oid = 'public.clicks'::regclass`)).toEqual([{ kind: 'p' }]);
    expect(before.n).toBe(2400);
    expect((await db.query(DIGEST))[0]).toEqual(before);
    expect(await listClickPartitions(db)).toEqual([]); // a table that held clicks: the job makes them
    // The table's indexes are the partitioned table's, the old table's own attached to them (not built again).
    expect(
      await db.query(
        `SELECT c.relname AS name, c.relkind::text AS kind, (SELECT p.relname FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhrelid WHERE i.inhparent = c.oid) AS attached
         FROM pg_class c WHERE c.relname IN ('clicks_link_time_idx', 'clicks_bot_link_time_idx') ORDER BY 1`,
      ),
    ).toEqual([
      { name: 'clicks_bot_link_time_idx', kind: 'I', attached: 'clicks_default_bot_link_time_idx' },
      { name: 'clicks_link_time_idx', kind: 'I', attached: 'clicks_default_link_time_idx' },
    ]);
    expect(await db.query(`SELECT count(*)::int AS n FROM ONLY clicks_default`)).toEqual([{ n: 2400 }]);
  });

  test('the job moves each month into its partition, newest first, and keeps every row', async () => {
    const run = await maintainClickPartitions(db, { now });
    expect(run.left).toBe(0);
    // This month (with its 480 clicks) and the next two first, then the earlier months, newest first.
    expect(run.made.map((m) => m.name)).toEqual(
      [0, 1, 2, -1, -2, -14].map((i) => partitionName(addMonths(current, i))).filter((name, i, all) => all.indexOf(name) === i),
    );
    expect(run.made.find((m) => m.name === partitionName(addMonths(current, -14)))?.moved).toBe(480);
    expect((await db.query(DIGEST))[0]).toEqual(before);
    // Only the clicks beyond the months made stay in the default partition.
    expect(await db.query(`SELECT count(*)::int AS n FROM ONLY clicks_default`)).toEqual([{ n: 480 }]);
    const placed = await db.query<{ t: string; n: number }>(`SELECT tableoid::regclass::text AS t, count(*)::int AS n FROM clicks GROUP BY 1 ORDER BY 1`);
    expect(placed.reduce((sum, r) => sum + r.n, 0)).toBe(2400);
    for (const { t } of placed.filter((r) => r.t !== 'clicks_default')) {
      const [range] = await db.query<{ ok: boolean }>(
        `SELECT bool_and(clicked_at >= $2::timestamptz AND clicked_at < $3::timestamptz) AS ok FROM clicks WHERE tableoid = $1::regclass`,
        (() => {
          const p = t.match(/clicks_p(\d+)_(\d+)/) as RegExpMatchArray;
          const from = new Date(Date.UTC(Number(p[1]), Number(p[2]) - 1, 1));
          return [t, from.toISOString(), addMonths(from, 1).toISOString()];
        })(),
      );
      expect(range.ok, t).toBe(true);
    }
  });
});

describeOnPostgres('moving months while clicks are written', () => {
  let tdb: TestDatabase;
  let db: DbHandle;

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 6 });
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    // 200,000 clicks over the last 12 months in the table before the migration.
    await db.query(
      `INSERT INTO clicks (link_id, clicked_at) SELECT i % 100, now() - (i % 360) * interval '1 day' - (i % 86399) * interval '1 second' FROM generate_series(1, 200000) AS i`,
    );
    await applyMigrations(db, tdb.databaseUrl);
  });
  afterAll(async () => {
    await db?.close();
    await tdb?.drop();
  });

  test('clicks written to this month and to earlier ones while the job moves them are all kept', async () => {
    let writing = true;
    let written = 0;
    let failed = 0;
    // As the click writer does, a batch whose write failed is written again (click-buffer.ts): a
    // write into an earlier month may fail while that month moves, and only such a write.
    const write = async (sql: string, n: number, earlier: boolean) => {
      for (;;) {
        try {
          await db.query(sql);
          written += n;
          return;
        } catch (err) {
          expect((err as { code?: string }).code).toBe('23514'); // the default partition no longer takes that month
          expect(earlier).toBe(true); // this month's writes wait instead
          failed++;
        }
      }
    };
    const writer = (async () => {
      while (writing) {
        // A batch like the click writer's (this month), and one into earlier months.
        await write(`INSERT INTO clicks (link_id, clicked_at) SELECT 1000, now() FROM generate_series(1, 50)`, 50, false);
        await write(`INSERT INTO clicks (link_id, clicked_at) SELECT 1001, now() - (i * 17) * interval '1 day' FROM generate_series(1, 20) AS i`, 20, true);
      }
    })();
    const run = await maintainClickPartitions(db, { now: new Date() });
    writing = false;
    await writer;
    // A second run moves what the writes put into months carved before them reached the default.
    await maintainClickPartitions(db, { now: new Date() });
    expect(run.made.length).toBeGreaterThanOrEqual(12);
    expect(written).toBeGreaterThan(0);
    const [counts] = await db.query<{ old: number; fresh: number; stray: number }>(
      `SELECT count(*) FILTER (WHERE link_id < 1000)::int AS old, count(*) FILTER (WHERE link_id >= 1000)::int AS fresh,
              (SELECT count(*) FROM ONLY clicks_default)::int AS stray FROM clicks`,
    );
    expect(counts).toEqual({ old: 200_000, fresh: written, stray: 0 });
    expect(failed).toBeLessThan(100);
  });
});
