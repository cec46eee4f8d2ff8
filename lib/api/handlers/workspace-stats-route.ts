// GET /api/v1/analytics — the workspace's statistics, in the same shape as a link's (without
// short_code), filterable by link (?link_id=), by member (?created_by=) and by the dimensions a
// link's statistics filter on (?country=&device=&browser=&os=&referrer=&trigger=); with
// ?compare=previous, the previous period's totals too.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { workspaceStats } from '../../openapi/operations/stats';
import { operationHandler } from '../../http/operation';
import { getStats } from '../../analytics/get-stats';
import { getPreviousPeriod } from '../../analytics/previous-period';
import { workspaceAnalyticsScope } from '../../analytics/workspace-analytics-scope';
import { onReplica } from '../../db/read-replica';

export const workspaceStatsRoute = operationHandler(workspaceStats, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const scope = await workspaceAnalyticsScope({ actor, ctx }, query);
  const { range, filters, compare } = query;
  // On a replica within the lag bound, when there is one (clicks are a second late anyway).
  const [stats, previous] = await onReplica(ctx.handle, (h) =>
    Promise.all([getStats(h, { ...scope, filters }, range), compare ? getPreviousPeriod(h, { ...scope, filters }, range) : undefined]),
  );
  return json({ workspace: { id: actor.workspace.id, name: actor.workspace.name }, ...stats, ...(previous ? { previous } : {}) });
});
