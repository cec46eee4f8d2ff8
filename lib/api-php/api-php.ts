// Variant A (/api.php, bearer token, JSON): create, list, stats, domains, update, delete (DESIGN §4).
import { getLinkStats } from '../analytics/get-stats';
import { parseStatsRange } from '../analytics/stats-range';
import { AppError, invalidField } from '../http/errors';
import type { ApiResult } from '../http/with-api-token';
import { createLink } from '../links/create-link';
import { deleteLink } from '../links/delete-link';
import { findLinks } from '../links/find-links';
import { getOwnedLinkOrThrow } from '../links/get-owned-link';
import { changesFrom, CREATE_FIELDS, createInputFrom, intParam, optionalId, readLinkFields, UPDATE_FIELDS } from '../links/link-input';
import type { LinkContext } from '../links/link-context';
import { serializeLink } from '../links/serialize-link';
import { updateLink } from '../links/update-link';
import type { TokenOwner } from '../tokens/authenticate-token';

export async function handleApiPhp(req: Request, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const params = new URL(req.url).searchParams;
  switch (req.method) {
    case 'POST':
      return createOp(await readLinkFields(req, CREATE_FIELDS), owner, ctx);
    case 'GET':
      return readOp(params, owner, ctx);
    case 'PATCH':
    case 'PUT':
      return updateOp(params, await readLinkFields(req, UPDATE_FIELDS), owner, ctx);
    case 'DELETE': {
      await deleteLink(await linkFromParams(params, owner, ctx), ctx);
      return { status: 204 };
    }
    default:
      throw new AppError('method_not_allowed', `${req.method} is not supported here; use GET, POST, PATCH, PUT or DELETE.`);
  }
}

async function createOp(body: Record<string, unknown>, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const link = await createLink(createInputFrom(body, owner.userId), ctx);
  return { status: 201, body: serializeLink(link, ctx.domains) };
}

async function readOp(params: URLSearchParams, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const action = params.get('action');
  if (action === 'list') {
    const limit = intParam(params, 'limit', 50, 1, 1000);
    const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const q = params.get('q')?.trim() || undefined;
    const found = await findLinks(ctx.handle.db, { userId: owner.userId, q, limit, offset });
    return { status: 200, body: { links: found.links.map((l) => serializeLink(l, ctx.domains)), total: found.total, limit, offset } };
  }
  if (action === 'stats') {
    const link = await linkFromParams(params, owner, ctx);
    return { status: 200, body: await getLinkStats(ctx.handle, link, parseStatsRange(params)) };
  }
  if (action === 'domains') {
    const d = ctx.domains.defaultDomain;
    return { status: 200, body: { domains: [{ id: d.id, hostname: d.hostname, is_default: true }] } };
  }
  throw invalidField('action', action ? `Unknown action "${action}"; use list, stats or domains.` : 'Say what to do with ?action=list, stats or domains.');
}

async function updateOp(params: URLSearchParams, body: Record<string, unknown>, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const link = await linkFromParams(params, owner, ctx);
  const updated = await updateLink(link, changesFrom(body), ctx);
  return { status: 200, body: serializeLink(updated, ctx.domains) };
}

function linkFromParams(params: URLSearchParams, owner: TokenOwner, ctx: LinkContext) {
  const slug = params.get('slug');
  if (!slug) throw invalidField('slug', 'Name the link with ?slug=<short code>.');
  return getOwnedLinkOrThrow(ctx, owner.userId, slug, optionalId(params.get('domain_id') ?? undefined, 'domain_id'));
}
