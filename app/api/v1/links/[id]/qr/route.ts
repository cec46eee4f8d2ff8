import { withWorkspace } from '@/lib/http/with-workspace';
import { qrRoute } from '@/lib/qr/qr-routes';

// GET /api/v1/links/{id}/qr?format=png|svg|pdf&size=&margin=&ecc=&fg=&bg=&logo=1 — the link's QR code.
export const GET = withWorkspace(qrRoute, { permission: 'links.read' });
