// The dashboard's types for the workspace, member and invitation APIs (see
// /api/v1/workspace*), and how a role is named on screen.
import type { Role } from '@/db/schema';
import type { WorkspaceJson } from '@/lib/workspaces/list-user-workspaces';

export type { Role, WorkspaceJson };
export type Member = { user_id: string; name: string; email: string; role: Role; joined_at: string };
export type Invitation = {
  id: string;
  email: string;
  role: Role;
  status: 'pending' | 'expired';
  expires_at: string;
  created_at: string;
  inviter: { id: string; name: string; email: string };
};

export const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
/** What each role may do, in one sentence each (the invite form explains the roles). */
export const ROLE_HINTS: Record<Role, string> = {
  owner: 'The owner can do everything, including transferring and deleting the workspace.',
  admin: 'Admins manage members, invitations, settings, webhooks and every link.',
  member: 'Members create links and edit their own; they see every link and its analytics.',
};
