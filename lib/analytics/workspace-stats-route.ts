// GET /api/v1/analytics — the workspace's statistics, in the same shape as a link's (without
// short_code), filterable by link (?link_id=), by member (?created_by=) and by the dimensions a
// link's statistics filter on (?country=&device=&browser=&os=&referrer=&trigger=).
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getStats } from './get-stats';
import { parseStatsFilters } from './stats-filters';
import { parseStatsRange } from './stats-range';
import { workspaceAnalyticsScope } from './workspace-analytics-scope';

export async function workspaceStatsRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const scope = await workspaceAnalyticsScope({ actor, ctx }, searchParams);
  const range = parseStatsRange(searchParams);
  const filters = parseStatsFilters(searchParams);
  return json({ workspace: { id: actor.workspace.id, name: actor.workspace.name }, ...(await getStats(ctx.handle, { ...scope, filters }, range)) });
}
