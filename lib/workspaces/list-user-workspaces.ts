// The workspaces a user belongs to, with the role in each (the switcher, GET /api/v1/workspaces),
// or one of them (switching, accepting an invitation).
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { workspaceMembers, workspaces, type Plan, type Role, type WorkspaceKind } from '../../db/schema';
import type { Db } from '../db/types';

export interface WorkspaceJson {
  id: string;
  name: string;
  slug: string;
  kind: WorkspaceKind;
  plan: Plan;
  role: Role;
  created_at: string;
}

function selectUserWorkspaces(db: Db, userId: string, only?: SQL) {
  return (
    db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        slug: workspaces.slug,
        kind: workspaces.kind,
        plan: workspaces.plan,
        role: workspaceMembers.role,
        createdAt: workspaces.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
      .where(and(eq(workspaceMembers.userId, userId), only))
      // The personal workspace first, then teams by name.
      .orderBy(sql`${workspaces.kind} <> 'personal'`, asc(sql`lower(${workspaces.name})`))
  );
}

function toJson({ createdAt, ...w }: Awaited<ReturnType<typeof selectUserWorkspaces>>[number]): WorkspaceJson {
  return { ...w, created_at: new Date(createdAt).toISOString() };
}

export async function listUserWorkspaces(db: Db, userId: string): Promise<WorkspaceJson[]> {
  return (await selectUserWorkspaces(db, userId)).map(toJson);
}

/** One of the user's workspaces with the user's role in it, or undefined when not a member. */
export async function findUserWorkspace(db: Db, userId: string, workspaceId: string): Promise<WorkspaceJson | undefined> {
  const [row] = await selectUserWorkspaces(db, userId, eq(workspaces.id, workspaceId)).limit(1);
  return row && toJson(row);
}
