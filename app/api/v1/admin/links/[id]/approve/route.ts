import { withAdmin } from '@/lib/http/with-admin';
import { approveLinkRoute } from '@/lib/admin/admin-routes';

// POST /api/v1/admin/links/{id}/approve – active again, reasons cleared, open reports resolved {note?}
export const POST = withAdmin<{ id: string }>(approveLinkRoute);
