// Writes one audit entry. Pass the transaction of the change it describes, so the entry exists
// exactly when the change does. Users' labels are read by the INSERT itself (their name, else their
// address) and kept: the entry still reads right after the user is gone.
import { sql, type SQL } from 'drizzle-orm';
import { auditEntries, users } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { hashIp } from '../crypto/hash-ip';
import type { Actor } from '../tenancy/actor';
import type { AuditAction } from './audit-actions';

export interface AuditEntryInput {
  workspaceId: string;
  /** A user id; null for the system or the identity provider (then `actorLabel` says which). */
  actorId: string | null;
  actorLabel?: string;
  action: AuditAction;
  target?: { type: 'user' | 'invitation' | 'sso_connection' | 'workspace' | 'token' | 'webhook' | 'domain' | 'link'; id: string; label?: string };
  details?: Record<string, unknown>;
  ip?: string | null;
}

const userLabel = (id: string): SQL<string> =>
  sql`coalesce((select coalesce(nullif(${users.name}, ''), ${users.email}) from ${users} where ${users.id} = ${id}), 'A deleted user')`;

export async function recordAudit(tx: Db | Tx, e: AuditEntryInput): Promise<void> {
  await tx.insert(auditEntries).values({
    workspaceId: e.workspaceId,
    actorId: e.actorId,
    actorLabel: e.actorLabel ?? (e.actorId ? userLabel(e.actorId) : 'System'),
    action: e.action,
    targetType: e.target?.type ?? null,
    targetId: e.target?.id ?? null,
    targetLabel: e.target ? (e.target.label ?? (e.target.type === 'user' ? userLabel(e.target.id) : null)) : null,
    details: e.details ?? {},
    ipHash: e.ip && e.ip !== 'unknown' ? hashIp(e.ip) : null,
  });
}

/** Who did a change, for the functions that also run outside a request (the operator's CLI: actorId null and a label). */
export type AuditBy = Pick<AuditEntryInput, 'actorId' | 'actorLabel' | 'ip'>;

/** The actor as who did a change (byActor without the workspace, for functions that take it from the row). */
export function auditBy(actor: Actor): AuditBy {
  return { actorId: actor.userId, ip: actor.ip ?? null };
}

/** The common case: the signed-in user (or token) of a workspace request did it. */
export function byActor(actor: Actor): Pick<AuditEntryInput, 'workspaceId' | 'actorId' | 'ip'> {
  return { workspaceId: actor.workspaceId, actorId: actor.userId, ip: actor.ip ?? null };
}
