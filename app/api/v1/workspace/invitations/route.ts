import { withWorkspace } from '@/lib/http/with-workspace';
import { createInvitationRoute, listInvitationsRoute } from '@/lib/workspaces/invitation-routes';

// GET /api/v1/workspace/invitations – pending invitations (expired ones too), newest first
export const GET = withWorkspace(listInvitationsRoute, { permission: 'members.write' });
// POST /api/v1/workspace/invitations – invite {email, role?: member|admin}; the link is mailed, valid 7 days
export const POST = withWorkspace(createInvitationRoute, { permission: 'members.write' });
