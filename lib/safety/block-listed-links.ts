// After an import: every link still redirecting (active, or pending review) whose destination is
// now listed becomes blocked, with link.updated carrying the reason, and leaves every cache.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { links } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from '../events/link-event';
import { recordEvent } from '../events/record-event';
import type { LinkContext } from '../links/link-context';
import { currentThreatList } from './current-threat-list';
import { listedReason } from './scan-destination';

const PAGE = 2_000;
const LIVE = ['active', 'pending_review'];

/** Returns the number of links blocked. */
export async function blockListedLinks(ctx: LinkContext): Promise<number> {
  const list = await currentThreatList(ctx.handle);
  let blocked = 0;
  let lastId = 0;
  for (;;) {
    const page = await ctx.handle.query<{ id: number | string; long_url: string }>(
      `SELECT id, long_url FROM links WHERE id > $1 AND status IN ('active', 'pending_review') ORDER BY id LIMIT $2`,
      [lastId, PAGE],
    );
    for (const row of page) {
      const hit = list.match(row.long_url);
      if (hit && (await blockLink(Number(row.id), listedReason(hit), ctx))) blocked++;
    }
    if (page.length < PAGE) return blocked;
    lastId = Number(page[page.length - 1].id);
  }
}

async function blockLink(id: number, reason: string, ctx: LinkContext): Promise<boolean> {
  const row = await ctx.handle.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(links)
      .set({ status: 'blocked', safetyReason: reason, updatedAt: sql`now()` })
      // Still live: an operator may have disabled it since the page was read.
      .where(and(eq(links.id, id), inArray(links.status, LIVE)))
      .returning();
    if (updated) await recordEvent(tx, linkEvent('link.updated', updated, ctx.domains, { reason }));
    if (updated) await invalidationBus().publishIn(tx, linkKey(updated.domainId, updated.shortCode));
    return updated;
  });
  if (row) invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return row !== undefined;
}
