// The first account of an instance becomes its admin. The claim is one conditional update of the
// settings row: PostgreSQL locks the row, so of two simultaneous first sign-ups the second finds it
// already claimed and stays a user.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { instanceSettings, users } from '../../db/schema';
import type { Db } from '../db/types';

export async function claimFirstAdmin(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The migration makes the row; an instance whose row went missing gets it back, unclaimed.
    await tx.insert(instanceSettings).values({ id: 1 }).onConflictDoNothing();
    const claimed = await tx
      .update(instanceSettings)
      .set({ firstAdminAt: sql`now()` })
      .where(and(eq(instanceSettings.id, 1), isNull(instanceSettings.firstAdminAt)))
      .returning({ id: instanceSettings.id });
    if (claimed.length === 0) return false;
    await tx.update(users).set({ role: 'admin' }).where(eq(users.id, userId));
    return true;
  });
}
