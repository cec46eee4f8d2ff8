// REST v1 pieces of the social preview: the `preview` field of the link answers, and
// PUT/DELETE /api/v1/links/{id}/preview/image (the body of a PUT is the PNG or JPEG itself).
import type { LinkRow } from '../../../db/schema';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import type { AppContext } from '../../context/app-context';
import { getLinkOrThrow } from '../../links/get-link-or-throw';
import * as ops from '../../openapi/operations/link-assets';
import { operationHandler } from '../../http/operation';
import { serializeLink, type LinkJson } from '../../links/serialize-link';
import type { LinkPreviewInput, LinkPreviewJson } from '../../previews/link-preview-schema';
import {
  applyPreview,
  findPreview,
  findPreviews,
  findUploadedImage,
  previewJson,
  removeUploadedImage,
  saveUploadedImage,
} from '../../previews/link-preview-store';
import { AppError } from '../../core/errors';

type Params = { id: string };

export type LinkWithPreviewJson = LinkJson & { preview: LinkPreviewJson | null };

/** The link's answer with its preview; `change` (from parsePreview) is applied first: null removes it. */
export async function linkWithPreview(link: LinkRow, ctx: AppContext, change?: LinkPreviewInput | null): Promise<LinkWithPreviewJson> {
  const preview = change === undefined ? await findPreview(ctx.handle.db, link) : await applyPreview(ctx.handle, link, change);
  return { ...serializeLink(link, ctx.domains), preview: previewJson(preview, link, ctx.domains) };
}

/** The list's links with their previews (one query for the page). */
export async function linksWithPreviews(links: LinkRow[], workspaceId: string, ctx: AppContext): Promise<LinkWithPreviewJson[]> {
  const previews = await findPreviews(
    ctx.handle.db,
    workspaceId,
    links.map((l) => l.id),
  );
  return links.map((l) => ({ ...serializeLink(l, ctx.domains), preview: previewJson(previews.get(l.id), l, ctx.domains) }));
}

// GET /api/v1/links/{id}/preview/image – the uploaded image, for the dashboard's card preview (same origin, any domain)
export const getPreviewImageRoute = operationHandler(ops.getLinkPreviewImage, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id);
  const image = await findUploadedImage(ctx.handle.db, link.id);
  if (!image) throw new AppError('not_found', 'This link has no uploaded preview image.');
  return new Response(new Uint8Array(image.data), {
    headers: { 'content-type': image.type, 'cache-control': 'private, no-cache', 'x-content-type-options': 'nosniff' },
  });
});

// PUT /api/v1/links/{id}/preview/image – body: a PNG or JPEG (judged by its bytes), ≤ 1 MiB and 4096×4096 pixels
export const putPreviewImageRoute = operationHandler(ops.putLinkPreviewImage, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, upload }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  const preview = await saveUploadedImage(ctx.handle, link, upload.data);
  return json({ preview: previewJson(preview, link, ctx.domains) });
});

// DELETE /api/v1/links/{id}/preview/image – back to the generated card
export const deletePreviewImageRoute = operationHandler(ops.deleteLinkPreviewImage, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  await removeUploadedImage(ctx.handle, link);
  return new Response(null, { status: 204 });
});
