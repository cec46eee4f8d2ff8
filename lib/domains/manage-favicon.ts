// A custom domain's favicon: uploaded and removed by owners and admins, read back for the dashboard,
// found by domain for serving and for QR codes. The domain is looked up inside the workspace scope and
// every favicon query carries the workspace too, so another workspace's domain is "not found". A
// change is announced by host name: every instance drops its cached copy (current-favicons.ts).
import { and, eq, sql } from 'drizzle-orm';
import { domainFavicons, type DomainRow } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { Db, DbHandle } from '../db/types';
import { AppError } from '../core/errors';
import { runCpuTask } from '../runtime/run-cpu-task';
import { checkFaviconTask } from './favicon-task';
import type { Actor } from '../tenancy/actor';
import { getDomainOrThrow } from './manage-domains';
import { domainHostKey } from './site-directory';
import { ownedBy } from '../tenancy/scope';

export interface DomainFavicon {
  contentType: 'image/png';
  data: Buffer;
  updatedAt: Date;
}

function faviconScope(actor: Actor, domainId: number) {
  return and(eq(domainFavicons.domainId, domainId), ownedBy(domainFavicons, actor.workspaceId));
}

/** The domain's uploaded favicon, for its owners (undefined while it shows Sling's icon). */
export async function getOwnFavicon(handle: DbHandle, actor: Actor, id: string): Promise<{ domain: DomainRow; favicon: DomainFavicon | undefined }> {
  const domain = await getDomainOrThrow(handle, actor, id);
  const [row] = await handle.db.select().from(domainFavicons).where(faviconScope(actor, domain.id)).limit(1);
  return { domain, favicon: row && toFavicon(row) };
}

/** Checks an upload (read by the operation, at most MAX_FAVICON_BYTES) in the CPU pool, stores it. */
export async function saveFavicon(handle: DbHandle, actor: Actor, id: string, data: Buffer): Promise<{ domain: DomainRow; favicon: DomainFavicon }> {
  const domain = await getDomainOrThrow(handle, actor, id);
  const contentType = await runCpuTask(checkFaviconTask, data);
  const values = { contentType, data, updatedAt: sql`now()` };
  const row = await handle.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(domainFavicons)
      .values({ domainId: domain.id, workspaceId: actor.workspaceId, contentType, data })
      .onConflictDoUpdate({ target: domainFavicons.domainId, set: values, setWhere: ownedBy(domainFavicons, actor.workspaceId) })
      .returning();
    await invalidationBus().publishIn(tx, domainHostKey(domain.hostname));
    return row;
  });
  invalidationBus().publish(domainHostKey(domain.hostname), { sentInTransaction: true });
  if (!row) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
  return { domain, favicon: toFavicon(row) };
}

/** Back to Sling's icon (nothing to remove is fine: the answer is the same). */
export async function removeFavicon(handle: DbHandle, actor: Actor, id: string): Promise<DomainRow> {
  const domain = await getDomainOrThrow(handle, actor, id);
  await handle.db.transaction(async (tx) => {
    await tx.delete(domainFavicons).where(faviconScope(actor, domain.id));
    await invalidationBus().publishIn(tx, domainHostKey(domain.hostname));
  });
  invalidationBus().publish(domainHostKey(domain.hostname), { sentInTransaction: true });
  return domain;
}

/** The uploaded favicon of a domain, for serving and QR codes (the caller has found the domain already). */
export async function findFavicon(db: Db, domainId: number): Promise<DomainFavicon | undefined> {
  const [row] = await db.select().from(domainFavicons).where(eq(domainFavicons.domainId, domainId)).limit(1);
  return row && toFavicon(row);
}

function toFavicon(row: typeof domainFavicons.$inferSelect): DomainFavicon {
  return { contentType: 'image/png', data: row.data, updatedAt: row.updatedAt };
}
