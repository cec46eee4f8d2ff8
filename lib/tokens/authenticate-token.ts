// Bearer token → its owner. Anything else (missing, malformed, unknown, revoked, expired,
// rotated out) is the same 401, with a message saying which.
import { timingSafeEqual } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { apiTokens, users, type Plan } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../http/errors';
import { hashToken, TOKEN_PREFIX } from './token-secret';

export interface TokenOwner {
  tokenId: string;
  userId: string;
  plan: Plan;
}

const unauthorized = (message: string) => new AppError('unauthorized', message);

/** Reads "Authorization: Bearer <token>" (scheme case-insensitive). */
export function bearerToken(header: string | null): string {
  if (!header) throw unauthorized('Send your API token as "Authorization: Bearer <token>".');
  const m = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (!m || m[1].toLowerCase() !== 'bearer') {
    throw unauthorized('The Authorization header must use the Bearer scheme: "Authorization: Bearer <token>".');
  }
  const token = (m[2] ?? '').trim();
  if (!token || /\s/.test(token)) throw unauthorized('The Authorization header has no token after "Bearer".');
  return token;
}

export async function authenticateToken(db: Db, secret: string): Promise<TokenOwner> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) throw unauthorized('This API token is not valid.');
  const hash = hashToken(secret);
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      hash: apiTokens.hash,
      previousHash: apiTokens.previousHash,
      previousValidUntil: apiTokens.previousValidUntil,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      plan: users.plan,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(or(eq(apiTokens.hash, hash), eq(apiTokens.previousHash, hash)))
    .limit(1);
  if (!row) throw unauthorized('This API token is not valid.');
  const now = Date.now();
  if (row.revokedAt) throw unauthorized('This API token has been revoked.');
  if (row.expiresAt && new Date(row.expiresAt).getTime() <= now) throw unauthorized('This API token has expired.');
  const current = equalHex(row.hash, hash);
  if (!current) {
    const until = row.previousValidUntil ? new Date(row.previousValidUntil).getTime() : 0;
    if (!row.previousHash || !equalHex(row.previousHash, hash) || until <= now) {
      throw unauthorized('This API token was replaced by a new one; use the new token.');
    }
  }
  // last_used_at is informative: write it at most once a minute per token, without waiting.
  if (!row.lastUsedAt || now - new Date(row.lastUsedAt).getTime() > 60_000) {
    db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, row.id)).catch(() => {});
  }
  return { tokenId: row.id, userId: row.userId, plan: row.plan };
}

function equalHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
