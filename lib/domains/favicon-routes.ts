// REST v1 /api/v1/domains/{id}/favicon (token or session, through withWorkspace): the dashboard shows,
// uploads and removes a custom domain's favicon here. The body of a PUT is the PNG itself.
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { getOwnFavicon, removeFavicon, saveFavicon, type DomainFavicon } from './manage-favicon';

type Params = { id: string };

export interface FaviconJson {
  content_type: 'image/png';
  size: number;
  updated_at: string;
}

function toJson(favicon: DomainFavicon): FaviconJson {
  return { content_type: favicon.contentType, size: favicon.data.length, updated_at: favicon.updatedAt.toISOString() };
}

// GET /api/v1/domains/{id}/favicon – the uploaded image itself (404 while the domain shows Sling's icon)
export async function getFaviconRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const { favicon } = await getOwnFavicon(ctx.handle, actor, params.id);
  return new Response(new Uint8Array(favicon.data), {
    headers: { 'content-type': favicon.contentType, 'cache-control': 'private, no-cache', 'last-modified': favicon.updatedAt.toUTCString() },
  });
}

// PUT /api/v1/domains/{id}/favicon – body: a PNG (judged by its bytes), ≤ 512 KiB and 1024×1024 pixels
export async function putFaviconRoute({ actor, ctx, params, req }: WorkspaceRequest<Params>): Promise<Response> {
  const { domain, favicon } = await saveFavicon(ctx.handle, actor, params.id, req);
  return json({ favicon: toJson(favicon), domain_id: domain.id });
}

// DELETE /api/v1/domains/{id}/favicon – back to Sling's icon
export async function deleteFaviconRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  await removeFavicon(ctx.handle, actor, params.id);
  return new Response(null, { status: 204 });
}
