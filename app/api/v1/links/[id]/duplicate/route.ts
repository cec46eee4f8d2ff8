import { withWorkspace } from '@/lib/http/with-workspace';
import { duplicateLinkRoute } from '@/lib/links/link-routes';

// POST /api/v1/links/{id}/duplicate – a copy under a new random code (no password)
export const POST = withWorkspace(duplicateLinkRoute, { permission: 'links.write' });
