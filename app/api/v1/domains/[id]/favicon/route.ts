import { deleteFaviconRoute, getFaviconRoute, putFaviconRoute } from '@/lib/domains/favicon-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET, PUT (body: a PNG, ≤ 512 KiB), DELETE /api/v1/domains/{id}/favicon – the domain's favicon, used at its /favicon.ico and by QR logo=favicon
export const GET = withWorkspace(getFaviconRoute, { permission: 'domains.read' });
export const PUT = withWorkspace(putFaviconRoute, { permission: 'domains.write' });
export const DELETE = withWorkspace(deleteFaviconRoute, { permission: 'domains.write' });
