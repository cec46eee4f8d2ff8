import { withUser } from '@/lib/http/with-user';
import { getOwnedLinkById } from '@/lib/links/get-owned-link';
import { deleteLinkLogo, saveLinkLogo } from '@/lib/qr/link-logo';

// PUT /api/v1/links/{id}/qr/logo (body: a PNG or SVG, Content-Type image/png or image/svg+xml, ≤ 256 KiB)
export const PUT = withUser<{ id: string }>(async (req, userId, ctx, { id }) => {
  const link = await getOwnedLinkById(ctx, userId, id);
  await saveLinkLogo(ctx.handle.db, link.id, req);
  return new Response(null, { status: 204 });
});

// DELETE /api/v1/links/{id}/qr/logo
export const DELETE = withUser<{ id: string }>(async (_req, userId, ctx, { id }) => {
  const link = await getOwnedLinkById(ctx, userId, id);
  await deleteLinkLogo(ctx.handle.db, link.id);
  return new Response(null, { status: 204 });
});
