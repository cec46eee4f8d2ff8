// Deletes a link, its clicks, rollups and QR logo (no foreign keys, see db/schema/clicks.ts) and
// writes link.deleted, all in one transaction.
import { eq } from 'drizzle-orm';
import { clickRollups, clicks, links, qrLogos, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from '../events/link-event';
import { recordEvent } from '../events/record-event';
import type { LinkContext } from './link-context';

export async function deleteLink(link: LinkRow, ctx: LinkContext): Promise<void> {
  await ctx.handle.db.transaction(async (tx) => {
    await tx.delete(clicks).where(eq(clicks.linkId, link.id));
    await tx.delete(clickRollups).where(eq(clickRollups.linkId, link.id));
    await tx.delete(qrLogos).where(eq(qrLogos.linkId, link.id));
    const [gone] = await tx.delete(links).where(eq(links.id, link.id)).returning();
    if (gone) await recordEvent(tx, linkEvent('link.deleted', gone, ctx.domains));
  });
  await invalidationBus().publish(linkKey(link.domainId, link.shortCode));
}
