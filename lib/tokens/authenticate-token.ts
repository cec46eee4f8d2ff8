// Bearer token → the actor it stands for: its member, in its workspace, with that member's current
// role and the token's scopes. Anything else (missing, malformed, unknown, revoked, expired, rotated
// out, or its member no longer in the workspace) is the same 401, with a message saying which.
import { timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { apiTokens } from '../../db/schema';
import type { DbHandle } from '../db/types';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { findTokenCached } from './token-cache';
import { DEFAULT_TOKEN_SCOPES, isTokenScope } from '../tenancy/permissions';
import { hashToken, TOKEN_PREFIX } from '../crypto/token-secret';

const unauthorized = (message: string) => new AppError('unauthorized', message);

/** Reads "Authorization: Bearer <token>" (scheme case-insensitive). */
export function bearerToken(header: string | null): string {
  if (!header) throw unauthorized('Send your API token as "Authorization: Bearer <token>".');
  const m = /^\s*(\S+)(?:\s+(.*))?$/.exec(header);
  if (m?.[1].toLowerCase() !== 'bearer') {
    throw unauthorized('The Authorization header must use the Bearer scheme: "Authorization: Bearer <token>".');
  }
  const token = (m[2] ?? '').trim();
  if (!token || /\s/.test(token)) throw unauthorized('The Authorization header has no token after "Bearer".');
  return token;
}

export async function authenticateToken(handle: DbHandle, secret: string): Promise<Actor> {
  if (!secret.startsWith(TOKEN_PREFIX) || secret.length > 200) throw unauthorized('This API token is not valid.');
  const hash = hashToken(secret);
  const row = await findTokenCached(handle, hash);
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
    handle.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.id, row.id))
      .catch(() => {});
    row.lastUsedAt = new Date(now); // the cached row (token-cache.ts) too, so the next minute writes nothing
  }
  const scopes = row.scopes.length === 0 ? DEFAULT_TOKEN_SCOPES : row.scopes.filter(isTokenScope);
  return { userId: row.userId, workspaceId: row.workspace.id, role: row.role, via: 'token', scopes, workspace: row.workspace, tokenId: row.id };
}

function equalHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
