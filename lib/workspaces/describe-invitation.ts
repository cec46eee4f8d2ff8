// What the /invite/<secret> page shows before anyone is signed in: the workspace, who invited
// which address with which role, and whether the link still works.
import { eq } from 'drizzle-orm';
import { users, workspaceInvitations, workspaces, type Role } from '../../db/schema';
import type { Db } from '../db/types';
import { invitationHash, looksLikeInvitationSecret } from './invitation-secret';

export type InvitationState = 'pending' | 'expired' | 'accepted' | 'canceled' | 'unknown';

export type InvitationDescription =
  | {
      status: Exclude<InvitationState, 'unknown'>;
      workspace: { id: string; name: string };
      email: string;
      role: Role;
      inviter: { name: string; email: string };
    }
  | { status: 'unknown'; workspace: null; email: null; role: null; inviter: null };

export async function describeInvitation(db: Db, secret: string): Promise<InvitationDescription> {
  const unknown = { status: 'unknown', workspace: null, email: null, role: null, inviter: null } as const;
  if (!looksLikeInvitationSecret(secret)) return unknown;
  const [row] = await db
    .select({
      status: workspaceInvitations.status,
      expiresAt: workspaceInvitations.expiresAt,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      workspace: { id: workspaces.id, name: workspaces.name },
      inviter: { name: users.name, email: users.email },
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.organizationId))
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(eq(workspaceInvitations.tokenHash, invitationHash(secret)))
    .limit(1);
  if (!row) return unknown;
  const { expiresAt: _, ...shown } = row;
  return { ...shown, status: invitationState(row) };
}

/** pending past its expiry is expired; rejected (not used by Sling) reads as canceled. */
export function invitationState(row: { status: string; expiresAt: Date }): Exclude<InvitationState, 'unknown'> {
  if (row.status === 'accepted') return 'accepted';
  if (row.status !== 'pending') return 'canceled';
  return new Date(row.expiresAt).getTime() <= Date.now() ? 'expired' : 'pending';
}
