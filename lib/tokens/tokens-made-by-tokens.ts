// A token that makes a token (the `tokens:write` scope; the remote CLI's `sling tokens create`) hands
// on no more than it has: the new token's scopes are among its own and never `tokens:write`, and it
// expires no later than its maker. So a token that leaks cannot widen itself or outlive its expiry
// through the tokens it makes (docs/api/authentication.md, "Tokens that manage tokens").
import { and, eq } from 'drizzle-orm';
import { apiTokens } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError, invalidField } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { ownTokenScope } from '../tenancy/scope';
import { DEFAULT_TOKEN_SCOPES, TOKEN_SCOPES, type TokenScope } from '../tenancy/permissions';

export interface NewTokenGrant {
  /** As parsed from the body: [] is the default (every scope but managing tokens). */
  scopes: TokenScope[];
  expiresAt: Date | null;
}

/** The grant a token may give, or a 403 (a scope it cannot hand on) / 400 (an expiry past its own). */
export async function boundByMakingToken(db: Db, actor: Actor & { tokenId: string }, asked: NewTokenGrant): Promise<NewTokenGrant> {
  const canGive: readonly TokenScope[] = actor.scopes.filter((s) => s !== 'tokens:write');
  let scopes: TokenScope[];
  if (asked.scopes.length === 0) {
    scopes = DEFAULT_TOKEN_SCOPES.filter((s) => canGive.includes(s));
    if (scopes.length === 0) throw invalidField('scopes', 'This API token has no scopes to hand on; name the scopes the new token should have.');
    // Stored as the default only when it is the whole default; otherwise as the list it is.
    if (scopes.length === DEFAULT_TOKEN_SCOPES.length) scopes = [];
  } else {
    if (asked.scopes.includes('tokens:write'))
      throw new AppError('forbidden', 'An API token cannot make a token that makes tokens; create that one in the dashboard.', { scope: 'tokens:write' });
    const missing = asked.scopes.find((s) => !canGive.includes(s));
    if (missing) throw new AppError('forbidden', `This API token cannot hand on the "${missing}" scope, which it does not have.`, { scope: missing });
    scopes = TOKEN_SCOPES.filter((s) => asked.scopes.includes(s));
  }
  const [maker] = await db
    .select({ expiresAt: apiTokens.expiresAt })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, actor.tokenId), ownTokenScope(actor)))
    .limit(1);
  const until = maker?.expiresAt ?? null;
  if (until === null) return { scopes, expiresAt: asked.expiresAt };
  if (asked.expiresAt === null) return { scopes, expiresAt: until };
  if (asked.expiresAt.getTime() > until.getTime())
    throw invalidField('expires_at', `A token made by a token expires no later than its maker (${until.toISOString()}).`);
  return { scopes, expiresAt: asked.expiresAt };
}
