// Mails a pending invitation again with a new secret and a new 7-day expiry: the old link dies. When
// mail is off this is how an admin gets a link to copy again (only the secret's hash is stored).
import { and, eq, sql } from 'drizzle-orm';
import { users, workspaceInvitations } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { newInvitationSecret } from './invitation-secret';
import { findInvitation, type IssuedInvitation } from './list-invitations';
import { deliverInvitation } from './send-invitation-mail';

export async function resendInvitation(db: Db, actor: Actor, id: string): Promise<IssuedInvitation> {
  const { secret, hash, expiresAt } = newInvitationSecret();
  const [row] = await db
    .update(workspaceInvitations)
    .set({ tokenHash: hash, expiresAt, updatedAt: sql`now()` })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.organizationId, actor.workspaceId), eq(workspaceInvitations.status, 'pending')))
    .returning({ email: workspaceInvitations.email, role: workspaceInvitations.role });
  if (!row) throw new AppError('not_found', 'No pending invitation with that id in this workspace.');
  const invitation = (await findInvitation(db, actor, id))!;
  // The mail names who sends it now.
  const [sender] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actor.userId)).limit(1);
  const { link } = await deliverInvitation({
    to: row.email,
    secret,
    role: row.role,
    workspaceName: actor.workspace.name,
    inviter: sender ?? invitation.inviter,
  });
  return { invitation, link };
}
