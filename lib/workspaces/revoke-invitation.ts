// Withdraws a pending invitation: its link stops working ("no longer valid").
import { and, eq, sql } from 'drizzle-orm';
import { workspaceInvitations } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../http/errors';
import type { Actor } from './actor';

export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.organizationId, actor.workspaceId), eq(workspaceInvitations.status, 'pending')))
    .returning({ id: workspaceInvitations.id });
  if (!row) throw new AppError('not_found', 'No pending invitation with that id in this workspace.');
}
