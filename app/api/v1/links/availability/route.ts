import { withUser } from '@/lib/http/with-user';
import { aliasAvailabilityRoute } from '@/lib/links/link-routes';

// GET /api/v1/links/availability?alias=&domain_id= – {available, message?}
export const GET = withUser(aliasAvailabilityRoute);
