import { withUser } from '@/lib/http/with-user';
import { createLinkRoute, listLinksRoute } from '@/lib/links/link-routes';

// GET /api/v1/links?q=&sort=created|clicks&order=desc|asc&status=&limit=&offset= – the user's links
export const GET = withUser(listLinksRoute);
// POST /api/v1/links – create one {url, alias?, domain_id?, password?, expiration?, max_clicks?}
export const POST = withUser(createLinkRoute);
