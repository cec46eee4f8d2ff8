// Deleting a custom domain takes every link on it (with their clicks and link.deleted events), so it
// lives with the links: the domains feature sits below them (docs/architecture/layers.md).
import { and, eq } from 'drizzle-orm';
import { domains, links } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import { AppError } from '../core/errors';
import { getDomainOrThrow, type DomainScope } from '../domains/manage-domains';
import { domainHostKey } from '../domains/site-directory';
import { domainScope, OPERATOR_SCOPE } from '../tenancy/scope';
import { deleteLinks } from './delete-links';
import { byActor, recordAudit } from '../audit/record-audit';

/** Deletes the domain and every link on it; returns how many links went. */
export async function deleteDomain(scope: DomainScope, id: string): Promise<number> {
  const { ctx, actor } = scope;
  const domain = await getDomainOrThrow(ctx.handle, actor, id);
  let removed = 0;
  // A link made on it meanwhile holds the domain by its foreign key: take it too, then try again.
  for (let attempt = 0; ; attempt++) {
    const onDomain = await ctx.handle.db.select().from(links).where(eq(links.domainId, domain.id));
    // A cascade: the domain is the workspace's (scoped above), and so is every link on it.
    removed += await deleteLinks(onDomain, ctx, OPERATOR_SCOPE);
    try {
      const gone = await ctx.handle.db.transaction(async (tx) => {
        const gone = await tx
          .delete(domains)
          .where(and(eq(domains.id, domain.id), domainScope(actor)))
          .returning({ id: domains.id });
        if (gone.length > 0) {
          await recordAudit(tx, {
            ...byActor(actor),
            action: 'domain.deleted',
            target: { type: 'domain', id: String(domain.id), label: domain.hostname },
            details: { links: removed },
          });
        }
        await invalidationBus().publishIn(tx, domainHostKey(domain.hostname));
        return gone;
      });
      invalidationBus().publish(domainHostKey(domain.hostname), { sentInTransaction: true });
      if (gone.length === 0) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
      return removed;
    } catch (err) {
      if (attempt >= 2 || !isForeignKeyViolation(err)) throw err;
    }
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) if (e.code === '23503') return true;
  return false;
}
