// The Users page: accounts by newest first, searched by email or name, 20 a page, each with the
// workspaces it owns (whose plans the page changes).
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';

export const USERS_PAGE_SIZE = 20;

export interface AdminUserJson {
  id: string;
  email: string;
  name: string;
  role: string;
  banned: boolean;
  ban_reason: string | null;
  created_at: string;
  workspaces: { id: string; name: string; kind: string; plan: string }[];
}

export async function findUsers(
  db: Db,
  opts: { q?: string; page?: number },
): Promise<{ users: AdminUserJson[]; total: number; page: number; page_size: number }> {
  const page = opts.page ?? 1;
  const pattern = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = pattern ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset((page - 1) * USERS_PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  const owned = rows.length
    ? await db
        .select({ userId: workspaceMembers.userId, id: workspaces.id, name: workspaces.name, kind: workspaces.kind, plan: workspaces.plan })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
        .where(
          and(
            inArray(
              workspaceMembers.userId,
              rows.map((r) => r.id),
            ),
            eq(workspaceMembers.role, 'owner'),
          ),
        )
        .orderBy(workspaces.kind, workspaces.name)
    : [];
  return {
    users: rows.map((u) => ({
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role,
      banned: u.banned,
      ban_reason: u.banReason,
      created_at: new Date(u.createdAt).toISOString(),
      workspaces: owned.filter((w) => w.userId === u.id).map(({ userId: _, ...w }) => w),
    })),
    total: Number(total),
    page,
    page_size: USERS_PAGE_SIZE,
  };
}
