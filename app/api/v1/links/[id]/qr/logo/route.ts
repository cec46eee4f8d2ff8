import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteLogoRoute, putLogoRoute } from '@/lib/qr/qr-routes';

// PUT /api/v1/links/{id}/qr/logo (body: a PNG or SVG, Content-Type image/png or image/svg+xml, ≤ 256 KiB)
export const PUT = withWorkspace(putLogoRoute, { permission: 'links.write' });
// DELETE /api/v1/links/{id}/qr/logo
export const DELETE = withWorkspace(deleteLogoRoute, { permission: 'links.write' });
