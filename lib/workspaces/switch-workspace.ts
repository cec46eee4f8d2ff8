// Makes one of the user's workspaces the session's active one; not a member is "not found".
import { and, eq } from 'drizzle-orm';
import { workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../http/errors';
import type { WorkspaceJson } from './list-user-workspaces';
import { setActiveWorkspace } from './set-active-workspace';

export async function switchWorkspace(db: Db, input: { userId: string; sessionId: string; workspaceId: string }): Promise<WorkspaceJson> {
  const workspace = (await setActiveWorkspace(db, input)) ? await findUserWorkspace(db, input.userId, input.workspaceId) : undefined;
  if (!workspace) throw new AppError('not_found', 'No such workspace among yours.');
  return workspace;
}

/** One of the user's workspaces with the user's role in it, or undefined. */
export async function findUserWorkspace(db: Db, userId: string, workspaceId: string): Promise<WorkspaceJson | undefined> {
  const [row] = await db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug, kind: workspaces.kind, plan: workspaces.plan, role: workspaceMembers.role, createdAt: workspaces.createdAt })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  if (!row) return undefined;
  const { createdAt, ...ws } = row;
  return { ...ws, created_at: new Date(createdAt).toISOString() };
}
