// Click retention by the workspace's plan: Free 30 days, Pro 1 year, Business 2 years, Enterprise
// unlimited (anonymous links, in the system workspace, count as Free). Raw clicks, rollups and unique-visitor sketches older than that are deleted in
// batches, each its own short statement, so no lock is held for long. The daily job runs this.
import type { Plan } from '../../db/schema';
import type { Queryable } from '../db/types';
import { processClock } from '../core/clock';

export const RETENTION_DAYS: Record<Plan, number | null> = { free: 30, pro: 365, business: 730, enterprise: null };

const DAY = 86_400_000;

export async function applyRetention(db: Queryable, opts: { now?: Date; batchSize?: number } = {}): Promise<{ clicks: number; rollups: number }> {
  const now = opts.now ?? processClock().now();
  const batch = opts.batchSize ?? 10_000;
  let clicks = 0;
  let rollups = 0;
  for (const [plan, days] of Object.entries(RETENTION_DAYS)) {
    if (days === null) continue;
    const cutoff = new Date(now.getTime() - days * DAY).toISOString();
    // Links of workspaces on this plan.
    const planLinks = `SELECT l.id FROM links l JOIN workspaces w ON w.id = l.workspace_id WHERE w.plan = $2`;
    clicks += await repeat(batch, () =>
      db.query(
        `WITH gone AS (
           DELETE FROM clicks WHERE ctid = ANY(ARRAY(
             SELECT c.ctid FROM clicks c WHERE c.link_id IN (${planLinks}) AND c.clicked_at < $1 LIMIT $3))
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [cutoff, plan, batch],
      ),
    );
    rollups += await repeat(batch, () =>
      db.query(
        `WITH gone AS (
           DELETE FROM click_rollups WHERE ctid = ANY(ARRAY(
             SELECT r.ctid FROM click_rollups r WHERE r.link_id IN (${planLinks}) AND r.hour < date_trunc('hour', $1::timestamptz) LIMIT $3))
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [cutoff, plan, batch],
      ),
    );
    // Unique-visitor sketches of the days whose clicks are gone (the cutoff's own day stays, as its rollups' later hours do).
    await db.query(`DELETE FROM visitor_sketches WHERE link_id IN (${planLinks}) AND day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [cutoff, plan]);
  }
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
