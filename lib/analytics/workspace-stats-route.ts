// GET /api/v1/analytics — the workspace's statistics, in the same shape as a link's (without
// short_code), filterable by link (?link_id=), by member (?created_by=) and by the dimensions a
// link's statistics filter on (?country=&device=&browser=&os=&referrer=&trigger=); with
// ?compare=previous, the previous period's totals too.
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getStats } from './get-stats';
import { getPreviousPeriod, wantsComparison } from './previous-period';
import { parseStatsFilters } from './stats-filters';
import { parseStatsRange } from './stats-range';
import { workspaceAnalyticsScope } from './workspace-analytics-scope';

export async function workspaceStatsRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const scope = await workspaceAnalyticsScope({ actor, ctx }, searchParams);
  const range = parseStatsRange(searchParams);
  const filters = parseStatsFilters(searchParams);
  const compare = wantsComparison(searchParams);
  const [stats, previous] = await Promise.all([
    getStats(ctx.handle, { ...scope, filters }, range),
    compare ? getPreviousPeriod(ctx.handle, { ...scope, filters }, range) : undefined,
  ]);
  return json({ workspace: { id: actor.workspace.id, name: actor.workspace.name }, ...stats, ...(previous ? { previous } : {}) });
}
