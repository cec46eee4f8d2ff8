import { withWorkspace } from '@/lib/http/with-workspace';
import { getLinkOrThrow } from '@/lib/links/get-link-or-throw';
import { deleteLinkLogo, saveLinkLogo } from '@/lib/qr/link-logo';

// PUT /api/v1/links/{id}/qr/logo (body: a PNG or SVG, Content-Type image/png or image/svg+xml, ≤ 256 KiB)
export const PUT = withWorkspace<{ id: string }>(
  async ({ req, actor, ctx, params }) => {
    const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
    await saveLinkLogo(ctx.handle.db, link, req);
    return new Response(null, { status: 204 });
  },
  { permission: 'links.write' },
);

// DELETE /api/v1/links/{id}/qr/logo
export const DELETE = withWorkspace<{ id: string }>(
  async ({ actor, ctx, params }) => {
    const link = await getLinkOrThrow({ actor, ctx, access: 'write' }, params.id);
    await deleteLinkLogo(ctx.handle.db, link);
    return new Response(null, { status: 204 });
  },
  { permission: 'links.write' },
);
