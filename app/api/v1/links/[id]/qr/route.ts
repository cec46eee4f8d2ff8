import { withUser } from '@/lib/http/with-user';
import { getOwnedLinkById } from '@/lib/links/get-owned-link';
import { qrResponse } from '@/lib/qr/qr-response';

// GET /api/v1/links/{id}/qr?format=png|svg|pdf&size=&margin=&ecc=&fg=&bg=&logo=1 — the link's QR code.
export const GET = withUser<{ id: string }>(async (req, userId, ctx, { id }) => qrResponse(req, await getOwnedLinkById(ctx, userId, id), ctx));
