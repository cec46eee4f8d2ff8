// Creating, listing, regenerating, rotating and revoking API tokens. A token belongs to a workspace
// and acts as the member who made it, limited to its scopes; `scope` (tokenScope) is in every query.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { apiTokens, workspaces, type ApiTokenRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError, invalidField } from '../core/errors';
import { parseWith } from '../schemas/parse-input';
import { ZTokenName, ZTokenScopes } from './token-schema';
import { DEFAULT_TOKEN_SCOPES, isTokenScope, type TokenScope } from '../tenancy/permissions';
import { displayPrefix, hashToken, newTokenSecret } from '../crypto/token-secret';
import { TOKEN_CAPS, tokenCapReached } from './token-cap';
import { forgetTokens } from './token-cache';
import { ownedBy } from '../tenancy/scope';
import { type AuditBy, recordAudit } from '../audit/record-audit';

export const DEFAULT_ROTATION_GRACE_HOURS = 24;

export interface TokenJson {
  id: string;
  name: string;
  prefix: string;
  /** The member it acts as. */
  user_id: string;
  /** What it may do; every scope when created without a list. */
  scopes: TokenScope[];
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
    user_id: t.userId,
    scopes: t.scopes.length === 0 ? [...DEFAULT_TOKEN_SCOPES] : t.scopes.filter(isTokenScope),
    created_at: iso(t.createdAt)!,
    last_used_at: iso(t.lastUsedAt),
    expires_at: iso(t.expiresAt),
    revoked_at: iso(t.revokedAt),
  };
}

/** Creates a token, within the workspace plan's cap (TOKEN_CAPS); the secret is returned once and never stored. */
export async function createApiToken(
  db: Db,
  input: { userId: string; workspaceId: string; name?: string; expiresAt?: Date | null; scopes?: unknown; by?: AuditBy },
): Promise<{ secret: string; token: ApiTokenRow }> {
  const name = parseWith(ZTokenName, input.name ?? 'API token', 'name');
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) {
    throw invalidField('expires_at', 'The expiry date must be in the future.');
  }
  const scopes = parseWith(ZTokenScopes, input.scopes, 'scopes');
  const secret = newTokenSecret();
  const token = await db.transaction(async (tx) => {
    // The workspace row is locked so concurrent creations count one after the other.
    const [ws] = await tx.select({ plan: workspaces.plan }).from(workspaces).where(eq(workspaces.id, input.workspaceId)).for('update');
    if (!ws) throw new AppError('not_found', 'No such workspace.');
    const [{ live }] = await tx
      .select({ live: count() })
      .from(apiTokens)
      .where(and(ownedBy(apiTokens, input.workspaceId), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`))));
    if (live >= TOKEN_CAPS[ws.plan]) throw tokenCapReached(ws.plan, live);
    const [row] = await tx
      .insert(apiTokens)
      .values({
        id: randomUUID(),
        userId: input.userId,
        workspaceId: input.workspaceId,
        scopes,
        name,
        prefix: displayPrefix(secret),
        hash: hashToken(secret),
        expiresAt: input.expiresAt ?? null,
      })
      .returning();
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      ...(input.by ?? { actorId: input.userId }),
      action: 'token.created',
      target: { type: 'token', id: row.id, label: row.name },
      details: { scopes: row.scopes.length === 0 ? 'default' : row.scopes, expires_at: row.expiresAt?.toISOString() ?? null },
    });
    return row;
  });
  return { secret, token };
}

/** Tokens within `scope` (tokenScope(actor)), newest first. */
export function findTokens(db: Db, scope: SQL): Promise<ApiTokenRow[]> {
  return db.select().from(apiTokens).where(scope).orderBy(desc(apiTokens.createdAt));
}

/**
 * New secret for a token. `graceHours` 0 (regenerate): the old secret dies at once.
 * More (rotate): the old secret keeps working until then.
 */
export async function replaceTokenSecret(
  db: Db,
  input: { tokenId: string; scope: SQL; graceHours: number; by: AuditBy },
): Promise<{ secret: string; token: ApiTokenRow }> {
  if (!Number.isFinite(input.graceHours) || input.graceHours < 0 || input.graceHours > 24 * 30) {
    throw invalidField('grace_hours', 'The grace period must be 0 to 720 hours.');
  }
  const secret = newTokenSecret();
  const grace = input.graceHours > 0;
  const token = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({
        hash: hashToken(secret),
        prefix: displayPrefix(secret),
        previousHash: grace ? sql`${apiTokens.hash}` : null,
        previousValidUntil: grace ? new Date(Date.now() + input.graceHours * 3_600_000) : null,
      })
      .where(and(eq(apiTokens.id, input.tokenId), input.scope, isNull(apiTokens.revokedAt)))
      .returning();
    if (!row) throw new AppError('not_found', 'No such token.');
    await recordAudit(tx, {
      workspaceId: row.workspaceId,
      ...input.by,
      action: 'token.secret_replaced',
      target: { type: 'token', id: row.id, label: row.name },
      details: { grace_hours: input.graceHours },
    });
    return row;
  });
  forgetTokens(); // the old secret stops (or gets its grace period) on every instance
  return { secret, token };
}

/** `scope` (tokenScope(actor)) limits whose tokens, part of the UPDATE; the operator's CLI passes OPERATOR_SCOPE. */
export async function revokeApiToken(db: Db, input: { tokenId: string; scope: SQL; by: AuditBy }): Promise<ApiTokenRow> {
  const where = and(eq(apiTokens.id, input.tokenId), input.scope);
  const token = await db.transaction(async (tx) => {
    const [before] = await tx.select({ revokedAt: apiTokens.revokedAt }).from(apiTokens).where(where).for('update');
    if (!before) throw new AppError('not_found', 'No such token.');
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
      .where(where)
      .returning();
    // Revoking a revoked token changes nothing, and is not recorded twice.
    if (before.revokedAt === null)
      await recordAudit(tx, { workspaceId: row.workspaceId, ...input.by, action: 'token.revoked', target: { type: 'token', id: row.id, label: row.name } });
    return row;
  });
  forgetTokens(); // refused at once here, and on other instances as soon as the bus delivers
  return token;
}
