import { withWorkspace } from '@/lib/http/with-workspace';
import { createLinkRoute, listLinksRoute } from '@/lib/links/link-routes';

// GET /api/v1/links?q=&sort=created|clicks&order=desc|asc&status=&created_by=&limit=&offset= – the workspace's links
export const GET = withWorkspace(listLinksRoute, { permission: 'links.read' });
// POST /api/v1/links – create one {url, alias?, domain_id?, password?, expiration?, max_clicks?}
export const POST = withWorkspace(createLinkRoute, { permission: 'links.write' });
