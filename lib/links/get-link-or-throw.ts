// One link of the actor's workspace, by id or by code, for reading or for writing. The scope is in
// the query: a link outside the workspace is "not found" (404); a link the actor can see but not
// change (a member and someone else's link) is 403, naming why.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { linkScope, type Access } from '../tenancy/scope';
import type { AppContext } from '../context/app-context';

export interface GetLinkOptions {
  actor: Actor;
  ctx: AppContext;
  access: Access;
}

/** A link by its numeric id (REST v1 paths). */
export async function getLinkOrThrow({ actor, ctx, access }: GetLinkOptions, id: string | number): Promise<LinkRow> {
  const linkId = typeof id === 'number' ? id : /^\d{1,15}$/.test(id) ? Number(id) : NaN;
  if (!Number.isSafeInteger(linkId)) throw notFound(`No link with id "${id}" in this workspace.`);
  const [link] = await ctx.handle.db
    .select()
    .from(links)
    .where(and(eq(links.id, linkId), linkScope(actor, access)))
    .limit(1);
  if (link) return link;
  throw await whyNot({ actor, ctx, access }, eq(links.id, linkId), `No link with id "${id}" in this workspace.`);
}

/** A link by code on a domain the workspace may use (Variant A's slug). */
export async function getLinkByCodeOrThrow({ actor, ctx, access }: GetLinkOptions, code: string, domainId?: number): Promise<LinkRow> {
  const domain = domainId === undefined ? ctx.domains.defaultFor(actor.workspaceId) : ctx.domains.usableBy(actor.workspaceId, domainId, { anyStatus: true });
  const missing = `No link "${code}" in this workspace.`;
  if (!domain) throw notFound(missing);
  const byCode = and(eq(links.domainId, domain.id), sql`lower(${links.shortCode}) = ${code.toLowerCase()}`)!;
  const [link] = await ctx.handle.db
    .select()
    .from(links)
    .where(and(byCode, linkScope(actor, access)))
    .limit(1);
  if (link) return link;
  throw await whyNot({ actor, ctx, access }, byCode, missing);
}

/** Links by id, in the order asked; the first one outside the scope stops everything. */
export async function getLinksOrThrow({ actor, ctx, access }: GetLinkOptions, ids: number[]): Promise<LinkRow[]> {
  const rows = await ctx.handle.db
    .select()
    .from(links)
    .where(and(inArray(links.id, ids), linkScope(actor, access)));
  const byId = new Map(rows.map((l) => [l.id, l]));
  const missing = ids.find((id) => !byId.has(id));
  if (missing !== undefined) {
    const err = await whyNot({ actor, ctx, access }, eq(links.id, missing), `No link with id "${missing}" in this workspace; nothing was changed.`);
    throw new AppError(err.code, err.message, { ids: err.message, ...err.details });
  }
  return ids.map((id) => byId.get(id)!);
}

/** 404, or 403 when the link is in the workspace but only its creator or an admin may change it. */
async function whyNot({ actor, ctx, access }: GetLinkOptions, which: ReturnType<typeof eq>, missing: string): Promise<AppError> {
  if (access === 'write') {
    const [visible] = await ctx.handle.db
      .select({ id: links.id })
      .from(links)
      .where(and(which, linkScope(actor, 'read')))
      .limit(1);
    if (visible)
      return new AppError('forbidden', 'Members can change only the links they created; ask an admin of this workspace.', { required_role: 'admin' });
  }
  return notFound(missing);
}

function notFound(message: string) {
  return new AppError('not_found', message);
}
