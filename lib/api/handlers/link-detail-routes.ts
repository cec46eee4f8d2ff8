// REST v1 handlers for one link's detail page (token or session, through withWorkspace): its
// statistics and its event history. A link outside the workspace, or an unknown id, is 404.
import { getLinkStats } from '../../analytics/get-stats';
import { getPreviousPeriod } from '../../analytics/previous-period';
import { findLinkEvents } from '../../events/find-link-events';
import { json } from '../../core/json-response';
import * as ops from '../../openapi/operations/links';
import { linkStats } from '../../openapi/operations/stats';
import { operationHandler } from '../../http/operation';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { getLinkOrThrow } from '../../links/get-link-or-throw';
import { onReplica } from '../../db/read-replica';

type Params = { id: string };

/**
 * GET /api/v1/links/{id}/stats?interval=&from=&to=&tz=&country=&device=…&compare=previous — the
 * Variant A stats body (analytics.read), with `previous` totals when compared.
 */
export const linkStatsRoute = operationHandler(linkStats, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, query }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const { range, filters, compare } = query;
  const [stats, previous] = await onReplica(ctx.handle, (h) =>
    Promise.all([getLinkStats(h, link, range, filters), compare ? getPreviousPeriod(h, { linkId: link.id, filters }, range) : undefined]),
  );
  return json({ ...stats, ...(previous ? { previous } : {}) });
});

/** GET /api/v1/links/{id}/events?limit=1..100&before= — the link's events, newest first (links.read). */
export const linkEventsRoute = operationHandler(ops.linkEvents, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, query }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  return json(await findLinkEvents(ctx.handle.db, link, query));
});
