import { withWorkspace } from '@/lib/http/with-workspace';
import { listMembersRoute } from '@/lib/workspaces/member-routes';

// GET /api/v1/workspace/members – the workspace's members, owner first
export const GET = withWorkspace(listMembersRoute, { permission: 'members.read' });
