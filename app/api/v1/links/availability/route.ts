import { withWorkspace } from '@/lib/http/with-workspace';
import { aliasAvailabilityRoute } from '@/lib/links/link-routes';

// GET /api/v1/links/availability?alias=&domain_id= – {available, message?}
export const GET = withWorkspace(aliasAvailabilityRoute, { permission: 'links.read' });
