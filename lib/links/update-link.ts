// Changes a link's destination (more fields arrive with the APIs), then invalidates every cache.
import { eq, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { AppError } from '../http/errors';
import type { LinkContext } from './link-context';
import { validateLongUrl } from './validate-long-url';

export interface UpdateLinkChanges {
  url?: unknown;
}

export async function updateLink(linkId: number, changes: UpdateLinkChanges, ctx: LinkContext): Promise<LinkRow> {
  const set: Partial<typeof links.$inferInsert> = {};
  if (changes.url !== undefined) set.longUrl = validateLongUrl(changes.url, ctx.domains.ownHosts);
  const [row] = await ctx.handle.db
    .update(links)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(links.id, linkId))
    .returning();
  if (!row) throw new AppError('not_found', 'No such link.');
  await invalidationBus().publish(linkKey(row.domainId, row.shortCode));
  return row;
}
