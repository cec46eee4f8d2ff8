// GET /api/v1/analytics — the workspace's statistics, in the same shape as a link's (without
// short_code), filterable by link (?link_id=) and by member (?created_by=).
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getStats } from './get-stats';
import { parseStatsRange } from './stats-range';
import { workspaceAnalyticsScope } from './workspace-analytics-scope';

export async function workspaceStatsRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const scope = await workspaceAnalyticsScope({ actor, ctx }, searchParams);
  const range = parseStatsRange(searchParams);
  return json({ workspace: { id: actor.workspace.id, name: actor.workspace.name }, ...(await getStats(ctx.handle, scope, range)) });
}
