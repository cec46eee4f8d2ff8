// Token lifecycle against the database: shown once, stored as SHA-256, regenerate, rotate with a
// grace period, expiry, revocation — each old secret refused with 401 at the right moment — and
// the cap on live tokens per workspace.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiTokens, workspaceMembers } from '../../../db/schema';
import { AppError } from '../../../lib/core/errors';
import { authenticateToken, bearerToken } from '../../../lib/tokens/authenticate-token';
import { createApiToken, findTokens, replaceTokenSecret, revokeApiToken } from '../../../lib/tokens/manage-tokens';
import { TOKEN_CAPS } from '../../../lib/tokens/token-cap';
import { forgetTokens } from '../../../lib/tokens/token-cache';
import { OPERATOR_SCOPE, ownTokenScope, tokenScope } from '../../../lib/tenancy/scope';
import { auditBy } from '../../../lib/audit/record-audit';
import { makeUser, type TestUser } from '../../helpers/workspace-fixtures';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

describe(`API tokens on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  const userId = 'user-tokens-1';
  let user: TestUser;
  let mine: { userId: string; workspaceId: string };

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    user = await makeUser(ctx.handle.db, userId, 'pro');
    mine = { userId, workspaceId: user.workspaceId };
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const refused = async (secret: string) => {
    const err = await authenticateToken(ctx.handle, secret).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(401);
    return err.message as string;
  };

  test('the secret is returned once; only its SHA-256 is stored; it authenticates as its member, in its workspace, with its role and plan', async () => {
    const { secret, token } = await createApiToken(ctx.handle.db, { ...mine, name: 'deploy' });
    expect(secret).toMatch(/^sl_[A-Za-z0-9]{40}$/);
    const stored = await ctx.handle.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [token.id]);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored[0].hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(stored[0].prefix).toBe(secret.slice(0, 9));
    expect(await authenticateToken(ctx.handle, secret)).toMatchObject({
      tokenId: token.id,
      userId,
      workspaceId: user.workspaceId,
      role: 'owner',
      via: 'token',
      workspace: { plan: 'pro', kind: 'personal' },
    });
    const listed = await findTokens(ctx.handle.db, tokenScope(user.actor));
    expect(listed.map((t) => t.name)).toContain('deploy');
  });

  test('regenerate: the new secret works and the old one is dead at once', async () => {
    const { secret: old, token } = await createApiToken(ctx.handle.db, { ...mine });
    const { secret: fresh } = await replaceTokenSecret(ctx.handle.db, {
      tokenId: token.id,
      scope: ownTokenScope(user.actor),
      graceHours: 0,
      by: auditBy(user.actor),
    });
    expect(await refused(old)).toMatch(/replaced|not valid/);
    expect((await authenticateToken(ctx.handle, fresh)).tokenId).toBe(token.id);
  });

  test('rotate: the old secret keeps working during the grace period, then is refused', async () => {
    const { secret: old, token } = await createApiToken(ctx.handle.db, { ...mine });
    const { secret: fresh } = await replaceTokenSecret(ctx.handle.db, {
      tokenId: token.id,
      scope: ownTokenScope(user.actor),
      graceHours: 24,
      by: auditBy(user.actor),
    });
    expect((await authenticateToken(ctx.handle, old)).tokenId).toBe(token.id);
    expect((await authenticateToken(ctx.handle, fresh)).tokenId).toBe(token.id);
    await ctx.handle.query("UPDATE api_tokens SET previous_valid_until = now() - interval '1 second' WHERE id = $1", [token.id]);
    forgetTokens(); // a direct write is not seen by the token cache; the app's own writes call this
    expect(await refused(old)).toMatch(/replaced/);
    expect((await authenticateToken(ctx.handle, fresh)).tokenId).toBe(token.id);
  });

  test('an expired token is refused; an expiry in the past cannot be set', async () => {
    const { secret, token } = await createApiToken(ctx.handle.db, { ...mine, expiresAt: new Date(Date.now() + 60_000) });
    expect((await authenticateToken(ctx.handle, secret)).tokenId).toBe(token.id);
    await ctx.handle.query("UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1", [token.id]);
    forgetTokens();
    expect(await refused(secret)).toMatch(/expired/);
    const err = await createApiToken(ctx.handle.db, { ...mine, expiresAt: new Date(Date.now() - 1000) }).catch((e) => e);
    expect(err.details).toHaveProperty('expires_at');
  });

  test('revoked tokens are refused, also during a rotation grace period', async () => {
    const { secret: old, token } = await createApiToken(ctx.handle.db, { ...mine });
    const { secret: fresh } = await replaceTokenSecret(ctx.handle.db, {
      tokenId: token.id,
      scope: ownTokenScope(user.actor),
      graceHours: 24,
      by: auditBy(user.actor),
    });
    await revokeApiToken(ctx.handle.db, { tokenId: token.id, scope: tokenScope(user.actor), by: auditBy(user.actor) });
    expect(await refused(fresh)).toMatch(/revoked/);
    expect(await refused(old)).toMatch(/revoked/);
    const outsider = await makeUser(ctx.handle.db, 'someone-else');
    const other = await revokeApiToken(ctx.handle.db, { tokenId: token.id, scope: tokenScope(outsider.actor), by: auditBy(outsider.actor) }).catch((e) => e);
    expect(other.code).toBe('not_found');
  });

  test('scopes: stored as given (all when absent), unknown ones refused; a token whose member left its workspace is refused', async () => {
    const { secret, token } = await createApiToken(ctx.handle.db, { ...mine, scopes: ['links:read', 'analytics:read'] });
    expect((await authenticateToken(ctx.handle, secret)).scopes).toEqual(['links:read', 'analytics:read']);
    expect(token.scopes).toEqual(['links:read', 'analytics:read']);
    const all = await createApiToken(ctx.handle.db, { ...mine });
    expect((await authenticateToken(ctx.handle, all.secret)).scopes).toContain('webhooks:write');
    for (const scopes of [[], ['links:delete'], 'links:read']) {
      const err = await createApiToken(ctx.handle.db, { ...mine, scopes }).catch((e) => e);
      expect(err.details).toHaveProperty('scopes');
    }
    await ctx.handle.db.delete(workspaceMembers).where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.organizationId, user.workspaceId)));
    forgetTokens();
    expect(await refused(secret)).toMatch(/not valid/);
    const [row] = await ctx.handle.db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(row.revokedAt).toBeNull(); // refused by the membership join alone
  });

  test("a workspace holds at most its plan's cap of live tokens (Free 5): the next is 409 limit_reached naming it; revoked and expired ones do not count", async () => {
    const free = await makeUser(ctx.handle.db, 'user-tokens-cap', 'free');
    const owner = { userId: free.userId, workspaceId: free.workspaceId };
    expect(TOKEN_CAPS.free).toBe(5);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await createApiToken(ctx.handle.db, { ...owner, name: `t${i}` })).token);
    const err = await createApiToken(ctx.handle.db, { ...owner, name: 'one too many' }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect({ status: err.status, code: err.code }).toEqual({ status: 409, code: 'limit_reached' });
    expect(err.message).toMatch(/5 active API tokens, the most the Free plan allows \(5\); revoke one first/);
    expect(err.details).toEqual({ limit: 5, plan: 'free', active_tokens: 5, resource: 'api_tokens' });

    await revokeApiToken(ctx.handle.db, { tokenId: made[0].id, scope: OPERATOR_SCOPE, by: { actorId: null, actorLabel: 'The operator' } });
    await ctx.handle.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, made[1].id));
    await createApiToken(ctx.handle.db, { ...owner, name: 'in a freed slot' });
    await createApiToken(ctx.handle.db, { ...owner, name: 'in the other' });
    expect((await createApiToken(ctx.handle.db, { ...owner }).catch((e) => e)).code).toBe('limit_reached');
    // Another workspace has its own count.
    expect((await createApiToken(ctx.handle.db, { ...mine, name: 'elsewhere' })).token.workspaceId).toBe(user.workspaceId);
  });

  test('concurrent creations cannot pass the cap', async () => {
    const free = await makeUser(ctx.handle.db, 'user-tokens-race', 'free');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => createApiToken(ctx.handle.db, { userId: free.userId, workspaceId: free.workspaceId, name: `race ${i}` })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
    expect(refusals).toEqual(['limit_reached', 'limit_reached', 'limit_reached']);
    expect(await findTokens(ctx.handle.db, eq(apiTokens.workspaceId, free.workspaceId))).toHaveLength(5);
  });

  test("a token is looked up once and then served from memory; the app's own writes (revoke, rotate) take effect at once", async () => {
    const member = await makeUser(ctx.handle.db, 'user-tokens-cache', 'pro');
    const { secret, token } = await createApiToken(ctx.handle.db, { userId: member.userId, workspaceId: member.workspaceId, name: 'cached' });
    expect((await authenticateToken(ctx.handle, secret)).tokenId).toBe(token.id);
    // A write behind the app's back is not seen until the cache is told: the lookup was not repeated.
    await ctx.handle.query("UPDATE api_tokens SET scopes = '{links:read}' WHERE id = $1", [token.id]);
    expect((await authenticateToken(ctx.handle, secret)).scopes).toContain('links:write');
    forgetTokens();
    expect((await authenticateToken(ctx.handle, secret)).scopes).toEqual(['links:read']);
    // Rotation and revocation through the app: the cached row is dropped at once.
    const { secret: fresh } = await replaceTokenSecret(ctx.handle.db, {
      tokenId: token.id,
      scope: ownTokenScope(member.actor),
      graceHours: 0,
      by: auditBy(member.actor),
    });
    expect(await refused(secret)).toMatch(/replaced|not valid/);
    expect((await authenticateToken(ctx.handle, fresh)).tokenId).toBe(token.id);
    await revokeApiToken(ctx.handle.db, { tokenId: token.id, scope: tokenScope(member.actor), by: auditBy(member.actor) });
    expect(await refused(fresh)).toMatch(/revoked/);
  });

  test('bearerToken reads the scheme case-insensitively and refuses anything else', () => {
    expect(bearerToken('Bearer sl_abc')).toBe('sl_abc');
    expect(bearerToken('bearer   sl_abc  ')).toBe('sl_abc');
    for (const h of [null, '', 'Basic abc', 'Bearer', 'Bearer  ', 'Token sl_abc', 'Bearer a b']) {
      expect(() => bearerToken(h)).toThrow(AppError);
    }
  });
});
