// Invites an address into a team workspace (admins) and mails the link, or answers it when mail is off.
// Inviting an address that already has a pending invitation replaces it: new secret, new 7-day
// expiry, the old link dies.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { users, workspaceInvitations, workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError, invalidField } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { assertTeamWorkspace } from './assert-team-workspace';
import { newInvitationSecret } from './invitation-secret';
import { findInvitation, type IssuedInvitation } from './list-invitations';
import { assignableRole } from './member-role';
import { roleAtLeast } from '../tenancy/permissions';
import { deliverInvitation } from './send-invitation-mail';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function inviteMember(db: Db, actor: Actor, input: { email: unknown; role?: unknown }): Promise<IssuedInvitation> {
  assertTeamWorkspace(actor, 'cannot have other members');
  if (typeof input.email !== 'string' || !EMAIL.test(input.email.trim()) || input.email.trim().length > 254) {
    throw invalidField('email', 'email must be an email address.');
  }
  const email = input.email.trim().toLowerCase();
  const role = assignableRole(input.role, 'member');
  if (!roleAtLeast(actor.role, role)) throw new AppError('forbidden', `Only an admin can invite an ${role}.`, { required_role: role });

  const [member] = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.organizationId, actor.workspaceId), eq(sql`lower(${users.email})`, email)))
    .limit(1);
  if (member) throw invalidField('email', `${email} is already a member of this workspace.`);

  const { secret, hash, expiresAt } = newInvitationSecret();
  const upsert = () =>
    db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(workspaceInvitations)
        .set({ tokenHash: hash, expiresAt, role, inviterId: actor.userId, updatedAt: sql`now()` })
        .where(
          and(
            eq(workspaceInvitations.organizationId, actor.workspaceId),
            eq(sql`lower(${workspaceInvitations.email})`, email),
            eq(workspaceInvitations.status, 'pending'),
          ),
        )
        .returning({ id: workspaceInvitations.id });
      const [created] = replaced
        ? [replaced]
        : await tx
            .insert(workspaceInvitations)
            .values({
              id: randomUUID(),
              organizationId: actor.workspaceId,
              email,
              role,
              status: 'pending',
              expiresAt,
              inviterId: actor.userId,
              tokenHash: hash,
            })
            .returning({ id: workspaceInvitations.id });
      await recordAudit(tx, {
        ...byActor(actor),
        action: 'member.invited',
        target: { type: 'invitation', id: created.id, label: email },
        details: { role, ...(replaced && { resent: true }) },
      });
      return created.id;
    });
  // Two admins inviting the same address at once: the second finds the first's row and replaces it.
  const id = await upsert().catch((err) => (isUniqueViolation(err, 'workspace_invitations_one_pending') ? upsert() : Promise.reject(err)));
  const invitation = (await findInvitation(db, actor, id))!;
  const { link } = await deliverInvitation({ to: email, secret, role, workspaceName: actor.workspace.name, inviter: invitation.inviter });
  return { invitation, link };
}
