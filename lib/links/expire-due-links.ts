// The expiry job's work: marks active links whose expiry has passed (or whose click limit is
// reached) `expired` and writes link.expired for each, in the same transaction. The edge already
// stops redirecting at the exact second by itself; this makes the state visible and fires the event.
//
// Exactly once, even with sweeps running side by side on several workers: rows are claimed with
// FOR UPDATE SKIP LOCKED, and the update re-checks status = 'active' under the row lock.
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from './link-event';
import { recordEvents } from '../events/record-event';
import type { AppContext } from '../context/app-context';
import { processClock, type Clock } from '../core/clock';
import { limitedClicks } from './find-links';

export async function expireDueLinks(ctx: AppContext, opts: { batchSize?: number; clock?: Clock } = {}): Promise<number> {
  const batchSize = opts.batchSize ?? 500;
  // One time for the whole sweep, as a parameter: the clock's, not the database's now().
  const now = (opts.clock ?? processClock()).now();
  let total = 0;
  for (;;) {
    const expired = await ctx.handle.db.transaction(async (tx) => {
      const due = tx
        .select({ id: links.id })
        .from(links)
        .where(and(eq(links.status, 'active'), or(lte(links.expiresAt, now), and(isNotNull(links.maxClicks), sql`${limitedClicks} >= ${links.maxClicks}`))))
        .orderBy(asc(links.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const rows = await tx
        .update(links)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(and(inArray(links.id, due), eq(links.status, 'active')))
        .returning();
      await recordEvents(
        tx,
        rows.map((row) => linkEvent('link.expired', row, ctx.domains, { reason: expiryReason(row, now) })),
      );
      for (const row of rows) await invalidationBus().publishIn(tx, linkKey(row.domainId, row.shortCode));
      return rows;
    });
    for (const row of expired) invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
    total += expired.length;
    if (expired.length < batchSize) return total;
  }
}

function expiryReason(row: LinkRow, now: Date): 'expiration' | 'max_clicks' {
  return row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime() ? 'expiration' : 'max_clicks';
}
