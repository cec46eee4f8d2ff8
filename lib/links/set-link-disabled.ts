// Admins disable a link (abuse, scans): visitors get the "disabled" page; the owner sees the reason.
import { eq, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { invalidField } from '../http/errors';
import type { LinkContext } from './link-context';

export async function setLinkDisabled(link: LinkRow, disabled: { reason: string } | false, ctx: LinkContext): Promise<LinkRow> {
  if (disabled && !disabled.reason.trim()) throw invalidField('reason', 'Say why the link is disabled.');
  const [row] = await ctx.handle.db
    .update(links)
    .set(
      disabled
        ? { status: 'disabled', disabledReason: disabled.reason.trim(), updatedAt: sql`now()` }
        : { status: 'active', disabledReason: null, updatedAt: sql`now()` },
    )
    .where(eq(links.id, link.id))
    .returning();
  await invalidationBus().publish(linkKey(row.domainId, row.shortCode));
  return row;
}
