import { withWorkspace } from '@/lib/http/with-workspace';
import { createWorkspaceRoute, listWorkspacesRoute } from '@/lib/workspaces/workspace-routes';

// GET /api/v1/workspaces – your workspaces with your role in each (a token: its own), and the current one
export const GET = withWorkspace(listWorkspacesRoute);
// POST /api/v1/workspaces – create a team workspace {name, slug?}; you own it and the session switches to it
export const POST = withWorkspace(createWorkspaceRoute, { auth: 'session' });
