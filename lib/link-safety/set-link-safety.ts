// Moves a live link (active or pending review) to blocked or pending_review for a safety reason:
// link.updated carries the reason, link.held (the event to subscribe to for holds) the reason and
// the new status, both in the change's transaction; and every cache drops the link. Done only
// while the link is still live (an operator may have disabled it meanwhile) and, when `longUrl` is
// given, still points where the verdict was about (its destination may have changed during a scan).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { links } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from '../links/link-event';
import { recordEvents } from '../events/record-event';
import type { AppContext } from '../context/app-context';

export interface SafetyChange {
  status: 'blocked' | 'pending_review';
  reason: string;
  /** The statuses it may leave (default: active and pending_review). */
  from?: string[];
  longUrl?: string;
}

/** True when the link changed. */
export async function setLinkSafety(id: number, change: SafetyChange, ctx: AppContext): Promise<boolean> {
  const { reason } = change;
  const row = await ctx.handle.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(links)
      .set({ status: change.status, safetyReason: reason, updatedAt: sql`now()` })
      .where(
        and(
          eq(links.id, id),
          inArray(links.status, change.from ?? ['active', 'pending_review']),
          change.longUrl === undefined ? undefined : eq(links.longUrl, change.longUrl),
        ),
      )
      .returning();
    if (updated) {
      await recordEvents(tx, [
        linkEvent('link.updated', updated, ctx.domains, { reason }),
        linkEvent('link.held', updated, ctx.domains, { reason, status: change.status }),
      ]);
    }
    if (updated) await invalidationBus().publishIn(tx, linkKey(updated.domainId, updated.shortCode));
    return updated;
  });
  if (row) invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return row !== undefined;
}
