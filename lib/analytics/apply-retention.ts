// Click retention by the workspace's plan: Free 30 days, Pro 1 year, Business 2 years, Enterprise
// unlimited (anonymous links, in the system workspace, count as Free), or the workspace's own when
// shorter (docs/guide/privacy.md). A month's partition of raw clicks that every workspace's retention
// has passed is dropped whole (drop-expired-click-partitions.ts); otherwise raw clicks, rollups and
// unique-visitor sketches older than that are deleted in batches, each its own short statement, so
// no lock is held for long, and only in the partitions that hold clicks that old. The daily job runs this.
import type { Plan } from '../../db/schema';
import type { DbHandle, Queryable } from '../db/types';
import { processClock } from '../core/clock';
import { deleteOldOrphanVisits } from '../orphans/delete-old-orphan-visits';
import { type ClickPartition, listClickPartitions } from '../click-partitions/list-click-partitions';
import { dropExpiredClickPartitions } from '../click-partitions/drop-expired-click-partitions';
import { deleteClickRollups } from '../links/delete-click-rollups';

export const RETENTION_DAYS: Record<Plan, number | null> = { free: 30, pro: 365, business: 730, enterprise: null };

const DAY = 86_400_000;

export async function applyRetention(
  db: Pick<DbHandle, 'query' | 'transaction'>,
  opts: { now?: Date; batchSize?: number } = {},
): Promise<{ clicks: number; rollups: number }> {
  const now = opts.now ?? processClock().now();
  const batch = opts.batchSize ?? 10_000;
  const dropped = await dropExpiredClickPartitions(db, { now, retentionDays: RETENTION_DAYS });
  let clicks = dropped.clicks;
  let rollups = 0;
  const partitions = await listClickPartitions(db);
  for (const [plan, days] of Object.entries(RETENTION_DAYS)) {
    if (days === null) continue;
    // Links of workspaces on this plan.
    const planLinks = `SELECT l.id FROM links l JOIN workspaces w ON w.id = l.workspace_id WHERE w.plan = $2`;
    const gone = await deleteBefore(db, partitions, cutoffOf(now, days), planLinks, plan, batch);
    clicks += gone.clicks;
    rollups += gone.rollups;
  }
  // A workspace's own shorter retention (docs/guide/privacy.md): the shorter of the two applies.
  const shorter = await db.query<{ id: string; days: number }>(
    `SELECT id, click_retention_days AS days FROM workspaces WHERE click_retention_days IS NOT NULL`,
  );
  for (const w of shorter) {
    const gone = await deleteBefore(db, partitions, cutoffOf(now, w.days), `SELECT id FROM links WHERE workspace_id = $2`, w.id, batch);
    clicks += gone.clicks;
    rollups += gone.rollups;
  }
  // Orphan visits (docs/guide/orphan-visits.md), by the same retention: a separate step.
  await deleteOldOrphanVisits(db, { now, batch, retention: RETENTION_DAYS });
  return { clicks, rollups };
}

const cutoffOf = (now: Date, days: number) => new Date(now.getTime() - days * DAY).toISOString();

/**
 * Deletes the raw clicks, rollups and sketches older than `cutoff` of the links `linksSql` selects
 * (given `$2`). Raw clicks are deleted partition by partition (a row's ctid is its place in one
 * table), in the default partition and the months that begin before the cutoff.
 */
async function deleteBefore(
  db: Queryable,
  partitions: ClickPartition[],
  cutoff: string,
  linksSql: string,
  key: string,
  batch: number,
): Promise<{ clicks: number; rollups: number }> {
  const tables = ['clicks_default', ...partitions.filter((p) => p.from.getTime() < Date.parse(cutoff)).map((p) => p.name)];
  let clicks = 0;
  for (const table of tables) {
    clicks += await repeat(batch, () =>
      db.query(
        `WITH gone AS (
           DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
             SELECT c.ctid FROM ${table} c WHERE c.link_id IN (${linksSql}) AND c.clicked_at < $1 LIMIT $3))
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [cutoff, key, batch],
      ),
    );
  }
  // Taken off the workspace rollups as they go (delete-click-rollups.ts).
  const rollups = await repeat(batch, async () => {
    const where = `r.ctid = ANY(ARRAY(
      SELECT r.ctid FROM click_rollups r WHERE r.link_id IN (${linksSql}) AND r.hour < date_trunc('hour', $1::timestamptz) LIMIT $3))`;
    return [{ n: (await deleteClickRollups(db, where, [cutoff, key, batch])).rows }];
  });
  // Unique-visitor sketches of the days whose clicks are gone (the cutoff's own day stays, as its rollups' later hours do).
  await db.query(`DELETE FROM visitor_sketches WHERE link_id IN (${linksSql}) AND day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [cutoff, key]);
  // And the workspace sketches that start before the cutoff's hour (one spanning it is left stale, so unused).
  await db.query(
    `DELETE FROM workspace_visitor_sketches WHERE workspace_id IN (SELECT l.workspace_id FROM links l WHERE l.id IN (${linksSql}))
       AND start < date_trunc('hour', $1::timestamptz)`,
    [cutoff, key],
  );
  return { clicks, rollups };
}

/** Runs a batch delete until a batch comes back short; returns the rows deleted. */
async function repeat(batch: number, run: () => Promise<Array<Record<string, unknown>>>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = Number((await run())[0]?.n ?? 0);
    total += n;
    if (n < batch) return total;
  }
}
