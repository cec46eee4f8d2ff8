// Creating, listing, regenerating, rotating and revoking a user's API tokens.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { apiTokens, type ApiTokenRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError, invalidField } from '../http/errors';
import { displayPrefix, hashToken, newTokenSecret } from './token-secret';

export const DEFAULT_ROTATION_GRACE_HOURS = 24;

export interface TokenJson {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export function serializeToken(t: ApiTokenRow): TokenJson {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: t.id,
    name: t.name,
    prefix: t.prefix,
    created_at: iso(t.createdAt)!,
    last_used_at: iso(t.lastUsedAt),
    expires_at: iso(t.expiresAt),
    revoked_at: iso(t.revokedAt),
  };
}

/** Creates a token; the secret is returned once and never stored. */
export async function createApiToken(
  db: Db,
  input: { userId: string; name?: string; expiresAt?: Date | null },
): Promise<{ secret: string; token: ApiTokenRow }> {
  const name = (input.name ?? 'API token').trim();
  if (name.length === 0 || name.length > 100) throw invalidField('name', 'The name must be 1 to 100 characters.');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw invalidField('expires_at', 'The expiry date must be in the future.');
  }
  const secret = newTokenSecret();
  const [token] = await db
    .insert(apiTokens)
    .values({ id: randomUUID(), userId: input.userId, name, prefix: displayPrefix(secret), hash: hashToken(secret), expiresAt: input.expiresAt ?? null })
    .returning();
  return { secret, token };
}

export function findUserTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
}

/**
 * New secret for a token. `graceHours` 0 (regenerate): the old secret dies at once.
 * More (rotate): the old secret keeps working until then.
 */
export async function replaceTokenSecret(
  db: Db,
  input: { tokenId: string; userId: string; graceHours: number },
): Promise<{ secret: string; token: ApiTokenRow }> {
  if (!Number.isFinite(input.graceHours) || input.graceHours < 0 || input.graceHours > 24 * 30) {
    throw invalidField('grace_hours', 'The grace period must be 0 to 720 hours.');
  }
  const secret = newTokenSecret();
  const grace = input.graceHours > 0;
  const [token] = await db
    .update(apiTokens)
    .set({
      hash: hashToken(secret),
      prefix: displayPrefix(secret),
      previousHash: grace ? sql`${apiTokens.hash}` : null,
      previousValidUntil: grace ? new Date(Date.now() + input.graceHours * 3_600_000) : null,
    })
    .where(and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, input.userId), isNull(apiTokens.revokedAt)))
    .returning();
  if (!token) throw new AppError('not_found', 'No such token.');
  return { secret, token };
}

export async function revokeApiToken(db: Db, input: { tokenId: string; userId?: string }): Promise<ApiTokenRow> {
  const where = input.userId
    ? and(eq(apiTokens.id, input.tokenId), eq(apiTokens.userId, input.userId))
    : eq(apiTokens.id, input.tokenId);
  const [token] = await db.update(apiTokens).set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` }).where(where).returning();
  if (!token) throw new AppError('not_found', 'No such token.');
  return token;
}
