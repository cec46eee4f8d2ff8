// A user by email, case-insensitively (admin commands).
import { eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';

export async function lookUpUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow> {
  const user = await lookUpUserByEmail(db, email);
  if (!user) throw new AppError('not_found', `No user with the email ${email}.`);
  return user;
}
