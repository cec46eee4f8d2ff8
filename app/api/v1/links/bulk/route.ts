import { withWorkspace } from '@/lib/http/with-workspace';
import { bulkCreateLinksRoute } from '@/lib/links/bulk-create-route';

// POST /api/v1/links/bulk {links: [{url, alias?, …}, …]} – create up to 100 links, one result per item
export const POST = withWorkspace(bulkCreateLinksRoute, { permission: 'links.write' });
