import { withUser } from '@/lib/http/with-user';
import { bulkDeleteLinksRoute } from '@/lib/links/link-routes';

// POST /api/v1/links/bulk-delete {ids} – delete up to 100 of the user's links, all or none
export const POST = withUser(bulkDeleteLinksRoute);
