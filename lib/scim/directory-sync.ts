// A workspace's directory sync: one SCIM bearer token (shown once; only its SHA-256 is stored),
// rotated (the old one stops at once) or revoked, and what the identity provider did last.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { directorySyncs, scimGroups, scimUsers, workspaces, type DirectorySyncRow } from '../../db/schema';
import type { Db } from '../db/types';
import { byActor, recordAudit } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { ScimError } from './scim-error';
import { ownedBy } from '../tenancy/scope';

export const SCIM_TOKEN_PREFIX = 'scim_';
export const SCIM_BASE_PATH = '/api/scim/v2';

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => SCIM_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export async function findDirectorySync(db: Db, workspaceId: string): Promise<DirectorySyncRow | null> {
  const [row] = await db.select().from(directorySyncs).where(ownedBy(directorySyncs, workspaceId)).limit(1);
  return row ?? null;
}

/** A new token: the first one, or a rotation (the previous token stops working at once). */
export async function issueToken(db: Db, actor: Actor): Promise<{ secret: string; row: DirectorySyncRow }> {
  const secret = newSecret();
  const values = { tokenHash: hash(secret), tokenPrefix: secret.slice(0, SCIM_TOKEN_PREFIX.length + 6), tokenCreatedAt: new Date() };
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ id: directorySyncs.workspaceId }).from(directorySyncs).where(ownedBy(directorySyncs, actor.workspaceId)).for('update');
    const [row] = await tx
      .insert(directorySyncs)
      .values({ workspaceId: actor.workspaceId, createdBy: actor.userId, ...values })
      .onConflictDoUpdate({ target: directorySyncs.workspaceId, set: values })
      .returning();
    await recordAudit(tx, {
      ...byActor(actor),
      action: before ? 'directory_sync.token_rotated' : 'directory_sync.token_created',
      target: { type: 'workspace', id: actor.workspaceId },
    });
    return { secret, row };
  });
}

/** Revoking ends directory sync: the token stops working; provisioned members stay. */
export async function revokeToken(db: Db, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(directorySyncs).where(ownedBy(directorySyncs, actor.workspaceId)).returning();
    if (!gone) throw new AppError('not_found', 'Directory sync has no token to revoke.');
    await recordAudit(tx, { ...byActor(actor), action: 'directory_sync.token_revoked', target: { type: 'workspace', id: actor.workspaceId } });
  });
}

export interface ScimWorkspace {
  id: string;
  name: string;
}

/** "Authorization: Bearer scim_…" → its workspace (Enterprise team workspaces only). */
export async function authenticateScim(db: Db, authorization: string | null): Promise<ScimWorkspace> {
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (!m) throw new ScimError(401, 'Send the directory sync token as "Authorization: Bearer <token>".');
  const secret = m[1];
  if (!secret.startsWith(SCIM_TOKEN_PREFIX) || secret.length > 200) throw new ScimError(401, 'This directory sync token is not valid.');
  const digest = hash(secret);
  const [row] = await db
    .select({
      hash: directorySyncs.tokenHash,
      lastRequestAt: directorySyncs.lastRequestAt,
      id: workspaces.id,
      name: workspaces.name,
      plan: workspaces.plan,
      kind: workspaces.kind,
    })
    .from(directorySyncs)
    .innerJoin(workspaces, eq(workspaces.id, directorySyncs.workspaceId))
    .where(eq(directorySyncs.tokenHash, digest))
    .limit(1);
  if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(digest)))
    throw new ScimError(401, 'This directory sync token is not valid (revoked or replaced by a newer one).');
  if (row.plan !== 'enterprise' || row.kind !== 'team')
    throw new ScimError(403, `Directory sync needs the Enterprise plan; ${row.name} is on the ${row.plan} plan.`);
  if (!row.lastRequestAt || Date.now() - row.lastRequestAt.getTime() > 60_000) {
    db.update(directorySyncs)
      .set({ lastRequestAt: sql`now()` })
      .where(ownedBy(directorySyncs, row.id))
      .catch(() => {});
  }
  return { id: row.id, name: row.name };
}

/** What the identity provider changed last (shown on the Directory sync page). */
export async function noteActivity(db: Db, workspaceId: string, activity: string): Promise<void> {
  await db
    .update(directorySyncs)
    .set({ lastActivity: activity.slice(0, 300), lastActivityAt: sql`now()` })
    .where(ownedBy(directorySyncs, workspaceId));
}

export async function serializeDirectorySync(db: Db, workspaceId: string, baseUrl: string) {
  const row = await findDirectorySync(db, workspaceId);
  const [[users], [groups]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int`, active: sql<number>`count(*) filter (where ${scimUsers.active})::int` })
      .from(scimUsers)
      .where(ownedBy(scimUsers, workspaceId)),
    db.select({ n: sql<number>`count(*)::int` }).from(scimGroups).where(ownedBy(scimGroups, workspaceId)),
  ]);
  return {
    base_url: `${baseUrl}${SCIM_BASE_PATH}`,
    enabled: row !== null,
    token: row ? { prefix: row.tokenPrefix, created_at: row.tokenCreatedAt.toISOString() } : null,
    last_request_at: row?.lastRequestAt?.toISOString() ?? null,
    last_activity: row?.lastActivity ?? null,
    last_activity_at: row?.lastActivityAt?.toISOString() ?? null,
    users: { total: users.n, active: users.active },
    groups: groups.n,
  };
}
