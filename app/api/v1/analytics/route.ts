import { workspaceStatsRoute } from '@/lib/analytics/workspace-stats-route';
import { withWorkspace } from '@/lib/http/with-workspace';

// GET /api/v1/analytics?interval=&from=&to=&tz=&link_id=&created_by= – the workspace's statistics
export const GET = withWorkspace(workspaceStatsRoute, { permission: 'analytics.read' });
