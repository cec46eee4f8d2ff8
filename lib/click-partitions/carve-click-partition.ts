// Makes the partition of one month: in one transaction, the month's clicks move out of the default
// partition into a new table, which is then attached for the month. Readers see the clicks in one
// place or the other, never both or neither. The attach reads the default partition once more (PostgreSQL checks it
// holds none of the month), so this is quick once the default is small.
import type { DbHandle } from '../db/types';
import { addMonths, partitionName } from './month-range';

/** Columns of clicks, in the order the table declares them (db/migrations/0044_partitioned_clicks.sql). */
const COLUMNS =
  'link_id, clicked_at, referrer, user_agent, ip, visitor, country, region, city, device, browser, os, referrer_host, trigger, bot, rule_id, variant_id, privacy';

export interface CarveClickPartitionOptions {
  /**
   * Makes every write of clicks wait for the move (reads go on), so each then routes its clicks with
   * the new partition in place: for this month and later ones, which the click writer writes to.
   * Otherwise only writes into the default partition wait, and one that was already routed there
   * fails once the month is no longer the default's; the click writer writes a failed batch again,
   * and it writes no earlier month's clicks anyway, so an earlier month's move holds none of its writes.
   */
  holdWrites: boolean;
}

/**
 * Moves the default partition's clicks of the month beginning at `from` into its own partition;
 * returns how many moved, or undefined when the partition exists already (another worker made it).
 */
export async function carveClickPartition(
  db: Pick<DbHandle, 'transaction'>,
  from: Date,
  { holdWrites }: CarveClickPartitionOptions,
): Promise<{ name: string; moved: number } | undefined> {
  const name = partitionName(from);
  const to = addMonths(from, 1);
  return db.transaction(async (q) => {
    await q.query(`LOCK TABLE ${holdWrites ? 'clicks' : 'clicks_default'} IN SHARE ROW EXCLUSIVE MODE`);
    const [found] = await q.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`public.${name}`]);
    if (found?.t) return undefined;
    await q.query(`CREATE TABLE ${name} (LIKE clicks INCLUDING DEFAULTS)`);
    const [moved] = await q.query<{ n: number }>(
      `WITH gone AS (DELETE FROM clicks_default WHERE clicked_at >= $1 AND clicked_at < $2 RETURNING ${COLUMNS}),
            kept AS (INSERT INTO ${name} (${COLUMNS}) SELECT ${COLUMNS} FROM gone RETURNING 1)
       SELECT count(*)::int AS n FROM kept`,
      [from.toISOString(), to.toISOString()],
    );
    await q.query(`ALTER TABLE clicks ATTACH PARTITION ${name} FOR VALUES FROM ('${from.toISOString()}') TO ('${to.toISOString()}')`);
    return { name, moved: Number(moved?.n ?? 0) };
  });
}
