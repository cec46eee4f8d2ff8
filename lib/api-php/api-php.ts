// Variant A (/api.php, bearer token, JSON): create, list, stats, domains, update, delete (DESIGN §4).
import { getLinkStats } from '../analytics/get-stats';
import { parseStatsRange } from '../analytics/stats-range';
import { AppError, invalidField } from '../http/errors';
import { readJsonBody } from '../http/read-json-body';
import type { ApiResult } from '../http/with-api-token';
import { createLink } from '../links/create-link';
import { deleteLink } from '../links/delete-link';
import { findLinks } from '../links/find-links';
import { getOwnedLinkOrThrow } from '../links/get-owned-link';
import type { LinkContext } from '../links/link-context';
import { parseExpiration } from '../links/parse-expiration';
import { serializeLink } from '../links/serialize-link';
import { updateLink } from '../links/update-link';
import type { TokenOwner } from '../tokens/authenticate-token';

const CREATE_FIELDS = new Set(['url', 'alias', 'domain_id', 'password', 'expiration', 'max_clicks']);
const UPDATE_FIELDS = new Set(['url', 'alias', 'password', 'expiration', 'max_clicks']);

export async function handleApiPhp(req: Request, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const params = new URL(req.url).searchParams;
  switch (req.method) {
    case 'POST':
      return createOp(await readObject(req, CREATE_FIELDS), owner, ctx);
    case 'GET':
      return readOp(params, owner, ctx);
    case 'PATCH':
    case 'PUT':
      return updateOp(params, await readObject(req, UPDATE_FIELDS), owner, ctx);
    case 'DELETE': {
      await deleteLink(await linkFromParams(params, owner, ctx), ctx);
      return { status: 204 };
    }
    default:
      throw new AppError('method_not_allowed', `${req.method} is not supported here; use GET, POST, PATCH, PUT or DELETE.`);
  }
}

async function createOp(body: Record<string, unknown>, owner: TokenOwner, ctx: LinkContext): Promise<ApiResult> {
  const link = await createLink(
    {
      url: body.url,
      alias: body.alias,
      domainId: optionalId(body.domain_id, 'domain_id'),
      userId: owner.userId,
      password: body.password,
      expiresAt: body.expiration === undefined || body.expiration === null ? null : parseExpiration(body.expiration, 'expiration'),
      maxClicks: body.max_clicks,
    },
    ctx,
  );
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
  if (Object.keys(body).length === 0) throw new AppError('invalid_request', 'Send at least one field to change: url, alias, password, expiration or max_clicks.');
  const updated = await updateLink(
    link,
    {
      url: body.url,
      alias: body.alias,
      password: body.password,
      expiresAt: body.expiration === undefined ? undefined : body.expiration === null ? null : parseExpiration(body.expiration, 'expiration'),
      maxClicks: body.max_clicks,
    },
    ctx,
  );
  return { status: 200, body: serializeLink(updated, ctx.domains) };
}

function linkFromParams(params: URLSearchParams, owner: TokenOwner, ctx: LinkContext) {
  const slug = params.get('slug');
  if (!slug) throw invalidField('slug', 'Name the link with ?slug=<short code>.');
  return getOwnedLinkOrThrow(ctx, owner.userId, slug, optionalId(params.get('domain_id') ?? undefined, 'domain_id'));
}

async function readObject(req: Request, allowed: Set<string>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('invalid_request', 'The request body must be a JSON object.');
  }
  const unknown = Object.keys(body).filter((k) => !allowed.has(k));
  if (unknown.length) {
    throw new AppError('invalid_request', `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, Object.fromEntries(unknown.map((k) => [k, 'Unknown field.'])));
  }
  return body as Record<string, unknown>;
}

function intParam(params: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = params.get(name);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) {
    throw invalidField(name, max === Number.MAX_SAFE_INTEGER ? `${name} must be a whole number of at least ${min}.` : `${name} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

function optionalId(v: unknown, field: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : /^\d+$/.test(String(v)) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1) throw invalidField(field, `${field} must be a positive whole number.`);
  return n;
}
