import { withWorkspace } from '@/lib/http/with-workspace';
import { changeMemberRoleRoute, removeMemberRoute } from '@/lib/workspaces/member-routes';

// PATCH /api/v1/workspace/members/{userId} – change a role {role: admin|member}
export const PATCH = withWorkspace(changeMemberRoleRoute, { permission: 'members.write' });
// DELETE /api/v1/workspace/members/{userId} – remove a member (their links go to you, their tokens end)
export const DELETE = withWorkspace(removeMemberRoute, { permission: 'members.write' });
