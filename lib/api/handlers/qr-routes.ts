// REST v1 /api/v1/links/{id}/qr and /qr/logo handlers (token or session, through withWorkspace):
// the rendered code, and the upload and removal of its centre logo. Input parsed by the operations
// of lib/openapi/operations/link-assets.ts.
import type { WorkspaceRequest } from '../../http/with-workspace';
import { getLinkOrThrow } from '../../links/get-link-or-throw';
import * as ops from '../../openapi/operations/link-assets';
import { operationHandler } from '../../http/operation';
import { deleteLinkLogo, saveLinkLogo } from '../../qr/link-logo';
import { qrResponse } from '../../qr/qr-response';

type Params = { id: string };

// GET /api/v1/links/{id}/qr?format=png|svg|pdf&size=&margin=&ecc=&fg=&bg=&logo=1|favicon
export const qrRoute = operationHandler(ops.getLinkQr, async ({ req, actor, ctx }: WorkspaceRequest<Params>, { params, query }) =>
  qrResponse(req, await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id), ctx, query),
);

// PUT /api/v1/links/{id}/qr/logo (body: a PNG or SVG, Content-Type image/png or image/svg+xml, ≤ 256 KiB)
export const putLogoRoute = operationHandler(ops.putLinkQrLogo, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, upload }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  await saveLinkLogo(ctx.handle.db, link, upload);
  return new Response(null, { status: 204 });
});

// DELETE /api/v1/links/{id}/qr/logo
export const deleteLogoRoute = operationHandler(ops.deleteLinkQrLogo, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
  await deleteLinkLogo(ctx.handle.db, link);
  return new Response(null, { status: 204 });
});
