import { withWorkspace } from '@/lib/http/with-workspace';
import { deleteWorkspaceRoute, getWorkspaceRoute, updateWorkspaceRoute } from '@/lib/workspaces/workspace-routes';

// GET /api/v1/workspace – the current workspace, your role and permissions
export const GET = withWorkspace(getWorkspaceRoute, { permission: 'workspace.read' });
// PATCH /api/v1/workspace – rename or change the slug {name?, slug?}
export const PATCH = withWorkspace(updateWorkspaceRoute, { permission: 'workspace.update' });
// DELETE /api/v1/workspace – delete a team workspace with everything in it
export const DELETE = withWorkspace(deleteWorkspaceRoute, { auth: 'session', permission: 'workspace.delete' });
