import { withWorkspace } from '@/lib/http/with-workspace';
import { revokeInvitationRoute } from '@/lib/workspaces/invitation-routes';

// DELETE /api/v1/workspace/invitations/{id} – revoke a pending invitation
export const DELETE = withWorkspace(revokeInvitationRoute, { permission: 'members.write' });
