import { withWorkspace } from '@/lib/http/with-workspace';
import { acceptInvitationRoute } from '@/lib/workspaces/invitation-routes';

// POST /api/v1/invitations/accept – join the workspace of an invitation {token}, signed in with the invited address
export const POST = withWorkspace(acceptInvitationRoute, { auth: 'session' });
