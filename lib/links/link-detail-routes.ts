// REST v1 handlers for one link's detail page (token or session, through withWorkspace): its
// statistics and its event history. A link outside the workspace, or an unknown id, is 404.
import { getLinkStats } from '../analytics/get-stats';
import { getPreviousPeriod, wantsComparison } from '../analytics/previous-period';
import { parseStatsFilters } from '../analytics/stats-filters';
import { parseStatsRange } from '../analytics/stats-range';
import { findLinkEvents } from '../events/find-link-events';
import { invalidField } from '../http/errors';
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getLinkOrThrow } from './get-link-or-throw';

type Params = { id: string };

/**
 * GET /api/v1/links/{id}/stats?interval=&from=&to=&tz=&country=&device=…&compare=previous — the
 * Variant A stats body (analytics.read), with `previous` totals when compared.
 */
export async function linkStatsRoute({ actor, ctx, params, searchParams }: WorkspaceRequest<Params>): Promise<Response> {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const range = parseStatsRange(searchParams);
  const filters = parseStatsFilters(searchParams);
  const compare = wantsComparison(searchParams);
  const [stats, previous] = await Promise.all([
    getLinkStats(ctx.handle, link, range, filters),
    compare ? getPreviousPeriod(ctx.handle, { linkId: link.id, filters }, range) : undefined,
  ]);
  return json({ ...stats, ...(previous ? { previous } : {}) });
}

/** GET /api/v1/links/{id}/events?limit=1..100&before= — the link's events, newest first (links.read). */
export async function linkEventsRoute({ actor, ctx, params, searchParams: q }: WorkspaceRequest<Params>): Promise<Response> {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const limitText = q.get('limit') ?? '20';
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= 100)) throw invalidField('limit', 'The limit must be a whole number from 1 to 100.');
  return json(await findLinkEvents(ctx.handle.db, link, { limit, before: q.get('before') || undefined }));
}
