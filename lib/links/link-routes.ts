// REST v1 /api/v1/links handlers (token or session, through withUser): read the input, call one
// domain function, shape the answer. Field rules are shared with Variant A (link-input.ts).
import { invalidField } from '../http/errors';
import { json } from '../http/json-response';
import { checkAliasAvailability } from './alias-availability';
import { createLink } from './create-link';
import { deleteLink } from './delete-link';
import { deleteLinks } from './delete-links';
import { findLinks, LINK_ORDERS, LINK_SORTS, LINK_STATUS_FILTERS } from './find-links';
import { getOwnedLinkById, getOwnedLinksByIds } from './get-owned-link';
import type { LinkContext } from './link-context';
import { changesFrom, CREATE_FIELDS, createInputFrom, intParam, optionalId, readLinkFields, UPDATE_FIELDS } from './link-input';
import { serializeLink } from './serialize-link';
import { updateLink } from './update-link';

type Params = { id: string };

const MAX_BULK = 100;

export async function listLinksRoute(req: Request, userId: string, ctx: LinkContext): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const limit = intParam(params, 'limit', 50, 1, 100);
  const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const found = await findLinks(ctx.handle.db, {
    userId,
    q: params.get('q')?.trim() || undefined,
    sort: oneOf(params, 'sort', LINK_SORTS),
    order: oneOf(params, 'order', LINK_ORDERS),
    status: oneOf(params, 'status', LINK_STATUS_FILTERS),
    limit,
    offset,
  });
  return json({ links: found.links.map((l) => serializeLink(l, ctx.domains)), total: found.total, limit, offset });
}

export async function createLinkRoute(req: Request, userId: string, ctx: LinkContext): Promise<Response> {
  const link = await createLink(createInputFrom(await readLinkFields(req, CREATE_FIELDS), userId), ctx);
  return json(serializeLink(link, ctx.domains), { status: 201 });
}

export async function getLinkRoute(_req: Request, userId: string, ctx: LinkContext, { id }: Params): Promise<Response> {
  return json(serializeLink(await getOwnedLinkById(ctx, userId, id), ctx.domains));
}

export async function updateLinkRoute(req: Request, userId: string, ctx: LinkContext, { id }: Params): Promise<Response> {
  const link = await getOwnedLinkById(ctx, userId, id);
  const updated = await updateLink(link, changesFrom(await readLinkFields(req, UPDATE_FIELDS)), ctx);
  return json(serializeLink(updated, ctx.domains));
}

export async function deleteLinkRoute(_req: Request, userId: string, ctx: LinkContext, { id }: Params): Promise<Response> {
  await deleteLink(await getOwnedLinkById(ctx, userId, id), ctx);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/links/bulk-delete {ids}: all or nothing. */
export async function bulkDeleteLinksRoute(req: Request, userId: string, ctx: LinkContext): Promise<Response> {
  const { ids } = await readLinkFields(req, new Set(['ids']));
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_BULK || !ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) {
    throw invalidField('ids', `ids must be a list of 1 to ${MAX_BULK} link ids (positive whole numbers).`);
  }
  const links = await getOwnedLinksByIds(ctx, userId, [...new Set(ids as number[])]);
  return json({ deleted: await deleteLinks(links, ctx) });
}

/** GET /api/v1/links/availability?alias=&domain_id= */
export async function aliasAvailabilityRoute(req: Request, _userId: string, ctx: LinkContext): Promise<Response> {
  const params = new URL(req.url).searchParams;
  const alias = params.get('alias');
  if (alias === null || alias === '') throw invalidField('alias', 'Name the alias to check with ?alias=.');
  return json(await checkAliasAvailability(ctx, alias, optionalId(params.get('domain_id') ?? undefined, 'domain_id')));
}

function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalidField(name, `${name} must be one of ${allowed.join(', ')}.`);
  return raw as T;
}
