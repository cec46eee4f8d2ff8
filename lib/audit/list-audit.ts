// A workspace's audit entries, newest first, by keyset on (created_at, id): the cursor is the last
// entry's own pair, so a page costs the same however deep it is and new entries never shift it.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { auditEntries, type AuditEntryRow } from '../../db/schema';
import type { Db } from '../db/types';
import { invalidField } from '../core/errors';
import type { AuditAction } from './audit-actions';
import { describeEntry } from './describe-entry';
import { ownedBy } from '../tenancy/scope';

export interface AuditPage {
  entries: AuditEntryRow[];
  /** Where the next page starts; null on the last one. */
  nextCursor: string | null;
}

const encode = (at: string, id: number) => Buffer.from(`${at}|${id}`).toString('base64url');

function decode(cursor: string): { at: string; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !/^\d+$/.test(id ?? '') || Number.isNaN(Date.parse(at))) throw invalidField('cursor', 'cursor must be the next_cursor of a previous page.');
  return { at, id: Number(id) };
}

export async function listAudit(db: Db, workspaceId: string, q: { action?: AuditAction; limit: number; cursor?: string }): Promise<AuditPage> {
  const where: SQL[] = [ownedBy(auditEntries, workspaceId)];
  if (q.action) where.push(eq(auditEntries.action, q.action));
  if (q.cursor) {
    const c = decode(q.cursor);
    where.push(sql`(${auditEntries.createdAt}, ${auditEntries.id}) < (${c.at}::timestamptz, ${c.id})`);
  }
  const rows = await db
    .select({ entry: auditEntries, at: sql<string>`${auditEntries.createdAt}::text` })
    .from(auditEntries)
    .where(and(...where))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .limit(q.limit + 1);
  const more = rows.length > q.limit;
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return { entries: page.map((r) => r.entry), nextCursor: more && last ? encode(last.at, last.entry.id) : null };
}

export function serializeEntry(e: AuditEntryRow) {
  return {
    id: e.id,
    action: e.action,
    summary: describeEntry(e),
    actor: { id: e.actorId, label: e.actorLabel },
    target: e.targetType ? { type: e.targetType, id: e.targetId, label: e.targetLabel } : null,
    details: e.details,
    created_at: e.createdAt.toISOString(),
  };
}
export type AuditEntryJson = ReturnType<typeof serializeEntry>;
