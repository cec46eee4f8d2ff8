// Moving an existing instance onto monthly click partitions (docs/self-hosting/scale-out.md#partitioned-clicks),
// on PostgreSQL: a table of the previous schema with BENCH_PARTITION_CLICKS clicks (5,000,000) over
// twelve months; how long migration 0044 takes; then each month the analytics.partitions job moves,
// while another connection writes a batch of clicks every 20 ms: how long the move took and the
// longest a batch waited. Last, retention's two ways to remove a month: dropping its partition, and
// deleting its rows in batches (what retention did before, and still does where it must).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/partition-upgrade.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { maintainClickPartitions } from '../lib/click-partitions/maintain-click-partitions';
import { listClickPartitions } from '../lib/click-partitions/list-click-partitions';
import { monthStart } from '../lib/click-partitions/month-range';
import { applyMigrations, migrationsFolder } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import { migrationsUpTo } from '../tests/helpers/migrations-up-to';
import { createPostgresDatabase } from './bench-database';

const CLICKS = Number(process.env.BENCH_PARTITION_CLICKS ?? 5_000_000);
const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ms = (t0: number) => Math.round(performance.now() - t0);

async function main() {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const before = journal.entries.findIndex((e) => e.tag.endsWith('_partitioned_clicks'));
  const target = await createPostgresDatabase(SERVER, '');
  const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: '', maxConnections: 4 });
  try {
    await applyMigrations(db, target.databaseUrl, migrationsUpTo(before));
    let t0 = performance.now();
    await db.query(
      `INSERT INTO clicks (link_id, clicked_at, country, device, browser, os, referrer_host, visitor)
       SELECT i % 1000, now() - (i % 365) * interval '1 day' - (i % 86000) * interval '1 second', 'DE', 'desktop', 'Chrome', 'Linux', 'example.com', 'v' || i % 200000
       FROM generate_series(1, $1) AS i`,
      [CLICKS],
    );
    await db.query('VACUUM ANALYZE clicks');
    console.log(`seeded ${CLICKS.toLocaleString('en')} clicks over 12 months in ${ms(t0)} ms`);

    t0 = performance.now();
    await applyMigrations(db, target.databaseUrl);
    console.log(`migration ${journal.entries[before].tag}: ${ms(t0)} ms`);

    // A writer like the click writer: a batch of 100 clicks every 20 ms; the longest wait is how long
    // a month's move held writes.
    let writing = true;
    let longest = 0;
    let batches = 0;
    const writer = (async () => {
      while (writing) {
        const w0 = performance.now();
        await db.query(`INSERT INTO clicks (link_id, clicked_at) SELECT 5000, now() FROM generate_series(1, 100)`);
        longest = Math.max(longest, performance.now() - w0);
        batches++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    console.log('\n| step | clicks moved | took (ms) | longest write wait (ms) |\n|---|---:|---:|---:|');
    const now = new Date();
    let total = 0;
    for (;;) {
      longest = 0;
      const s0 = performance.now();
      const run = await maintainClickPartitions(db, { now, maxMoves: 1, monthsAhead: total === 0 ? 2 : 0 });
      const took = ms(s0);
      const moved = run.made.reduce((sum, m) => sum + m.moved, 0);
      console.log(`| ${run.made.map((m) => m.name).join(', ')} | ${moved.toLocaleString('en')} | ${took} | ${Math.round(longest)} |`);
      total += 1;
      if (run.left === 0) break;
    }
    writing = false;
    await writer;
    console.log(
      `\n${batches} write batches during the moves; clicks in the default partition left: ${(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ONLY clicks_default'))[0].n}`,
    );

    // Retention: one month dropped, one month deleted in batches of 10,000 (as apply-retention.ts does).
    const parts = (await listClickPartitions(db)).filter((p) => p.to.getTime() <= monthStart(now).getTime());
    const [dropOne, deleteOne] = [parts[1], parts[2]];
    const count = async (name: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0].n;
    const dropN = await count(dropOne.name);
    t0 = performance.now();
    await db.query(`DROP TABLE ${dropOne.name}`);
    console.log(`\nretention, a month of ${dropN.toLocaleString('en')} clicks: dropping its partition ${ms(t0)} ms`);
    const deleteN = await count(deleteOne.name);
    t0 = performance.now();
    for (;;) {
      const [gone] = await db.query<{ n: number }>(
        `WITH gone AS (DELETE FROM ${deleteOne.name} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${deleteOne.name} WHERE clicked_at < $1 LIMIT 10000)) RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [deleteOne.to.toISOString()],
      );
      if (gone.n < 10_000) break;
    }
    console.log(`retention, a month of ${deleteN.toLocaleString('en')} clicks: deleting its rows in batches of 10,000 ${ms(t0)} ms`);
  } finally {
    await db.close();
    await target.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
