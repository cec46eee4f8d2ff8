import { withWorkspace } from '@/lib/http/with-workspace';
import { linkStatsRoute } from '@/lib/links/link-detail-routes';

// GET /api/v1/links/{id}/stats?interval=hour|day|week&from=&to=&tz= – the link's statistics
export const GET = withWorkspace(linkStatsRoute, { permission: 'analytics.read' });
