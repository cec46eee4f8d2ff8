// Makes an account a platform admin or takes the role back (`sling users set-admin`).
import { eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';

export async function setPlatformAdmin(db: Db, userId: string, isAdmin: boolean): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ role: isAdmin ? 'admin' : 'user', updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('not_found', 'No such account.');
  return row;
}

export const isPlatformAdmin = (user: { role?: string | null }) => user.role === 'admin';
