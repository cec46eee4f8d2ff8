// REST v1 /api/v1/links handlers (token or session, through withWorkspace): the input is parsed by
// the operation's schemas (lib/openapi/operations/links.ts), one domain function, the answer shaped.
import { requestIp } from '../../http/handle-route';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/links';
import { operationHandler } from '../../http/operation';
import { assertCan } from '../../tenancy/actor';
import { linkScope } from '../../tenancy/scope';
import { checkAliasAvailability } from '../../links/alias-availability';
import { createLink } from '../../links/create-link';
import { deleteLink } from '../../links/delete-link';
import { deleteLinks } from '../../links/delete-links';
import { updateLinks } from '../../links/update-links';
import { findTags } from '../../links/find-tags';
import { withColors } from '../../tags/with-colors';
import { findLinks } from '../../links/find-links';
import { getLinkOrThrow, getLinksOrThrow } from '../../links/get-link-or-throw';
import { changesFrom, createInputFrom } from '../../links/link-input';
import { serializeLink } from '../../links/serialize-link';
import { updateLink } from '../../links/update-link';
import { linkScanJson } from '../../safety/deep-scan/link-scan-json';
import { linksWithPreviews, linkWithPreview } from './preview-routes';
import { parsePreview } from '../../links/link-schema';
import { duplicateLink } from '../../links/duplicate-link';
import { freeOldCode } from '../../links/free-previous-code';
import { previousCodesJson } from '../../links/previous-codes-json';
import { recordConversion } from '../../links/record-conversion';
import { auditBy } from '../../audit/record-audit';
import { onReplica } from '../../db/read-replica';

type Params = { id: string };

/** GET /api/v1/links — the workspace's links (links.read); ?tag=, ?archived=exclude|include|only, ?sort=created|clicks|code|destination. */
export const listLinksRoute = operationHandler(ops.listLinks, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const { limit, offset, created_by: createdBy, domain_id: domainId, ...filters } = query;
  // A replica answers only once it holds everything the primary does: the caller's own writes show.
  const found = await onReplica(ctx.handle, (h) => findLinks(h.db, { scope: linkScope(actor, 'read'), createdBy, domainId, ...filters, limit, offset }), {
    ownWrites: true,
  });
  return json({ links: await linksWithPreviews(found.links, actor.workspaceId, ctx), total: found.total, limit, offset });
});

/** POST /api/v1/links (links.write). */
export const createLinkRoute = operationHandler(ops.createLink, async ({ req, actor, ctx }: WorkspaceRequest<object>, { body }) => {
  // Checked before the link is made, so a bad preview creates nothing.
  const preview = parsePreview(body.preview) ?? undefined;
  const link = await createLink(createInputFrom(body, actor, requestIp(req)), ctx);
  // A link made just now has no preview unless this request gives it one: nothing to look up (a
  // query per creation otherwise).
  const answer = preview === undefined ? { ...serializeLink(link, ctx.domains), preview: null } : await linkWithPreview(link, ctx, preview);
  return json(answer, { status: 201 });
});

/** GET /api/v1/links/{id} (links.read): with its deep scan and the old codes that still lead to it. */
export const getLinkRoute = operationHandler(ops.getLink, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const [withPreview, scan, previous] = await Promise.all([linkWithPreview(link, ctx), linkScanJson(ctx.handle.db, link), previousCodesJson(ctx, link)]);
  return json({ ...withPreview, scan, previous_codes: previous });
});

/** PATCH /api/v1/links/{id} (links.write; a member only its own). */
export const updateLinkRoute = operationHandler(ops.updateLink, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  const { preview: previewField, ...fields } = body;
  const preview = parsePreview(previewField);
  // A body with only `preview` changes only the preview.
  const onlyPreview = preview !== undefined && Object.keys(fields).length === 0;
  const updated = onlyPreview ? link : await updateLink(link, changesFrom(fields), ctx, linkScope(actor, 'write'));
  return json(await linkWithPreview(updated, ctx, preview));
});

/** POST /api/v1/links/{id}/duplicate (links.write): a copy under a new random code, see duplicate-link.ts. */
export const duplicateLinkRoute = operationHandler(ops.duplicateLink, async ({ req, actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const source = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const copy = await duplicateLink(
    source,
    { workspaceId: actor.workspaceId, createdBy: actor.userId, plan: actor.workspace?.plan, clientIp: requestIp(req) },
    ctx,
  );
  return json(serializeLink(copy, ctx.domains), { status: 201 });
});

/** POST /api/v1/links/{id}/conversions (links.write): one or more conversions for a variant of the link's A/B test. */
export const recordConversionRoute = operationHandler(ops.recordConversion, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  return json({ variant: body.variant, conversions: await recordConversion(link, body.variant, body.count, ctx) });
});

/** DELETE /api/v1/links/{id}/previous-codes/{code} (links.write): the old code stops redirecting and is free again. */
export const freePreviousCodeRoute = operationHandler(ops.freePreviousCode, async ({ actor, ctx }: WorkspaceRequest<Params & { code: string }>, { params }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  await freeOldCode(link, params.code, ctx);
  return new Response(null, { status: 204 });
});

/** DELETE /api/v1/links/{id} (links.write; a member only its own). */
export const deleteLinkRoute = operationHandler(ops.deleteLink, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await deleteLink(await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id), ctx, linkScope(actor, 'write'), auditBy(actor));
  return new Response(null, { status: 204 });
});

/** POST /api/v1/links/bulk-delete {ids}: all or nothing. */
export const bulkDeleteLinksRoute = operationHandler(ops.bulkDeleteLinks, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  const links = await getLinksOrThrow({ actor, ctx, access: 'write' }, [...new Set(body.ids)]);
  return json({ deleted: await deleteLinks(links, ctx, linkScope(actor, 'write'), auditBy(actor)) });
});

/**
 * POST /api/v1/links/bulk-update {ids, archived?, add_tags?, remove_tags?, domain_id?, folder_id?}: an id outside
 * the workspace refuses everything (404, 403 for a member's view of another's link), as bulk-delete
 * does; a code taken on the target domain leaves that link unchanged and names it in `failed`.
 */
export const bulkUpdateLinksRoute = operationHandler(ops.bulkUpdateLinks, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  await getLinksOrThrow({ actor, ctx, access: 'write' }, body.ids);
  const changes = { archived: body.archived, addTags: body.add_tags, removeTags: body.remove_tags, domainId: body.domain_id, folderId: body.folder_id };
  return json(await updateLinks(body.ids, changes, ctx, linkScope(actor, 'write'), actor.workspaceId));
});

/** GET /api/v1/links/tags — the tags used in the workspace with their colours, most used first (for the filter and the dialog). */
export const listTagsRoute = operationHandler(ops.listTags, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ tags: await withColors(ctx.handle.db, actor.workspaceId, await findTags(ctx.handle.db, linkScope(actor, 'read'))) });
});

/** GET /api/v1/links/availability?alias=&domain_id= */
export const aliasAvailabilityRoute = operationHandler(ops.aliasAvailability, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  assertCan(actor, 'links.write');
  return json(await checkAliasAvailability(ctx, actor.workspaceId, query.alias, query.domain_id));
});
