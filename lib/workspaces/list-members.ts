// The members of the actor's workspace: owner first, then admins, then members, oldest first.
import { and, asc, eq, sql } from 'drizzle-orm';
import { users, workspaceMembers, type Role } from '../../db/schema';
import type { Db, Tx } from '../db/types';

export interface MemberJson {
  user_id: string;
  name: string;
  email: string;
  role: Role;
  joined_at: string;
}

const COLUMNS = { userId: users.id, name: users.name, email: users.email, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt };

function toJson(m: { userId: string; name: string; email: string; role: Role; joinedAt: Date }): MemberJson {
  return { user_id: m.userId, name: m.name, email: m.email, role: m.role, joined_at: new Date(m.joinedAt).toISOString() };
}

export async function listMembers(db: Db | Tx, workspaceId: string): Promise<MemberJson[]> {
  const rows = await db
    .select(COLUMNS)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.organizationId, workspaceId))
    .orderBy(sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(workspaceMembers.createdAt));
  return rows.map(toJson);
}

/** One member of the workspace, or undefined. */
export async function findMember(db: Db | Tx, workspaceId: string, userId: string): Promise<MemberJson | undefined> {
  const [row] = await db
    .select(COLUMNS)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ? toJson(row) : undefined;
}
