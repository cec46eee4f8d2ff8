// A user's link by code or id: someone else's link is simply "not found".
import { and, eq, inArray } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { AppError } from '../http/errors';
import { getLinkByCode } from './get-link-by-code';
import type { LinkContext } from './link-context';

export async function getOwnedLinkOrThrow(ctx: LinkContext, userId: string, code: string, domainId?: number): Promise<LinkRow> {
  const domain = domainId === undefined ? ctx.domains.defaultDomain : ctx.domains.byId(domainId);
  const link = domain ? await getLinkByCode(ctx.handle.db, domain.id, code) : undefined;
  if (!link || link.userId !== userId) throw new AppError('not_found', `No link "${code}" found in your account.`);
  return link;
}

/** A user's link by its numeric id (REST v1 paths); anything else is "not found". */
export async function getOwnedLinkById(ctx: LinkContext, userId: string, id: string): Promise<LinkRow> {
  const linkId = /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  const [link] = Number.isSafeInteger(linkId) ? await ctx.handle.db.select().from(links).where(eq(links.id, linkId)).limit(1) : [];
  if (!link || link.userId !== userId) throw new AppError('not_found', `No link with id "${id}" found in your account.`);
  return link;
}

/** A user's links by id, in the order asked; the first id that is not theirs is "not found". */
export async function getOwnedLinksByIds(ctx: LinkContext, userId: string, ids: number[]): Promise<LinkRow[]> {
  const rows = await ctx.handle.db.select().from(links).where(and(inArray(links.id, ids), eq(links.userId, userId)));
  const byId = new Map(rows.map((l) => [l.id, l]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) throw new AppError('not_found', `No link with id "${missing}" found in your account; nothing was deleted.`, { ids: `No link with id ${missing} in your account.` });
  return ids.map((id) => byId.get(id)!);
}
