// Accepting an invitation (the signed-in invitee): membership with the invited role, the invitation
// used up, the address verified (the mail reached it), and the session opened on the workspace —
// all in one transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { users, workspaceInvitations, workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError, invalidField } from '../http/errors';
import { invitationState } from './describe-invitation';
import { invitationHash, looksLikeInvitationSecret } from './invitation-secret';
import type { WorkspaceJson } from './list-user-workspaces';
import { setActiveWorkspace } from './set-active-workspace';
import { findUserWorkspace } from './switch-workspace';

export async function acceptInvitation(db: Db, input: { secret: unknown; userId: string; sessionId: string }): Promise<WorkspaceJson> {
  if (typeof input.secret !== 'string' || input.secret === '') throw invalidField('token', 'token must be the secret from the invitation link.');
  const notFound = new AppError('not_found', 'This invitation link is not valid; ask for a new invitation.');
  if (!looksLikeInvitationSecret(input.secret)) throw notFound;
  const hash = invitationHash(input.secret);
  const [inv] = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.tokenHash, hash)).limit(1);
  if (!inv) throw notFound;
  const state = invitationState(inv);
  const noLongerValid = () => new AppError('invalid_request', 'This invitation is no longer valid (already used or withdrawn); ask for a new one.', { token: 'no longer valid' });
  if (state === 'expired') throw new AppError('invalid_request', 'This invitation has expired; ask an admin of the workspace for a new one.', { token: 'expired' });
  if (state !== 'pending') throw noLongerValid();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user || user.email.toLowerCase() !== inv.email.toLowerCase()) {
    throw new AppError('forbidden', `This invitation is for ${inv.email}; sign in with that address to accept it.`, { email: inv.email });
  }
  const accepted = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(workspaceInvitations)
      .set({ status: 'accepted', updatedAt: sql`now()` })
      .where(and(eq(workspaceInvitations.id, inv.id), eq(workspaceInvitations.tokenHash, hash), eq(workspaceInvitations.status, 'pending')))
      .returning({ id: workspaceInvitations.id });
    if (!used) return false;
    // Already a member (e.g. invited twice): keep the role they have.
    await tx.insert(workspaceMembers).values({ id: randomUUID(), organizationId: inv.organizationId, userId: input.userId, role: inv.role }).onConflictDoNothing();
    await tx.update(users).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, input.userId));
    await setActiveWorkspace(tx, { sessionId: input.sessionId, userId: input.userId, workspaceId: inv.organizationId });
    return true;
  });
  // Someone else used it between our read and our write.
  if (!accepted) throw noLongerValid();
  return (await findUserWorkspace(db, input.userId, inv.organizationId))!;
}
