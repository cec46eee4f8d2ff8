// The workspaces a user belongs to, with the role in each (the switcher, GET /api/v1/workspaces).
import { asc, eq, sql } from 'drizzle-orm';
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

export async function listUserWorkspaces(db: Db, userId: string): Promise<WorkspaceJson[]> {
  const rows = await db
    .select({ id: workspaces.id, name: workspaces.name, slug: workspaces.slug, kind: workspaces.kind, plan: workspaces.plan, role: workspaceMembers.role, createdAt: workspaces.createdAt })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
    .where(eq(workspaceMembers.userId, userId))
    // The personal workspace first, then teams by name.
    .orderBy(sql`${workspaces.kind} <> 'personal'`, asc(sql`lower(${workspaces.name})`));
  return rows.map(({ createdAt, ...w }) => ({ ...w, created_at: new Date(createdAt).toISOString() }));
}
