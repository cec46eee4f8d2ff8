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
/** What each role may do, in one line each (the invite form and the members list explain roles). */
export const ROLE_HINTS: Record<Role, string> = {
  owner: 'everything, including the plan, transferring and deleting the workspace',
  admin: 'members, invitations, settings and webhooks, and every link',
  member: 'creates links and manages its own; sees every link and the analytics',
};
