import { withAdmin } from '@/lib/http/with-admin';
import { reviewQueueRoute } from '@/lib/admin/admin-routes';

// GET /api/v1/admin/review-queue – held and reported links with their evidence, and the audit trail
export const GET = withAdmin(reviewQueueRoute);
