// Variant A (/api.php, bearer token, JSON): create, list, stats, domains, update, delete (DESIGN §4).
import { domainSettings } from '../domains/domain-settings';
import { listDomains } from '../domains/manage-domains';
import { serializeDomain } from '../domains/serialize-domain';
import { getLinkStats } from '../analytics/get-stats';
import { parseStatsRange } from '../analytics/stats-range';
import { AppError, invalidField } from '../http/errors';
import { requestIp } from '../http/handle-route';
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { createLink } from '../links/create-link';
import { deleteLink } from '../links/delete-link';
import { findLinks } from '../links/find-links';
import { getLinkByCodeOrThrow } from '../links/get-link-or-throw';
import { changesFrom, CREATE_FIELDS, createInputFrom, intParam, optionalId, readLinkFields, UPDATE_FIELDS } from '../links/link-input';
import type { LinkContext } from '../links/link-context';
import { serializeLink } from '../links/serialize-link';
import { updateLink } from '../links/update-link';
import { assertCan, type Actor } from '../workspaces/actor';
import { linkScope, type Access } from '../workspaces/scope';

/** Every operation acts within the token's workspace, with the permission it needs. */
export async function handleApiPhp({ req, actor, ctx, searchParams: params }: WorkspaceRequest<object>): Promise<Response> {
  switch (req.method) {
    case 'POST': {
      assertCan(actor, 'links.write');
      const link = await createLink(createInputFrom(await readLinkFields(req, CREATE_FIELDS), actor, requestIp(req)), ctx);
      return json(serializeLink(link, ctx.domains), { status: 201 });
    }
    case 'GET':
      return readOp(params, actor, ctx);
    case 'PATCH':
    case 'PUT': {
      assertCan(actor, 'links.write');
      const link = await linkFromParams(params, actor, ctx, 'write');
      const updated = await updateLink(link, changesFrom(await readLinkFields(req, UPDATE_FIELDS)), ctx, linkScope(actor, 'write'));
      return json(serializeLink(updated, ctx.domains));
    }
    case 'DELETE': {
      assertCan(actor, 'links.write');
      await deleteLink(await linkFromParams(params, actor, ctx, 'write'), ctx, linkScope(actor, 'write'));
      return new Response(null, { status: 204 });
    }
    default:
      throw new AppError('method_not_allowed', `${req.method} is not supported here; use GET, POST, PATCH, PUT or DELETE.`);
  }
}

async function readOp(params: URLSearchParams, actor: Actor, ctx: LinkContext): Promise<Response> {
  const action = params.get('action');
  if (action === 'list') {
    assertCan(actor, 'links.read');
    const limit = intParam(params, 'limit', 50, 1, 1000);
    const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const q = params.get('q')?.trim() || undefined;
    const found = await findLinks(ctx.handle.db, { scope: linkScope(actor, 'read'), q, limit, offset });
    return json({ links: found.links.map((l) => serializeLink(l, ctx.domains)), total: found.total, limit, offset });
  }
  if (action === 'stats') {
    assertCan(actor, 'analytics.read');
    const link = await linkFromParams(params, actor, ctx, 'read');
    return json(await getLinkStats(ctx.handle, link, parseStatsRange(params)));
  }
  if (action === 'domains') {
    assertCan(actor, 'domains.read');
    const settings = domainSettings();
    return json({ domains: (await listDomains(ctx.handle, actor)).map((d) => ({ ...serializeDomain(d, settings), is_default: d.isDefault })) });
  }
  throw invalidField('action', action ? `Unknown action "${action}"; use list, stats or domains.` : 'Say what to do with ?action=list, stats or domains.');
}

function linkFromParams(params: URLSearchParams, actor: Actor, ctx: LinkContext, access: Access) {
  const slug = params.get('slug');
  if (!slug) throw invalidField('slug', 'Name the link with ?slug=<short code>.');
  return getLinkByCodeOrThrow({ actor, ctx, access }, slug, optionalId(params.get('domain_id') ?? undefined, 'domain_id'));
}
