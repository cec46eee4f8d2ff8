import { exportClicks, EXPORT_FORMATS, type ExportFormat } from '@/lib/analytics/export-clicks';
import { parseStatsRange } from '@/lib/analytics/stats-range';
import { invalidField } from '@/lib/http/errors';
import { withUser } from '@/lib/http/with-user';
import { getOwnedLinkById } from '@/lib/links/get-owned-link';

// GET /api/v1/links/{id}/clicks/export?format=csv|json&from=&to= — every stored click, streamed.
export const GET = withUser<{ id: string }>(async (req, userId, ctx, { id }) => {
  const params = new URL(req.url).searchParams;
  const format = (params.get('format') ?? 'csv') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', 'The format must be csv or json.');
  const link = await getOwnedLinkById(ctx, userId, id);
  // Same from/to rules as the statistics (default: the last 30 days); the interval is not used.
  const { from, to } = parseStatsRange(new URLSearchParams({ interval: 'week', ...pick(params, 'from', 'to') }));
  const filename = `sling-${link.shortCode}-clicks-${from.toISOString().slice(0, 10)}-to-${to.toISOString().slice(0, 10)}.${format}`;
  return new Response(exportClicks(ctx.handle, { linkId: link.id, from, to }, format), {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
});

function pick(params: URLSearchParams, ...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((n) => (params.get(n) ? [[n, params.get(n)!]] : [])));
}
