// Deletes hourly per-link rollups and takes their clicks off the workspace-wide rollups they were
// summed into (db/schema/workspace-rollups.ts), so both keep telling the same story: link deletion,
// retention and a recount all delete rollups through here. (It sits with links, the lowest of the
// three folders that need it.) Workspace rows left at zero are deleted too.
import type { Queryable } from '../db/types';

/** Deleted per link: the clicks of its total rows (dim ''), what its counter held of them. */
export type DeletedRollups = { rows: number; totals: Map<number, number> };

/**
 * `where` selects click_rollups rows (alias r) with its own parameters, `params`. One statement
 * deletes and subtracts; a second drops the workspace rows it emptied (still empty).
 */
export async function deleteClickRollups(q: Queryable, where: string, params: unknown[]): Promise<DeletedRollups> {
  const [row] = await q.query<{ rows: number; links: Array<number | string> | null; totals: number[] | null; emptied: string | null }>(
    `WITH gone AS (
       DELETE FROM click_rollups r WHERE ${where} RETURNING r.link_id, r.workspace_id, r.hour, r.dim, r.value, r.clicks),
     summed AS (
       SELECT workspace_id, dim, hour, value, sum(clicks)::int AS n FROM gone GROUP BY 1, 2, 3, 4
       UNION ALL SELECT workspace_id, 'link', date_trunc('day', hour, 'UTC'), link_id::text, sum(clicks)::int FROM gone WHERE dim = '' GROUP BY 1, 3, 4
       ORDER BY 1, 2, 3, 4),
     untallied AS (
       UPDATE workspace_rollups w SET clicks = w.clicks - s.n FROM summed s
       WHERE w.workspace_id = s.workspace_id AND w.dim = s.dim AND w.hour = s.hour AND w.value = s.value
       RETURNING w.workspace_id, w.dim, w.hour, w.value, w.clicks),
     totals AS (SELECT link_id, sum(clicks)::bigint AS n FROM gone WHERE dim = '' GROUP BY link_id)
     SELECT (SELECT count(*) FROM gone)::int AS rows,
            (SELECT array_agg(link_id) FROM totals) AS links, (SELECT array_agg(n) FROM totals) AS totals,
            (SELECT json_agg(json_build_array(workspace_id, dim, hour, value)) FROM untallied WHERE clicks <= 0)::text AS emptied`,
    params,
  );
  if (row?.emptied) {
    const keys = JSON.parse(row.emptied) as Array<[string, string, string, string]>;
    // The keys as JSON text: one text parameter passes alike through every driver and transaction.
    await q.query(
      `DELETE FROM workspace_rollups w USING json_to_recordset($1::json) AS k(w text, d text, h timestamptz, v text)
       WHERE w.workspace_id = k.w AND w.dim = k.d AND w.hour = k.h AND w.value = k.v AND w.clicks <= 0`,
      [JSON.stringify(keys.map(([w, d, h, v]) => ({ w, d, h, v })))],
    );
  }
  const links = row?.links ?? [];
  return { rows: Number(row?.rows ?? 0), totals: new Map(links.map((id, i) => [Number(id), Number(row!.totals![i])])) };
}
