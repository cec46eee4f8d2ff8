// Click exports over REST v1 (through withWorkspace): one link's clicks, or the whole workspace's
// (optionally one link's or one member's), streamed as CSV or JSON, narrowed by the same dimension
// filters as the statistics (?country=&device=&browser=&os=&referrer=&trigger=&tag=).
import { invalidField } from '../http/errors';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getLinkOrThrow } from '../links/get-link-or-throw';
import { exportClicks, EXPORT_FORMATS, type ExportFormat, type ExportScope } from './export-clicks';
import { parseStatsFilters } from './stats-filters';
import { parseStatsRange } from './stats-range';
import { workspaceAnalyticsScope } from './workspace-analytics-scope';

/** GET /api/v1/links/{id}/clicks/export?format=csv|json&from=&to= */
export async function linkExportRoute({ actor, ctx, params, searchParams }: WorkspaceRequest<{ id: string }>): Promise<Response> {
  const format = exportFormat(searchParams);
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  return exportResponse(ctx.handle, { linkId: link.id, filters: parseStatsFilters(searchParams) }, searchParams, format, `sling-${link.shortCode}`);
}

/** GET /api/v1/analytics/export?format=csv|json&from=&to=&link_id=&created_by= — the workspace's clicks. */
export async function workspaceExportRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const format = exportFormat(searchParams);
  const scope = await workspaceAnalyticsScope({ actor, ctx }, searchParams);
  return exportResponse(ctx.handle, { ...scope, filters: parseStatsFilters(searchParams) }, searchParams, format, `sling-${actor.workspace.slug}`);
}

function exportFormat(params: URLSearchParams): ExportFormat {
  const format = (params.get('format') ?? 'csv') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', 'The format must be csv or json.');
  return format;
}

function exportResponse(db: Parameters<typeof exportClicks>[0], scope: ExportScope, params: URLSearchParams, format: ExportFormat, name: string): Response {
  // Same from/to rules as the statistics (default: the last 30 days); the interval is not used.
  const { from, to } = parseStatsRange(new URLSearchParams({ interval: 'week', ...pick(params, 'from', 'to') }));
  const filename = `${name}-clicks-${from.toISOString().slice(0, 10)}-to-${to.toISOString().slice(0, 10)}.${format}`;
  return new Response(exportClicks(db, scope, { from, to }, format), {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

function pick(params: URLSearchParams, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (params.get(n) ? [[n, params.get(n)!]] : [])));
}
