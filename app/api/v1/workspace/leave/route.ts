import { withWorkspace } from '@/lib/http/with-workspace';
import { leaveWorkspaceRoute } from '@/lib/workspaces/member-routes';

// POST /api/v1/workspace/leave – leave the current team workspace (not its owner); your links go to the owner
export const POST = withWorkspace(leaveWorkspaceRoute, { auth: 'session' });
