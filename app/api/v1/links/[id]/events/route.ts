import { withWorkspace } from '@/lib/http/with-workspace';
import { linkEventsRoute } from '@/lib/links/link-detail-routes';

// GET /api/v1/links/{id}/events?limit=1..100&before=<event id> – the link's history, newest first
export const GET = withWorkspace(linkEventsRoute, { permission: 'links.read' });
