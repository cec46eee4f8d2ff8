import { withUser } from '@/lib/http/with-user';
import { deleteLinkRoute, getLinkRoute, updateLinkRoute } from '@/lib/links/link-routes';

// GET, PATCH (only the fields given; null removes password, expiration, max_clicks), DELETE /api/v1/links/{id}
export const GET = withUser(getLinkRoute);
export const PATCH = withUser(updateLinkRoute);
export const DELETE = withUser(deleteLinkRoute);
