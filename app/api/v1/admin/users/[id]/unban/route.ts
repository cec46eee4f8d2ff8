import { withAdmin } from '@/lib/http/with-admin';
import { unbanUserRoute } from '@/lib/admin/admin-routes';

// POST /api/v1/admin/users/{id}/unban – {note?}
export const POST = withAdmin<{ id: string }>(unbanUserRoute);
