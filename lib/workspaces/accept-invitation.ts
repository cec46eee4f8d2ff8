// Accepting an invitation (the signed-in invitee): membership with the invited role and who invited,
// the invitation used up, the address verified (the mail reached it), and the session opened on the workspace —
// all in one transaction. Every condition (the secret, still pending, not expired, the invited
// address) is in the UPDATE's WHERE; a refusal is explained afterwards.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { users, workspaceInvitations, workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit } from '../audit/record-audit';
import { AppError, invalidField } from '../core/errors';
import { invitationState } from './describe-invitation';
import { invitationHash, looksLikeInvitationSecret } from './invitation-secret';
import { forgetSession } from './session-actor-cache';
import { setActiveWorkspace } from './set-active-workspace';
import { findUserWorkspace, type WorkspaceJson } from './list-user-workspaces';

export async function acceptInvitation(db: Db, input: { secret: unknown; userId: string; sessionId: string; ip?: string }): Promise<WorkspaceJson> {
  if (typeof input.secret !== 'string' || input.secret === '') throw invalidField('token', 'token must be the secret from the invitation link.');
  if (!looksLikeInvitationSecret(input.secret)) throw notFound();
  const hash = invitationHash(input.secret);
  const invitedAddress = sql`lower(${workspaceInvitations.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${input.userId})`;
  const used = await db.transaction(async (tx) => {
    const [inv] = await tx
      .update(workspaceInvitations)
      .set({ status: 'accepted', updatedAt: sql`now()` })
      .where(
        and(
          eq(workspaceInvitations.tokenHash, hash),
          eq(workspaceInvitations.status, 'pending'),
          gt(workspaceInvitations.expiresAt, sql`now()`),
          invitedAddress,
        ),
      )
      .returning({
        id: workspaceInvitations.id,
        email: workspaceInvitations.email,
        workspaceId: workspaceInvitations.organizationId,
        role: workspaceInvitations.role,
        inviterId: workspaceInvitations.inviterId,
        invitedAt: workspaceInvitations.createdAt,
      });
    if (!inv) return undefined;
    await recordAudit(tx, {
      workspaceId: inv.workspaceId,
      actorId: input.userId,
      action: 'invitation.accepted',
      target: { type: 'invitation', id: inv.id, label: inv.email },
      details: { role: inv.role },
      ip: input.ip,
    });
    // Already a member (e.g. invited twice): keep the role they have.
    await tx
      .insert(workspaceMembers)
      .values({ id: randomUUID(), organizationId: inv.workspaceId, userId: input.userId, role: inv.role, invitedBy: inv.inviterId, invitedAt: inv.invitedAt })
      .onConflictDoNothing();
    await tx.update(users).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, input.userId));
    await setActiveWorkspace(tx, { sessionId: input.sessionId, userId: input.userId, workspaceId: inv.workspaceId });
    return inv;
  });
  if (!used) throw await whyNot(db, hash);
  forgetSession(input.sessionId);
  return (await findUserWorkspace(db, input.userId, used.workspaceId))!;
}

async function whyNot(db: Db, hash: string): Promise<AppError> {
  const [inv] = await db.select().from(workspaceInvitations).where(eq(workspaceInvitations.tokenHash, hash)).limit(1);
  if (!inv) return notFound();
  const state = invitationState(inv);
  if (state === 'expired')
    return new AppError('invalid_request', 'This invitation has expired; ask an admin of the workspace for a new one.', { token: 'expired' });
  if (state !== 'pending')
    return new AppError('invalid_request', 'This invitation is no longer valid (already used or withdrawn); ask for a new one.', { token: 'no longer valid' });
  return new AppError('forbidden', `This invitation is for ${inv.email}; sign in with that address to accept it.`, { email: inv.email });
}

function notFound() {
  return new AppError('not_found', 'This invitation link is not valid; ask for a new invitation.');
}
