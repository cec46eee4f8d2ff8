import { withAdmin } from '@/lib/http/with-admin';
import { actionsRoute } from '@/lib/admin/admin-routes';

// GET /api/v1/admin/actions – the audit trail, newest first
export const GET = withAdmin(actionsRoute);
