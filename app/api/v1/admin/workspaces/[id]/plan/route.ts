import { withAdmin } from '@/lib/http/with-admin';
import { setPlanRoute } from '@/lib/admin/admin-routes';

// PUT /api/v1/admin/workspaces/{id}/plan – {plan, note?}
export const PUT = withAdmin<{ id: string }>(setPlanRoute);
