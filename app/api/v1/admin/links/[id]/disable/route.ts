import { withAdmin } from '@/lib/http/with-admin';
import { disableLinkRoute } from '@/lib/admin/admin-routes';

// POST /api/v1/admin/links/{id}/disable – {reason, note?}: visitors get 451, the owner sees the reason
export const POST = withAdmin<{ id: string }>(disableLinkRoute);
