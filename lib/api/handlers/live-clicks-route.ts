// GET /api/v1/analytics/live – the workspace's clicks as server-sent events (docs/guide/live-clicks.md).
import { currentLiveFeed } from '../../analytics/current-live-feed';
import { ZLastEventId } from '../../analytics/live-clicks-schema';
import { liveEventStream } from '../../analytics/live-event-stream';
import { AppError } from '../../core/errors';
import { liveDomains } from '../../domains/current-domains';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { operationHandler } from '../../http/operation';
import { getLinkOrThrow } from '../../links/get-link-or-throw';
import { liveClicks } from '../../openapi/operations/stats';
import { parseWith } from '../../schemas/parse-input';

export const liveClicksRoute = operationHandler(liveClicks, async ({ req, actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const linkId = query.linkId === undefined ? undefined : (await getLinkOrThrow({ actor, ctx, access: 'read' }, query.linkId)).id;
  const domains = await liveDomains();
  if (query.domainId !== undefined && !domains.current.usableBy(actor.workspaceId, query.domainId, { anyStatus: true })) {
    throw new AppError('not_found', `No domain with id ${query.domainId} in this workspace.`);
  }
  const header = req.headers.get('last-event-id');
  const lastEventId = header === null ? query.lastEventId : parseWith(ZLastEventId, header, 'Last-Event-ID');
  const body = await liveEventStream({
    feed: currentLiveFeed(ctx.handle),
    workspaceId: actor.workspaceId,
    filter: { linkId, tag: query.tag, domainId: query.domainId },
    lastEventId,
    linkAddress: (domainId, code) => {
      const domain = domains.current.byId(domainId) ?? domains.current.defaultDomain;
      return { domain: domain.hostname, shortUrl: domains.current.shortUrl(domain, code) };
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies: pass each event on at once.
      'x-accel-buffering': 'no',
    },
  });
});
