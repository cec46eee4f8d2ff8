// The session's active workspace (better-auth's activeOrganizationId, sessions.active_workspace_id):
// what the dashboard and cookie-authenticated API calls act in. Membership is part of the UPDATE.
import { and, eq, exists, sql } from 'drizzle-orm';
import { sessions, workspaceMembers } from '../../db/schema';
import type { Db, Tx } from '../db/types';

/** False when the session is not the user's or the user is not a member of the workspace. */
export async function setActiveWorkspace(db: Db | Tx, input: { sessionId: string; userId: string; workspaceId: string }): Promise<boolean> {
  const member = db
    .select({ one: sql`1` })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.organizationId, input.workspaceId), eq(workspaceMembers.userId, input.userId)));
  const changed = await db
    .update(sessions)
    .set({ activeOrganizationId: input.workspaceId })
    .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, input.userId), exists(member)))
    .returning({ id: sessions.id });
  return changed.length > 0;
}

/** Sessions of `userId` (or of anyone) that had the workspace active fall back to the personal one. */
export async function dropActiveWorkspace(db: Db | Tx, input: { workspaceId: string; userId?: string }): Promise<void> {
  await db
    .update(sessions)
    .set({ activeOrganizationId: null })
    .where(and(eq(sessions.activeOrganizationId, input.workspaceId), input.userId === undefined ? undefined : eq(sessions.userId, input.userId)));
}
