import { withWorkspace } from '@/lib/http/with-workspace';
import { switchWorkspaceRoute } from '@/lib/workspaces/workspace-routes';

// POST /api/v1/workspaces/{id}/switch – make one of your workspaces the session's current one
export const POST = withWorkspace(switchWorkspaceRoute, { auth: 'session' });
