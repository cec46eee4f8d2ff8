// Admins disable a link (abuse, scans): visitors get the "disabled" page; the owner sees the reason.
// The change writes link.updated in the same transaction.
import { eq, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { linkEvent } from './link-event';
import { recordEvent } from '../events/record-event';
import { AppError, invalidField } from '../core/errors';
import type { AppContext } from '../context/app-context';

export async function setLinkDisabled(link: LinkRow, disabled: { reason: string } | false, ctx: AppContext): Promise<LinkRow> {
  if (disabled && !disabled.reason.trim()) throw invalidField('reason', 'Say why the link is disabled.');
  const row = await ctx.handle.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(links)
      .set(
        disabled
          ? { status: 'disabled', disabledReason: disabled.reason.trim(), updatedAt: sql`now()` }
          : { status: 'active', disabledReason: null, updatedAt: sql`now()` },
      )
      .where(eq(links.id, link.id))
      .returning();
    if (updated) await recordEvent(tx, linkEvent('link.updated', updated, ctx.domains));
    if (updated) await invalidationBus().publishIn(tx, linkKey(updated.domainId, updated.shortCode));
    return updated;
  });
  if (!row) throw new AppError('not_found', 'No such link.');
  invalidationBus().publish(linkKey(row.domainId, row.shortCode), { sentInTransaction: true });
  return row;
}
