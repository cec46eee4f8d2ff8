// Hands a team workspace to another member (owners, sessions only): the target becomes owner, the
// old owner an admin. Demote first: the one-owner index allows no moment with two.
import { and, eq, ne } from 'drizzle-orm';
import { workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError, invalidField } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { assertTeamWorkspace } from './assert-team-workspace';
import { listMembers, type MemberJson } from './list-members';
import { forgetTokens } from '../tokens/token-cache';

export async function transferOwnership(db: Db, actor: Actor, targetUserId: unknown): Promise<MemberJson[]> {
  assertTeamWorkspace(actor, 'cannot be transferred');
  if (typeof targetUserId !== 'string' || targetUserId === '') throw invalidField('user_id', "user_id must be the new owner's user id.");
  if (targetUserId === actor.userId) throw invalidField('user_id', 'You already own this workspace.');
  const member = (userId: string) => and(eq(workspaceMembers.organizationId, actor.workspaceId), eq(workspaceMembers.userId, userId));
  const members = await db.transaction(async (tx) => {
    const [demoted] = await tx
      .update(workspaceMembers)
      .set({ role: 'admin' })
      .where(and(member(actor.userId), eq(workspaceMembers.role, 'owner')))
      .returning({ id: workspaceMembers.id });
    if (!demoted) throw new AppError('forbidden', 'Only the owner can transfer this workspace.', { required_role: 'owner' });
    const [promoted] = await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(member(targetUserId), ne(workspaceMembers.role, 'owner')))
      .returning({ id: workspaceMembers.id });
    // Throwing rolls the demotion back.
    if (!promoted) throw invalidField('user_id', 'The new owner must be a member of this workspace; invite them first.');
    await recordAudit(tx, { ...byActor(actor), action: 'workspace.ownership_transferred', target: { type: 'user', id: targetUserId } });
    return listMembers(tx, actor.workspaceId);
  });
  forgetTokens(); // both members' roles changed
  return members;
}
