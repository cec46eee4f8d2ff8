import { withWorkspace } from '@/lib/http/with-workspace';
import { getLinkOrThrow } from '@/lib/links/get-link-or-throw';
import { qrResponse } from '@/lib/qr/qr-response';

// GET /api/v1/links/{id}/qr?format=png|svg|pdf&size=&margin=&ecc=&fg=&bg=&logo=1 — the link's QR code.
export const GET = withWorkspace<{ id: string }>(
  async ({ req, actor, ctx, params }) => qrResponse(req, await getLinkOrThrow({ actor, ctx, access: 'read' }, params.id), ctx),
  { permission: 'links.read' },
);
