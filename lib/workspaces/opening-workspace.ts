// The workspace a new session opens on: the one the user switched to last (on any device), while
// still a member of it; otherwise the personal workspace (made now if it is missing).
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { sessions, workspaceMembers } from '../../db/schema';
import type { Db } from '../db/types';
import { ensurePersonalWorkspace } from './ensure-personal-workspace';

export async function openingWorkspace(db: Db, userId: string): Promise<string> {
  const [last] = await db
    .select({ id: sessions.activeOrganizationId })
    .from(sessions)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.organizationId, sessions.activeOrganizationId), eq(workspaceMembers.userId, userId)))
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.activeOrganizationId)))
    .orderBy(desc(sessions.updatedAt))
    .limit(1);
  return last?.id ?? ensurePersonalWorkspace(db, { id: userId });
}
