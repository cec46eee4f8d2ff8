// Deletes links with their clicks, rollups (taken off their workspace's rollups too) and QR logos
// (no foreign keys, see db/schema/clicks.ts) and writes link.deleted for each, all in one transaction; then drops them from every cache.
import { and, inArray, type SQL } from 'drizzle-orm';
import { clicks, links, qrLogos, type LinkRow } from '../../db/schema';
import { txQueryable } from '../db/tx-queryable';
import { deleteClickRollups } from './delete-click-rollups';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from './link-event';
import { recordEvent } from '../events/record-event';
import type { AppContext } from '../context/app-context';
import { recordAudit, type AuditBy } from '../audit/record-audit';

/** At most this many short codes are named in one deletion's audit entry. */
const AUDIT_CODES = 10;

/**
 * `scope` (linkScope(actor, 'write'), or OPERATOR_SCOPE for the operator and cascades) is part of the DELETE.
 * With `by`, one audit entry names who deleted them (a cascade is audited by what caused it).
 */
export async function deleteLinks(rows: LinkRow[], ctx: AppContext, scope: SQL, by?: AuditBy): Promise<number> {
  if (rows.length === 0) return 0;
  const ids = rows.map((l) => l.id);
  const gone = await ctx.handle.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(links)
      .where(and(inArray(links.id, ids), scope))
      .returning();
    const goneIds = deleted.map((l) => l.id);
    if (goneIds.length === 0) return deleted;
    await tx.delete(clicks).where(inArray(clicks.linkId, goneIds));
    // Ids inline (numbers from the database): no array parameter to pass through drizzle.
    await deleteClickRollups(txQueryable(tx), `r.link_id IN (${goneIds.map((id) => Number(id)).join(', ')})`, []);
    await tx.delete(qrLogos).where(inArray(qrLogos.linkId, goneIds));
    for (const link of deleted) await recordEvent(tx, linkEvent('link.deleted', link, ctx.domains));
    if (by) {
      const [first] = deleted;
      await recordAudit(tx, {
        ...by,
        workspaceId: first.workspaceId,
        action: 'link.deleted',
        target: deleted.length === 1 ? { type: 'link', id: String(first.id), label: first.shortCode } : undefined,
        details: {
          count: deleted.length,
          codes: deleted
            .map((l) => l.shortCode)
            .sort()
            .slice(0, AUDIT_CODES),
        },
      });
    }
    for (const link of rows) await invalidationBus().publishIn(tx, linkKey(link.domainId, link.shortCode));
    return deleted;
  });
  for (const link of rows) invalidationBus().publish(linkKey(link.domainId, link.shortCode), { sentInTransaction: true });
  return gone.length;
}
