// HTTP-01 challenges live in the database, so whichever instance the CA reaches answers them.
import { and, eq, sql } from 'drizzle-orm';
import { acmeChallenges } from '../../db/schema';
import type { Db } from '../db/types';

export async function putChallenge(db: Db, c: { token: string; hostname: string; keyAuthorization: string }): Promise<void> {
  await db
    .insert(acmeChallenges)
    .values(c)
    .onConflictDoUpdate({ target: acmeChallenges.token, set: { hostname: c.hostname, keyAuthorization: c.keyAuthorization } });
}

export async function removeChallenge(db: Db, token: string): Promise<void> {
  await db.delete(acmeChallenges).where(eq(acmeChallenges.token, token));
}

/** The key authorization for `token` on `host`, or undefined. */
export async function findKeyAuthorization(db: Db, token: string, host: string): Promise<string | undefined> {
  const [row] = await db
    .select({ keyAuthorization: acmeChallenges.keyAuthorization })
    .from(acmeChallenges)
    .where(and(eq(acmeChallenges.token, token), sql`lower(${acmeChallenges.hostname}) = ${host.toLowerCase()}`))
    .limit(1);
  return row?.keyAuthorization;
}
