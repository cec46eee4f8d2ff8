import { withWorkspace } from '@/lib/http/with-workspace';
import { bulkDeleteLinksRoute } from '@/lib/links/link-routes';

// POST /api/v1/links/bulk-delete {ids} – delete up to 100 links, all or none
export const POST = withWorkspace(bulkDeleteLinksRoute, { permission: 'links.write' });
