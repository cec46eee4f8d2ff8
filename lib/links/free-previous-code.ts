// Frees one of a link's old codes after the fact (the rename kept it): it stops redirecting at once
// (the cache key is published with the delete) and any link may take it.
import type { LinkRow } from '../../db/schema';
import { invalidationBus, linkKey } from '../cache/invalidation-bus';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import { freePreviousCode } from './previous-codes';

export async function freeOldCode(link: LinkRow, code: string, ctx: AppContext): Promise<void> {
  const key = linkKey(link.domainId, code);
  const freed = await ctx.handle.db.transaction(async (tx) => {
    const done = await freePreviousCode(tx, link, code);
    if (done) await invalidationBus().publishIn(tx, key);
    return done;
  });
  if (!freed) throw new AppError('not_found', `"${code}" is not an old code of this link.`);
  invalidationBus().publish(key, { sentInTransaction: true });
}
