// The analytics.partitions job (docs/self-hosting/scale-out.md#partitioned-clicks): makes the
// partitions of this month and the next ones before their clicks come, then moves whatever the
// default partition holds of earlier months into partitions of their own, newest month first, one
// month per transaction (carve-click-partition.ts). After the migration of a table that already held
// clicks, that is how its rows reach monthly partitions while Sling runs; afterwards it picks up
// the rare click stored for a month that had none (a server clock set far back).
import type { DbHandle } from '../db/types';
import { carveClickPartition } from './carve-click-partition';
import { listClickPartitions } from './list-click-partitions';
import { addMonths, monthStart } from './month-range';

export interface MaintainClickPartitionsOptions {
  now: Date;
  /** Months after the current one whose partitions are made ahead (2). */
  monthsAhead?: number;
  /** Earlier months moved out of the default partition in this run, at most (all of them). */
  maxMoves?: number;
}

export interface PartitionsMaintained {
  /** Partitions made, with the clicks moved into each. */
  made: Array<{ name: string; moved: number }>;
  /** Clicks of earlier months the default partition still holds (0 unless maxMoves stopped the run). */
  left: number;
}

export async function maintainClickPartitions(
  db: Pick<DbHandle, 'query' | 'transaction'>,
  { now, monthsAhead = 2, maxMoves = Number.POSITIVE_INFINITY }: MaintainClickPartitionsOptions,
): Promise<PartitionsMaintained> {
  const made: PartitionsMaintained['made'] = [];
  const current = monthStart(now);
  const existing = new Set((await listClickPartitions(db)).map((p) => p.from.getTime()));
  for (let i = 0; i <= monthsAhead; i++) {
    const from = addMonths(current, i);
    if (existing.has(from.getTime())) continue;
    const carved = await carveClickPartition(db, from, { holdWrites: true });
    if (carved) made.push(carved);
  }
  for (let moves = 0; ; moves++) {
    const [older] = await db.query<{ newest: Date | string | null; n: number }>(
      'SELECT max(clicked_at) AS newest, count(*)::int AS n FROM clicks_default WHERE clicked_at < $1',
      [current.toISOString()],
    );
    if (!older?.newest) return { made, left: 0 };
    if (moves >= maxMoves) return { made, left: Number(older.n) };
    const carved = await carveClickPartition(db, monthStart(new Date(older.newest)), { holdWrites: false });
    if (carved) made.push(carved);
  }
}
