import { withUser } from '@/lib/http/with-user';
import { linkEventsRoute } from '@/lib/links/link-detail-routes';

// GET /api/v1/links/{id}/events?limit=1..100&before=<event id> – the link's history, newest first
export const GET = withUser(linkEventsRoute);
