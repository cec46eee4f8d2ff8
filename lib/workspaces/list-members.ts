// The members of the actor's workspace: owner first, then admins, then members, oldest first; with
// who invited each one and when, for those who joined by an invitation.
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users, workspaceMembers, type Role } from '../../db/schema';
import type { Db, Tx } from '../db/types';

export interface MemberJson {
  user_id: string;
  name: string;
  email: string;
  role: Role;
  joined_at: string;
  /** null for members who did not join by an invitation, or whose inviter's account is gone. */
  invited_by: { id: string; name: string; email: string } | null;
  invited_at: string | null;
}

const inviters = alias(users, 'inviters');

const COLUMNS = {
  userId: users.id,
  name: users.name,
  email: users.email,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
  invitedAt: workspaceMembers.invitedAt,
  inviter: { id: inviters.id, name: inviters.name, email: inviters.email },
};

type MemberRow = { userId: string; name: string; email: string; role: Role; joinedAt: Date; invitedAt: Date | null; inviter: MemberJson['invited_by'] };

function toJson(m: MemberRow): MemberJson {
  return {
    user_id: m.userId,
    name: m.name,
    email: m.email,
    role: m.role,
    joined_at: new Date(m.joinedAt).toISOString(),
    invited_by: m.inviter,
    invited_at: m.invitedAt ? new Date(m.invitedAt).toISOString() : null,
  };
}

export async function listMembers(db: Db | Tx, workspaceId: string): Promise<MemberJson[]> {
  const rows = await db
    .select(COLUMNS)
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(inviters, eq(inviters.id, workspaceMembers.invitedBy))
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
    .leftJoin(inviters, eq(inviters.id, workspaceMembers.invitedBy))
    .where(and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ? toJson(row) : undefined;
}
