// A user's link by code: someone else's link is simply "not found".
import type { LinkRow } from '../../db/schema';
import { AppError } from '../http/errors';
import { getLinkByCode } from './get-link-by-code';
import type { LinkContext } from './link-context';

export async function getOwnedLinkOrThrow(ctx: LinkContext, userId: string, code: string, domainId?: number): Promise<LinkRow> {
  const domain = domainId === undefined ? ctx.domains.defaultDomain : ctx.domains.byId(domainId);
  const link = domain ? await getLinkByCode(ctx.handle.db, domain.id, code) : undefined;
  if (!link || link.userId !== userId) throw new AppError('not_found', `No link "${code}" found in your account.`);
  return link;
}
