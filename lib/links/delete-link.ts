// Deletes a link and its clicks (the clicks table has no foreign key, see db/schema/clicks.ts).
import type { LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import type { LinkContext } from './link-context';

export async function deleteLink(link: LinkRow, ctx: LinkContext): Promise<void> {
  await ctx.handle.transaction(async (q) => {
    await q.query('DELETE FROM clicks WHERE link_id = $1', [link.id]);
    await q.query('DELETE FROM links WHERE id = $1', [link.id]);
  });
  await invalidationBus().publish(linkKey(link.domainId, link.shortCode));
}
