// Click exports over REST v1 (through withWorkspace): one link's clicks, or the whole workspace's
// (optionally one link's or one member's), streamed as CSV or JSON, narrowed by the same dimension
// filters as the statistics (?country=&device=&browser=&os=&referrer=&trigger=&tag=).
import type { WorkspaceRequest } from '../../http/with-workspace';
import { getLinkOrThrow } from '../../links/get-link-or-throw';
import { linkClicksExport, workspaceClicksExport } from '../../openapi/operations/stats';
import { operationHandler } from '../../http/operation';
import { exportClicks, type ExportFormat, type ExportScope } from '../../analytics/export-clicks';
import type { StatsRange } from '../../analytics/stats-range';
import { workspaceAnalyticsScope } from '../../analytics/workspace-analytics-scope';
import type { DbHandle } from '../../db/types';

/** GET /api/v1/links/{id}/clicks/export?format=csv|json&from=&to= */
export const linkExportRoute = operationHandler(linkClicksExport, async ({ actor, ctx }: WorkspaceRequest<{ id: string }>, { params, query }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  return exportResponse(ctx.handle, { linkId: link.id, filters: query.filters }, query.range, query.format, `sling-${link.shortCode}`);
});

/** GET /api/v1/analytics/export?format=csv|json&from=&to=&link_id=&created_by= — the workspace's clicks. */
export const workspaceExportRoute = operationHandler(workspaceClicksExport, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const scope = await workspaceAnalyticsScope({ actor, ctx }, query);
  return exportResponse(ctx.handle, { ...scope, filters: query.filters }, query.range, query.format, `sling-${actor.workspace.slug}`);
});

/** Same from/to rules as the statistics (default: the last 30 days); the interval is not used. */
function exportResponse(db: DbHandle, scope: ExportScope, { from, to }: Pick<StatsRange, 'from' | 'to'>, format: ExportFormat, name: string): Response {
  const filename = `${name}-clicks-${from.toISOString().slice(0, 10)}-to-${to.toISOString().slice(0, 10)}.${format}`;
  // A replica within the lag bound streams it when there is one (once started, it is not moved).
  return new Response(exportClicks(db.replicas?.pick() ?? db, scope, { from, to }, format), {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
