import { withAdmin } from '@/lib/http/with-admin';
import { banUserRoute } from '@/lib/admin/admin-routes';

// POST /api/v1/admin/users/{id}/ban – {reason, note?}: sessions ended, their workspaces' links disabled
export const POST = withAdmin<{ id: string }>(banUserRoute);
