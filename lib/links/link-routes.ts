// REST v1 /api/v1/links handlers (token or session, through withWorkspace): read the input, call one
// domain function, shape the answer. Field rules are shared with Variant A (link-input.ts).
import { invalidField } from '../http/errors';
import { requestIp } from '../http/handle-route';
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { assertCan } from '../workspaces/actor';
import { linkScope } from '../workspaces/scope';
import { checkAliasAvailability } from './alias-availability';
import { createLink } from './create-link';
import { deleteLink } from './delete-link';
import { duplicateLink } from './duplicate-link';
import { freeOldCode } from './free-previous-code';
import { deleteLinks } from './delete-links';
import { parseTagParam } from '../schemas/link';
import { findTags } from './find-tags';
import { findLinks, LINK_ARCHIVED, LINK_ORDERS, LINK_SORTS, LINK_STATUS_FILTERS } from './find-links';
import { getLinkOrThrow, getLinksOrThrow } from './get-link-or-throw';
import { changesFrom, createdByParam, createInputFrom, intParam, optionalId, readLinkFields, V1_CREATE_FIELDS, V1_UPDATE_FIELDS } from './link-input';
import { updateLink } from './update-link';
import { linkScanJson } from '../safety/deep-scan/link-scan-json';
import { previousCodesJson } from './previous-codes-json';
import { serializeLink } from './serialize-link';
import { parsePreview } from '../schemas/link';
import { linksWithPreviews, linkWithPreview } from '../previews/preview-routes';

type Params = { id: string };

const MAX_BULK = 100;

/** GET /api/v1/links — the workspace's links (links.read); ?tag=, ?archived=exclude|include|only, ?sort=created|clicks|code|destination. */
export async function listLinksRoute({ actor, ctx, searchParams: params }: WorkspaceRequest<object>): Promise<Response> {
  const limit = intParam(params, 'limit', 50, 1, 100);
  const offset = intParam(params, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  const createdBy = createdByParam(params);
  const found = await findLinks(ctx.handle.db, {
    scope: linkScope(actor, 'read'),
    createdBy,
    q: params.get('q')?.trim() || undefined,
    sort: oneOf(params, 'sort', LINK_SORTS),
    order: oneOf(params, 'order', LINK_ORDERS),
    status: oneOf(params, 'status', LINK_STATUS_FILTERS),
    tag: parseTagParam(params.get('tag')),
    archived: oneOf(params, 'archived', LINK_ARCHIVED),
    limit,
    offset,
  });
  return json({ links: await linksWithPreviews(found.links, actor.workspaceId, ctx), total: found.total, limit, offset });
}

/** POST /api/v1/links (links.write). */
export async function createLinkRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readLinkFields(req, V1_CREATE_FIELDS);
  // Checked before the link is made, so a bad preview creates nothing.
  const preview = parsePreview(body.preview) ?? undefined;
  const link = await createLink(createInputFrom(body, actor, requestIp(req)), ctx);
  return json(await linkWithPreview(link, ctx, preview), { status: 201 });
}

/** GET /api/v1/links/{id} (links.read): with its deep scan and the old codes that still lead to it. */
export async function getLinkRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const [withPreview, scan, previous] = await Promise.all([linkWithPreview(link, ctx), linkScanJson(ctx.handle.db, link), previousCodesJson(ctx, link)]);
  return json({ ...withPreview, scan, previous_codes: previous });
}

/** PATCH /api/v1/links/{id} (links.write; a member only its own). */
export async function updateLinkRoute({ req, actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  const { preview: previewField, ...fields } = await readLinkFields(req, V1_UPDATE_FIELDS);
  const preview = parsePreview(previewField);
  // A body with only `preview` changes only the preview.
  const onlyPreview = preview !== undefined && Object.keys(fields).length === 0;
  const updated = onlyPreview ? link : await updateLink(link, changesFrom(fields), ctx, linkScope(actor, 'write'));
  return json(await linkWithPreview(updated, ctx, preview));
}

/** POST /api/v1/links/{id}/duplicate (links.write): a copy under a new random code, see duplicate-link.ts. */
export async function duplicateLinkRoute({ req, actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const source = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const copy = await duplicateLink(source, { workspaceId: actor.workspaceId, createdBy: actor.userId, plan: actor.workspace?.plan, clientIp: requestIp(req) }, ctx);
  return json(serializeLink(copy, ctx.domains), { status: 201 });
}

/** DELETE /api/v1/links/{id}/previous-codes/{code} (links.write): the old code stops redirecting and is free again. */
export async function freePreviousCodeRoute({ actor, ctx, params }: WorkspaceRequest<Params & { code: string }>): Promise<Response> {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  await freeOldCode(link, params.code, ctx);
  return new Response(null, { status: 204 });
}

/** DELETE /api/v1/links/{id} (links.write; a member only its own). */
export async function deleteLinkRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  await deleteLink(await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id), ctx, linkScope(actor, 'write'));
  return new Response(null, { status: 204 });
}

/** POST /api/v1/links/bulk-delete {ids}: all or nothing. */
export async function bulkDeleteLinksRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const { ids } = await readLinkFields(req, new Set(['ids']));
  if (!Array.isArray(ids) || ids.length < 1 || ids.length > MAX_BULK || !ids.every((v) => Number.isSafeInteger(v) && (v as number) > 0)) {
    throw invalidField('ids', `ids must be a list of 1 to ${MAX_BULK} link ids (positive whole numbers).`);
  }
  const links = await getLinksOrThrow({ actor, ctx, access: 'write' }, [...new Set(ids as number[])]);
  return json({ deleted: await deleteLinks(links, ctx, linkScope(actor, 'write')) });
}

/** GET /api/v1/links/tags — the tags used in the workspace, most used first (for the filter and the dialog). */
export async function listTagsRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  return json({ tags: await findTags(ctx.handle.db, linkScope(actor, 'read')) });
}

/** GET /api/v1/links/availability?alias=&domain_id= */
export async function aliasAvailabilityRoute({ actor, ctx, searchParams: params }: WorkspaceRequest<object>): Promise<Response> {
  assertCan(actor, 'links.write');
  const alias = params.get('alias');
  if (alias === null || alias === '') throw invalidField('alias', 'Name the alias to check with ?alias=.');
  return json(await checkAliasAvailability(ctx, actor.workspaceId, alias, optionalId(params.get('domain_id') ?? undefined, 'domain_id')));
}

function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw invalidField(name, `${name} must be one of ${allowed.join(', ')}.`);
  return raw as T;
}
