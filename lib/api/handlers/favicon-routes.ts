// REST v1 /api/v1/domains/{id}/favicon (token or session, through withWorkspace): the dashboard shows,
// uploads and removes a custom domain's favicon here. The body of a PUT is the PNG itself.
import { json } from '../../core/json-response';
import { slingIcon } from '../../qr/domain-favicon';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/domain-assets';
import { operationHandler } from '../../http/operation';
import { getOwnFavicon, removeFavicon, saveFavicon, type DomainFavicon } from '../../domains/manage-favicon';

type Params = { id: string };

export interface FaviconJson {
  content_type: 'image/png';
  size: number;
  updated_at: string;
}

function toJson(favicon: DomainFavicon): FaviconJson {
  return { content_type: favicon.contentType, size: favicon.data.length, updated_at: favicon.updatedAt.toISOString() };
}

/** Says which icon GET answered with: `uploaded`, or `sling` while the domain has none of its own. */
export const FAVICON_SOURCE_HEADER = 'x-favicon-source';

// GET /api/v1/domains/{id}/favicon – the icon the domain shows: its upload, else Sling's (never a 404
// for "none", which the dashboard's image would log as an error)
export const getFaviconRoute = operationHandler(ops.getDomainFavicon, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const { favicon } = await getOwnFavicon(ctx.handle, actor, params.id);
  const shown = favicon ?? slingIcon();
  return new Response(new Uint8Array(shown.data), {
    headers: { 'content-type': shown.contentType, 'cache-control': 'private, no-cache', [FAVICON_SOURCE_HEADER]: favicon ? 'uploaded' : 'sling' },
  });
});

// PUT /api/v1/domains/{id}/favicon – body: a PNG (judged by its bytes), ≤ 512 KiB and 1024×1024 pixels
export const putFaviconRoute = operationHandler(ops.putDomainFavicon, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, upload }) => {
  const { domain, favicon } = await saveFavicon(ctx.handle, actor, params.id, upload.data);
  return json({ favicon: toJson(favicon), domain_id: domain.id });
});

// DELETE /api/v1/domains/{id}/favicon – back to Sling's icon
export const deleteFaviconRoute = operationHandler(ops.deleteDomainFavicon, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await removeFavicon(ctx.handle, actor, params.id);
  return new Response(null, { status: 204 });
});
