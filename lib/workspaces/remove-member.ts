// Takes a member out of a workspace (removal by an admin, or leaving). What the member made stays:
// links and webhooks go to `heir`; the member's API tokens for the workspace are revoked and their
// sessions that had it active fall back to the personal workspace. One transaction.
import { and, eq, ne, sql } from 'drizzle-orm';
import { apiTokens, links, webhooks, workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { assertTeamWorkspace } from './assert-team-workspace';
import { dropActiveWorkspace } from './set-active-workspace';
import { forgetTokens } from '../tokens/token-cache';
import { ownedBy } from '../tenancy/scope';

/** DELETE /api/v1/workspace/members/{userId}: the remover inherits (yourself: see leaveWorkspace). */
export async function removeMember(db: Db, actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) return leaveWorkspace(db, actor);
  await takeOut(db, actor, userId, sql`${actor.userId}`);
}

/** POST /api/v1/workspace/leave: anyone but the owner; the owner inherits. */
export async function leaveWorkspace(db: Db, actor: Actor): Promise<void> {
  assertTeamWorkspace(actor, 'cannot be left');
  if (actor.role === 'owner') throw new AppError('invalid_request', 'The owner cannot leave; transfer ownership first.', { role: 'owner' });
  const owner = sql`(select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.organizationId} = ${actor.workspaceId} and ${workspaceMembers.role} = 'owner')`;
  await takeOut(db, actor, actor.userId, owner);
}

async function takeOut(db: Db, actor: Actor, userId: string, heir: ReturnType<typeof sql>): Promise<void> {
  const { workspaceId } = actor;
  const outcome = await db.transaction(async (tx) => {
    const inWorkspace = and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId));
    const [gone] = await tx
      .delete(workspaceMembers)
      .where(and(inWorkspace, ne(workspaceMembers.role, 'owner')))
      .returning({ id: workspaceMembers.id });
    if (!gone) {
      const [owner] = await tx.select({ id: workspaceMembers.id }).from(workspaceMembers).where(inWorkspace).limit(1);
      return owner ? 'owner' : 'missing';
    }
    await recordAudit(tx, { ...byActor(actor), action: userId === actor.userId ? 'member.left' : 'member.removed', target: { type: 'user', id: userId } });
    await tx
      .update(links)
      .set({ createdBy: heir, updatedAt: sql`now()` })
      .where(and(ownedBy(links, workspaceId), eq(links.createdBy, userId)));
    await tx
      .update(webhooks)
      .set({ createdBy: heir })
      .where(and(ownedBy(webhooks, workspaceId), eq(webhooks.createdBy, userId)));
    await tx
      .update(apiTokens)
      .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
      .where(and(ownedBy(apiTokens, workspaceId), eq(apiTokens.userId, userId)));
    await dropActiveWorkspace(tx, { workspaceId, userId });
    return 'removed';
  });
  if (outcome === 'removed') forgetTokens(); // their tokens here are revoked; refused on every instance now
  if (outcome === 'missing') throw new AppError('not_found', 'No such member in this workspace.');
  if (outcome === 'owner')
    throw new AppError('invalid_request', 'The owner cannot be removed; transfer ownership first.', { user_id: 'This member is the owner.' });
}
