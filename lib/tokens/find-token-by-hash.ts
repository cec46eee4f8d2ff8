// The token lookup every API request runs: the token by its current or previous hash, with its
// workspace and its member's role (the membership join is what ends a removed member's tokens).
// It is a server-side prepared statement, planned once: PostgreSQL re-plans this three-table join on
// every call otherwise, which made it the costliest part of an API request's database work. On
// PostgreSQL, node-postgres prepares the named statement on each pooled connection; on PGlite (one
// session, no named statements in its client) the session PREPAREs it once and EXECUTEs it.
import { and, eq, or, sql } from 'drizzle-orm';
import { apiTokens, workspaceMembers, workspaces, type Plan, type Role, type WorkspaceKind } from '../../db/schema';
import type { DbHandle } from '../db/types';
import { ACTOR_WORKSPACE_COLUMNS } from '../tenancy/actor-workspace-columns';

export interface TokenRow {
  id: string;
  userId: string;
  hash: string;
  previousHash: string | null;
  previousValidUntil: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  scopes: string[];
  role: Role;
  workspace: { id: string; name: string; slug: string; kind: WorkspaceKind; plan: Plan; limitPerHour: number | null; limitPerMinute: number | null };
}

const NAME = 'sling_authenticate_token';

/** `hash` is a SHA-256 in lower-case hex (hashToken's output), checked again here before use in SQL. */
export async function findTokenByHash(handle: DbHandle, hash: string): Promise<TokenRow | undefined> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return undefined;
  if (handle.kind === 'postgres') return (await drizzleLookup(handle).execute({ hash }))[0];
  const rows = await executePrepared(handle, hash);
  return rows[0] && fromRow(rows[0]);
}

/** PostgreSQL: the lookup in Drizzle, prepared under NAME (node-postgres prepares it per connection). */
function query(handle: DbHandle) {
  const hash = sql.placeholder('hash');
  return handle.db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      hash: apiTokens.hash,
      previousHash: apiTokens.previousHash,
      previousValidUntil: apiTokens.previousValidUntil,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      scopes: apiTokens.scopes,
      role: workspaceMembers.role,
      workspace: ACTOR_WORKSPACE_COLUMNS,
    })
    .from(apiTokens)
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.organizationId, apiTokens.workspaceId), eq(workspaceMembers.userId, apiTokens.userId)))
    .where(or(eq(apiTokens.hash, hash), eq(apiTokens.previousHash, hash)))
    .limit(1);
}

const drizzleLookups = new WeakMap<DbHandle, ReturnType<typeof prepareDrizzle>>();
function prepareDrizzle(handle: DbHandle) {
  return query(handle).prepare(NAME);
}
function drizzleLookup(handle: DbHandle) {
  let lookup = drizzleLookups.get(handle);
  if (!lookup) drizzleLookups.set(handle, (lookup = prepareDrizzle(handle)));
  return lookup;
}

/** The same lookup in SQL, with unambiguous column names (for PGlite's PREPARE). */
const LOOKUP_SQL = `
SELECT t.id, t.user_id, t.hash, t.previous_hash, t.previous_valid_until, t.expires_at, t.revoked_at, t.last_used_at, t.scopes, m.role,
       w.id AS w_id, w.name AS w_name, w.slug AS w_slug, w.kind AS w_kind, w.plan AS w_plan, w.limit_per_hour AS w_limit_per_hour,
       w.limit_per_minute AS w_limit_per_minute
FROM api_tokens t
JOIN workspaces w ON w.id = t.workspace_id
JOIN workspace_members m ON m.workspace_id = t.workspace_id AND m.user_id = t.user_id
WHERE t.hash = $1 OR t.previous_hash = $1
LIMIT 1`;

/** PGlite: PREPARE once per handle (again if the session lost it), then EXECUTE with the hash. */
const prepared = new WeakMap<DbHandle, Promise<unknown>>();
async function executePrepared(handle: DbHandle, hash: string, retry = true): Promise<Array<Record<string, unknown>>> {
  let ready = prepared.get(handle);
  if (!ready) {
    ready = handle.query(`PREPARE ${NAME}(text) AS ${LOOKUP_SQL}`).catch((err) => {
      if ((err as { code?: string }).code !== '42P05') throw err; // already prepared in this session
    });
    prepared.set(handle, ready);
  }
  try {
    await ready;
    // The hash is 64 hex digits (checked above): safe as a literal, which EXECUTE needs.
    return await handle.query(`EXECUTE ${NAME}('${hash}')`);
  } catch (err) {
    prepared.delete(handle);
    if (retry && (err as { code?: string }).code === '26000') return executePrepared(handle, hash, false); // the session was renewed
    throw err;
  }
}

function fromRow(r: Record<string, unknown>): TokenRow {
  const date = (x: unknown) => (x === null || x === undefined ? null : new Date(x as string | Date));
  return {
    id: r.id as string,
    userId: r.user_id as string,
    hash: r.hash as string,
    previousHash: r.previous_hash as string | null,
    previousValidUntil: date(r.previous_valid_until),
    expiresAt: date(r.expires_at),
    revokedAt: date(r.revoked_at),
    lastUsedAt: date(r.last_used_at),
    scopes: r.scopes as string[],
    role: r.role as Role,
    workspace: {
      id: r.w_id as string,
      name: r.w_name as string,
      slug: r.w_slug as string,
      kind: r.w_kind as WorkspaceKind,
      plan: r.w_plan as Plan,
      limitPerHour: r.w_limit_per_hour as number | null,
      limitPerMinute: r.w_limit_per_minute as number | null,
    },
  };
}
