import { workspaceExportRoute } from '@/lib/analytics/export-routes';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/analytics/export?format=csv|json&from=&to=&link_id=&created_by= – the workspace's clicks, streamed
export const GET = withWorkspace(workspaceExportRoute, { permission: 'analytics.read' });
