import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteLinkRoute, getLinkRoute, updateLinkRoute } from '@/lib/links/link-routes';

// GET, PATCH (only the fields given; null removes password, expiration, max_clicks), DELETE /api/v1/links/{id}
export const GET = withWorkspace(getLinkRoute, { permission: 'links.read' });
export const PATCH = withWorkspace(updateLinkRoute, { permission: 'links.write' });
export const DELETE = withWorkspace(deleteLinkRoute, { permission: 'links.write' });
