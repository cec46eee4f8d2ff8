import { linkExportRoute } from '@/lib/analytics/export-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/links/{id}/clicks/export?format=csv|json&from=&to= — every stored click, streamed.
export const GET = withWorkspace(linkExportRoute, { permission: 'analytics.read' });
