import { withWorkspace } from '@/lib/http/with-workspace';
import { resendInvitationRoute } from '@/lib/workspaces/invitation-routes';

// POST /api/v1/workspace/invitations/{id}/resend – a new link and 7 more days; the old link stops working
export const POST = withWorkspace(resendInvitationRoute, { permission: 'members.write' });
