// Makes a member an admin or an admin a member (admins). The owner's role only changes by transfer.
import { and, eq, ne } from 'drizzle-orm';
import { workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { findMember, type MemberJson } from './list-members';
import { assignableRole } from './member-role';
import { forgetTokens } from '../tokens/token-cache';

export async function changeMemberRole(db: Db, actor: Actor, input: { userId: string; role: unknown }): Promise<MemberJson> {
  const role = assignableRole(input.role);
  const inWorkspace = and(eq(workspaceMembers.organizationId, actor.workspaceId), eq(workspaceMembers.userId, input.userId));
  const changed = await db.transaction(async (tx) => {
    // The role before, locked, so the entry says what it changed from.
    const [before] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(inWorkspace, ne(workspaceMembers.role, 'owner')))
      .for('update');
    if (!before) return false;
    await tx
      .update(workspaceMembers)
      .set({ role })
      .where(and(inWorkspace, ne(workspaceMembers.role, 'owner')));
    if (before.role !== role)
      await recordAudit(tx, {
        ...byActor(actor),
        action: 'member.role_changed',
        target: { type: 'user', id: input.userId },
        details: { from: before.role, to: role },
      });
    return true;
  });
  if (changed) forgetTokens();
  const member = await findMember(db, actor.workspaceId, input.userId);
  if (!member) throw new AppError('not_found', 'No such member in this workspace.');
  if (!changed)
    throw new AppError('invalid_request', "The owner's role cannot be changed; transfer ownership instead.", { user_id: 'This member is the owner.' });
  return member;
}
