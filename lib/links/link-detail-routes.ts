// REST v1 handlers for one link's detail page (token or session, through withUser): its statistics
// and its event history. Someone else's link, or an unknown id, is 404.
import { getLinkStats } from '../analytics/get-stats';
import { parseStatsRange } from '../analytics/stats-range';
import { findLinkEvents } from '../events/find-link-events';
import { invalidField } from '../http/errors';
import { json } from '../http/json-response';
import { getOwnedLinkById } from './get-owned-link';
import type { LinkContext } from './link-context';

type Params = { id: string };

/** GET /api/v1/links/{id}/stats?interval=&from=&to=&tz= — the Variant A stats body. */
export async function linkStatsRoute(req: Request, userId: string, ctx: LinkContext, { id }: Params): Promise<Response> {
  const link = await getOwnedLinkById(ctx, userId, id);
  const range = parseStatsRange(new URL(req.url).searchParams);
  return json(await getLinkStats(ctx.handle, link, range));
}

/** GET /api/v1/links/{id}/events?limit=1..100&before= — the link's events, newest first. */
export async function linkEventsRoute(req: Request, userId: string, ctx: LinkContext, { id }: Params): Promise<Response> {
  const link = await getOwnedLinkById(ctx, userId, id);
  const q = new URL(req.url).searchParams;
  const limitText = q.get('limit') ?? '20';
  const limit = /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= 100)) throw invalidField('limit', 'The limit must be a whole number from 1 to 100.');
  return json(await findLinkEvents(ctx.handle.db, link.id, { limit, before: q.get('before') || undefined }));
}
