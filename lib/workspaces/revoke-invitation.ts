// Withdraws a pending invitation: its link stops working ("no longer valid").
import { and, eq, sql } from 'drizzle-orm';
import { workspaceInvitations } from '../../db/schema';
import type { Db } from '../db/types';
import { recordAudit, byActor } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';

export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(workspaceInvitations)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.organizationId, actor.workspaceId), eq(workspaceInvitations.status, 'pending')))
      .returning({ id: workspaceInvitations.id, email: workspaceInvitations.email });
    if (revoked)
      await recordAudit(tx, { ...byActor(actor), action: 'invitation.revoked', target: { type: 'invitation', id: revoked.id, label: revoked.email } });
    return revoked;
  });
  if (!row) throw new AppError('not_found', 'No pending invitation with that id in this workspace.');
}
