import { withAdmin } from '@/lib/http/with-admin';
import { dismissReportRoute } from '@/lib/admin/admin-routes';

// POST /api/v1/admin/reports/{id}/dismiss – set an open report aside {note?}
export const POST = withAdmin<{ id: string }>(dismissReportRoute);
