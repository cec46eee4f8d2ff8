// Drops a month's partition of raw clicks once no workspace keeps any of it: for every link with a
// click in it, the link's workspace's retention (its plan's, or its own when shorter) has passed the
// month's end. One enterprise workspace (unlimited) with a click there keeps the month; clicks of
// deleted links keep nothing. A dropped month costs one statement instead of a delete per click.
import type { DbHandle } from '../db/types';
import { listClickPartitions } from './list-click-partitions';

export interface DropExpiredClickPartitionsOptions {
  now: Date;
  /** Days each plan keeps clicks (null: without end), as apply-retention.ts has them. */
  retentionDays: Record<string, number | null>;
}

// Is some click of the partition still kept by its link's workspace ($1 now, $2 the month's end)?
const KEPT = (table: string) => `
SELECT EXISTS (
  SELECT 1 FROM links l
  JOIN workspaces w ON w.id = l.workspace_id
  CROSS JOIN LATERAL (
    SELECT least((SELECT r.days FROM unnest($3::text[], $4::int[]) AS r(plan, days) WHERE r.plan = w.plan), w.click_retention_days) AS days
  ) k
  WHERE (k.days IS NULL OR $1::timestamptz - k.days * interval '86400 seconds' < $2::timestamptz)
    AND EXISTS (SELECT 1 FROM ${table} c WHERE c.link_id = l.id)
) AS kept`;

/** Drops the partitions no workspace keeps; returns the clicks they held. */
export async function dropExpiredClickPartitions(
  db: Pick<DbHandle, 'query' | 'transaction'>,
  { now, retentionDays }: DropExpiredClickPartitionsOptions,
): Promise<{ partitions: string[]; clicks: number }> {
  const plans = Object.keys(retentionDays);
  const days = plans.map((p) => retentionDays[p]);
  const dropped: string[] = [];
  let clicks = 0;
  for (const p of await listClickPartitions(db)) {
    if (p.to.getTime() > now.getTime()) break; // oldest first: this month and later ones still fill
    const n = await db.transaction(async (q) => {
      // Taken first, so no click reaches the month between the check and the drop (writes wait on
      // the table itself, then route without the month).
      await q.query('LOCK TABLE clicks IN SHARE ROW EXCLUSIVE MODE');
      await q.query(`LOCK TABLE ${p.name} IN ACCESS EXCLUSIVE MODE`);
      const [row] = await q.query<{ kept: boolean }>(KEPT(p.name), [now.toISOString(), p.to.toISOString(), plans, days]);
      if (row?.kept) return undefined;
      const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${p.name}`);
      await q.query(`DROP TABLE ${p.name}`);
      return Number(count?.n ?? 0);
    });
    if (n === undefined) continue;
    dropped.push(p.name);
    clicks += n;
  }
  return { partitions: dropped, clicks };
}
