// A custom domain's landing page: read for the editor, saved by owners and admins. The domain is
// looked up inside the workspace scope, and the page row carries the workspace too, so another
// workspace's page is "not found". A save is announced by host name: every instance drops its copy.
import { and, eq } from 'drizzle-orm';
import { landingPages, type DomainRow, type LandingPageRow } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle } from '../db/types';
import { getDomainOrThrow } from '../domains/manage-domains';
import { domainHostKey } from '../domains/site-directory';
import { AppError } from '../core/errors';
import type { TLandingPage } from './landing-page-schema';
import type { Actor } from '../tenancy/actor';
import { LANDING_PAGE_MAX_BYTES, landingSize } from './landing-size';
import { ownedBy } from '../tenancy/scope';

export interface LandingPage {
  html: string;
  css: string;
  js: string;
  updatedAt: Date | null;
}

const EMPTY: LandingPage = { html: '', css: '', js: '', updatedAt: null };

function landingScope(actor: Actor, domainId: number) {
  return and(eq(landingPages.domainId, domainId), ownedBy(landingPages, actor.workspaceId));
}

/** The domain and its page (empty parts when none was saved yet). */
export async function getLandingPage(handle: DbHandle, actor: Actor, id: string): Promise<{ domain: DomainRow; page: LandingPage }> {
  const domain = await getDomainOrThrow(handle, actor, id);
  const [row] = await handle.db.select().from(landingPages).where(landingScope(actor, domain.id)).limit(1);
  return { domain, page: row ? toPage(row) : EMPTY };
}

export async function saveLandingPage(handle: DbHandle, actor: Actor, id: string, input: TLandingPage): Promise<{ domain: DomainRow; page: LandingPage }> {
  const size = landingSize(input);
  if (size > LANDING_PAGE_MAX_BYTES) {
    throw new AppError(
      'payload_too_large',
      `The landing page is ${kib(size)} KiB; HTML, CSS and JavaScript together may be at most ${kib(LANDING_PAGE_MAX_BYTES)} KiB.`,
      {
        size,
        limit: LANDING_PAGE_MAX_BYTES,
      },
    );
  }
  const domain = await getDomainOrThrow(handle, actor, id);
  const now = new Date();
  const values = { html: input.html, css: input.css, js: input.js, updatedBy: actor.userId, updatedAt: now };
  const row = await handle.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(landingPages)
      .values({ domainId: domain.id, workspaceId: actor.workspaceId, ...values })
      .onConflictDoUpdate({ target: landingPages.domainId, set: values, setWhere: ownedBy(landingPages, actor.workspaceId) })
      .returning();
    await invalidationBus().publishIn(tx, domainHostKey(domain.hostname));
    return row;
  });
  invalidationBus().publish(domainHostKey(domain.hostname), { sentInTransaction: true });
  if (!row) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
  return { domain, page: toPage(row) };
}

/** The saved page of a domain, for serving (the edge has found the verified domain already). */
export async function findLandingPage(handle: DbHandle, domainId: number): Promise<LandingPage | undefined> {
  const [row] = await handle.db.select().from(landingPages).where(eq(landingPages.domainId, domainId)).limit(1);
  return row ? toPage(row) : undefined;
}

function toPage(row: LandingPageRow): LandingPage {
  return { html: row.html, css: row.css, js: row.js, updatedAt: row.updatedAt };
}

function kib(bytes: number): string {
  return (bytes / 1024).toFixed(bytes % 1024 === 0 ? 0 : 1);
}
