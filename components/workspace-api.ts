// The dashboard's types for the workspace, member and invitation APIs (see
// /api/v1/workspace*), and how a role is named on screen.
import type { Role } from '@/db/schema';
import type { InvitationJson } from '@/lib/workspaces/list-invitations';
import type { MemberJson } from '@/lib/workspaces/list-members';
import type { WorkspaceJson } from '@/lib/workspaces/list-user-workspaces';

export type { Role, WorkspaceJson };
export type Member = MemberJson;
export type Invitation = InvitationJson;
export type { IssuedInvitation } from '@/lib/workspaces/list-invitations';

export { ROLE_LABEL as ROLE_NAMES } from '@/lib/tenancy/permissions';
/** What each role may do, in one sentence each (the invite form explains the roles). */
export const ROLE_HINTS: Record<Role, string> = {
  owner: 'The owner can do everything, including transferring and deleting the workspace.',
  admin: 'Admins manage members, invitations, settings, webhooks and every link.',
  member: 'Members create links and edit their own; they see every link and its analytics.',
};
