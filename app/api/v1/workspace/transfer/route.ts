import { withWorkspace } from '@/lib/http/with-workspace';
import { transferOwnershipRoute } from '@/lib/workspaces/workspace-routes';

// POST /api/v1/workspace/transfer – make another member the owner {user_id}; you become an admin
export const POST = withWorkspace(transferOwnershipRoute, { auth: 'session', permission: 'workspace.transfer' });
