// Orphan visit counts and kept visits go with the clicks: past the workspace's click retention (its
// plan's, or its own shorter click_retention_days), the daily retention job deletes them
// (lib/analytics/apply-retention.ts; docs/guide/orphan-visits.md).
import type { Plan } from '../../db/schema';
import type { Queryable } from '../db/types';

/** Days kept per workspace; NULL (Enterprise, no shorter choice) keeps everything. LEAST skips NULLs. */
function keptDays(byPlanDays: Record<Plan, number | null>): string {
  const byPlan = Object.entries(byPlanDays)
    .map(([plan, days]) => `WHEN '${plan}' THEN ${days === null ? 'NULL' : days}`)
    .join(' ');
  return `LEAST(w.click_retention_days, CASE w.plan ${byPlan} END)`;
}

/** `retention`: days kept by plan (RETENTION_DAYS). */
export async function deleteOldOrphanVisits(
  db: Queryable,
  opts: { now: Date; batch: number; retention: Record<Plan, number | null> },
): Promise<{ counts: number; visits: number }> {
  const { now, batch } = opts;
  const kept = keptDays(opts.retention);
  const [counts] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM orphan_visit_counts c USING domains d JOIN workspaces w ON w.id = d.workspace_id
       WHERE d.id = c.domain_id AND c.day < ($1::timestamptz AT TIME ZONE 'UTC')::date - ${kept}
       RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now.toISOString()],
  );
  let visits = 0;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }>(
      `WITH gone AS (
         DELETE FROM orphan_visits WHERE ctid = ANY(ARRAY(
           SELECT v.ctid FROM orphan_visits v JOIN domains d ON d.id = v.domain_id JOIN workspaces w ON w.id = d.workspace_id
           WHERE v.visited_at < $1::timestamptz - make_interval(days => ${kept}) LIMIT $2))
         RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [now.toISOString(), batch],
    );
    visits += Number(n);
    if (Number(n) < batch) return { counts: Number(counts.n), visits };
  }
}
