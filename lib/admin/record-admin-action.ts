// The audit trail: every admin action, who did it, on what, with the admin's note. Written in the
// transaction of the change it records.
import { desc, eq } from 'drizzle-orm';
import { adminActions, users } from '../../db/schema';
import type { Db, Tx } from '../db/types';

export type AdminActionKind =
  | 'approve_link'
  | 'disable_link'
  | 'dismiss_report'
  | 'ban_user'
  | 'unban_user'
  | 'set_plan'
  | 'update_settings'
  | 'reset_password';

export interface NewAdminAction {
  adminId: string;
  action: AdminActionKind;
  target: { type: 'link' | 'report' | 'user' | 'workspace' | 'settings'; id: string | number; label?: string | null };
  note?: string | null;
}

export async function recordAdminAction(db: Db | Tx, a: NewAdminAction): Promise<void> {
  await db.insert(adminActions).values({
    adminId: a.adminId,
    action: a.action,
    targetType: a.target.type,
    targetId: String(a.target.id),
    targetLabel: a.target.label ?? null,
    note: a.note?.trim() || null,
  });
}

export interface AdminActionJson {
  id: number;
  action: AdminActionKind;
  target: { type: string; id: string; label: string | null };
  note: string | null;
  admin: { id: string | null; email: string | null };
  created_at: string;
}

/** The newest actions first. */
export async function findAdminActions(db: Db, limit = 50): Promise<AdminActionJson[]> {
  const rows = await db
    .select({ action: adminActions, email: users.email })
    .from(adminActions)
    .leftJoin(users, eq(users.id, adminActions.adminId))
    .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
    .limit(limit);
  return rows.map(({ action: a, email }) => ({
    id: a.id,
    action: a.action as AdminActionKind,
    target: { type: a.targetType, id: a.targetId, label: a.targetLabel },
    note: a.note,
    admin: { id: a.adminId, email },
    created_at: new Date(a.createdAt).toISOString(),
  }));
}
