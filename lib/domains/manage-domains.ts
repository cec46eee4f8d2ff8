// A workspace's custom domains: list, get, add (hostname checks, plan allowance, a name verified
// by another workspace refused, a name only claimed elsewhere allowed: the first to prove it by DNS
// wins, verify-domain.ts), change (settings, default); deleting one takes its links
// (lib/links/delete-domain.ts). Another workspace's domain is "not found": the workspace scope is in
// every query. Each change is announced by host name, so every instance's site directory and
// registry read that one domain again.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, ne, or, sql } from 'drizzle-orm';
import { domains, landingPages, links, type DomainRow, type RootBehavior } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle, Tx } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../core/errors';
import type { DomainRegistry } from './domain-registry';
import { validateLongUrl } from './validate-long-url';
import type { TCreateDomain, TUpdateDomain } from './domain-schema';
import type { Actor } from '../tenancy/actor';
import { domainScope, usableDomainScope, ownedBy } from '../tenancy/scope';
import { assertDomainAllowance } from './domain-limits';
import { nextCheckAt, type DomainSettings } from './domain-settings';
import { normalizeHostname } from './normalize-hostname';
import { servingDomain } from './serving-statuses';
import { domainHostKey } from './site-directory';
import { processClock } from '../core/clock';
import { byActor, recordAudit } from '../audit/record-audit';

export interface DomainScope {
  /** The process's database and domain registry (an AppContext fits). */
  ctx: { handle: DbHandle; domains: DomainRegistry };
  actor: Actor;
  settings: DomainSettings;
}

/** The shared default domain first, then the workspace's own, oldest first. */
export function listDomains(handle: DbHandle, actor: Actor): Promise<DomainRow[]> {
  return handle.db.select().from(domains).where(usableDomainScope(actor)).orderBy(sql`${domains.isDefault} DESC`, asc(domains.id));
}

export async function getDomainOrThrow(handle: DbHandle, actor: Actor, id: string | number): Promise<DomainRow> {
  const n = Number(id);
  const [row] = Number.isSafeInteger(n)
    ? await handle.db
        .select()
        .from(domains)
        .where(and(eq(domains.id, n), domainScope(actor)))
        .limit(1)
    : [];
  if (!row) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
  return row;
}

/** The workspace's links on one of its domains. */
export async function countDomainLinks(handle: DbHandle, actor: Actor, domainId: number): Promise<number> {
  const [{ n }] = await handle.db
    .select({ n: count() })
    .from(links)
    .where(and(eq(links.domainId, domainId), ownedBy(links, actor.workspaceId)));
  return Number(n);
}

export async function addDomain(scope: DomainScope, input: TCreateDomain): Promise<DomainRow> {
  const { ctx, actor, settings } = scope;
  const { hostname, apex } = normalizeHostname(input.hostname, { baseHost: settings.baseHost, linkHost: settings.linkHost });
  if (apex && settings.linkHostIps.length === 0) {
    throw new AppError(
      'invalid_request',
      `${hostname} is an apex domain, which cannot have a CNAME record, and this server has no LINK_HOST_IPS for A records. Use a subdomain such as go.${hostname}.`,
      {
        hostname: 'Apex domains need LINK_HOST_IPS set by the operator.',
      },
    );
  }
  const notFoundUrl = optionalUrl(input.not_found_url, 'not_found_url', ctx);
  const expiredUrl = optionalUrl(input.expired_url, 'expired_url', ctx);
  const rootRedirectUrl = optionalUrl(input.root_redirect_url, 'root_redirect_url', ctx);
  // The first background check's time goes by the process clock (lib/core/clock.ts), as the job does.
  const now = processClock().now();
  try {
    const row = await ctx.handle.db.transaction(async (tx) => {
      // Serialises additions per workspace, so two at once cannot both fit the last free place.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`domains:${actor.workspaceId}`}))`);
      await assertNameFree(tx, hostname, actor.workspaceId);
      const [{ n }] = await tx.select({ n: count() }).from(domains).where(domainScope(actor));
      assertDomainAllowance(actor.workspace.plan, Number(n));
      if (input.default) await clearWorkspaceDefault(tx, actor.workspaceId);
      const [row] = await tx
        .insert(domains)
        .values({
          hostname,
          workspaceId: actor.workspaceId,
          status: 'pending',
          verificationToken: randomBytes(16).toString('hex'),
          workspaceDefault: input.default ?? false,
          notFoundUrl,
          expiredUrl,
          rootRedirectUrl,
          rootBehavior: rootBehaviorFor(input.root_behavior, rootRedirectUrl, rootRedirectUrl ? 'redirect' : 'sling'),
          nextCheckAt: nextCheckAt(now, now, settings.checkSchedule),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, { ...byActor(actor), action: 'domain.added', target: { type: 'domain', id: String(row.id), label: hostname } });
      await invalidationBus().publishIn(tx, domainHostKey(hostname));
      return row;
    });
    invalidationBus().publish(domainHostKey(hostname), { sentInTransaction: true });
    return row;
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (isUniqueViolation(err, 'domains_workspace_hostname_key')) throw alreadyHere(hostname);
    throw verifiedElsewhere(hostname);
  }
}

/**
 * Refuses a name this workspace already has, or that another workspace has verified. A name that
 * other workspaces only claim (pending, expired) is free to claim too: only a DNS proof holds it.
 */
async function assertNameFree(tx: Tx, hostname: string, workspaceId: string): Promise<void> {
  const holders = await tx
    .select({ workspaceId: domains.workspaceId, status: domains.status })
    .from(domains)
    .where(and(sql`lower(${domains.hostname}) = ${hostname}`, or(ownedBy(domains, workspaceId), servingDomain())));
  if (holders.some((h) => h.workspaceId === workspaceId)) throw alreadyHere(hostname);
  if (holders.length > 0) throw verifiedElsewhere(hostname);
}

const alreadyHere = (hostname: string) =>
  new AppError('domain_taken', `${hostname} is already in this workspace.`, { hostname: 'This domain is already in this workspace.' });

/** Another workspace proved the name by DNS: it is theirs until they remove it. */
export const verifiedElsewhere = (hostname: string) =>
  new AppError('domain_taken', `${hostname} is already connected to Sling by another workspace, which verified it.`, {
    hostname: 'Another workspace has verified this domain.',
  });

export async function updateDomain(scope: DomainScope, id: string, input: TUpdateDomain): Promise<DomainRow> {
  const { ctx, actor } = scope;
  const current = await getDomainOrThrow(ctx.handle, actor, id);
  const set: Partial<DomainRow> = { updatedAt: new Date() };
  if (input.not_found_url !== undefined) set.notFoundUrl = optionalUrl(input.not_found_url, 'not_found_url', ctx);
  if (input.expired_url !== undefined) set.expiredUrl = optionalUrl(input.expired_url, 'expired_url', ctx);
  if (input.root_redirect_url !== undefined) set.rootRedirectUrl = optionalUrl(input.root_redirect_url, 'root_redirect_url', ctx);
  if (input.default !== undefined) set.workspaceDefault = input.default;
  if (input.apple_app_site_association !== undefined) set.appleAppSiteAssociation = input.apple_app_site_association;
  if (input.asset_links !== undefined) set.assetLinks = input.asset_links;
  if (input.root_behavior !== undefined || input.root_redirect_url !== undefined) {
    const redirectUrl = set.rootRedirectUrl !== undefined ? set.rootRedirectUrl : current.rootRedirectUrl;
    const urlChanged = set.rootRedirectUrl !== undefined && set.rootRedirectUrl !== current.rootRedirectUrl;
    const implied = urlChanged ? await impliedBehavior(ctx.handle, current, set.rootRedirectUrl!) : current.rootBehavior;
    set.rootBehavior = rootBehaviorFor(input.root_behavior, redirectUrl, implied);
  }
  const { row, changedHosts } = await ctx.handle.db.transaction(async (tx) => {
    const changedHosts = [current.hostname];
    if (input.default) changedHosts.push(...(await clearWorkspaceDefault(tx, actor.workspaceId, current.id)));
    const [row] = await tx
      .update(domains)
      .set(set)
      .where(and(eq(domains.id, current.id), domainScope(actor)))
      .returning();
    if (!row) throw new AppError('not_found', `No domain "${id}" in this workspace.`);
    const fields = Object.keys(input).filter((k) => input[k as keyof TUpdateDomain] !== undefined);
    await recordAudit(tx, {
      ...byActor(actor),
      action: 'domain.updated',
      target: { type: 'domain', id: String(row.id), label: row.hostname },
      details: { fields },
    });
    for (const host of changedHosts) await invalidationBus().publishIn(tx, domainHostKey(host));
    return { row, changedHosts };
  });
  for (const host of changedHosts) invalidationBus().publish(domainHostKey(host), { sentInTransaction: true });
  return row;
}

async function clearWorkspaceDefault(tx: Tx, workspaceId: string, except?: number): Promise<string[]> {
  const cleared = await tx
    .update(domains)
    .set({ workspaceDefault: false, updatedAt: new Date() })
    .where(and(ownedBy(domains, workspaceId), eq(domains.workspaceDefault, true), except === undefined ? undefined : ne(domains.id, except)))
    .returning({ hostname: domains.hostname });
  return cleared.map((d) => d.hostname);
}

/**
 * What a new root_redirect_url means without root_behavior (the API before it, the Domains page's
 * redirect form): a URL turns the redirect on; removing the redirect's URL shows the landing page
 * when one is saved, else Sling's page.
 */
async function impliedBehavior(handle: DbHandle, current: DomainRow, newUrl: string | null): Promise<RootBehavior> {
  if (newUrl !== null) return 'redirect';
  if (current.rootBehavior !== 'redirect') return current.rootBehavior;
  const [page] = await handle.db
    .select({ domainId: landingPages.domainId })
    .from(landingPages)
    .where(
      and(
        eq(landingPages.domainId, current.id),
        ownedBy(landingPages, current.workspaceId),
        sql`(${landingPages.html} <> '' OR ${landingPages.css} <> '' OR ${landingPages.js} <> '')`,
      ),
    )
    .limit(1);
  return page ? 'landing' : 'sling';
}

/** The root behaviour to store; `redirect` needs a URL to redirect to. */
function rootBehaviorFor(asked: RootBehavior | undefined, redirectUrl: string | null, otherwise: RootBehavior): RootBehavior {
  if (asked === undefined) return otherwise;
  if (asked === 'redirect' && !redirectUrl) {
    throw new AppError('invalid_request', 'root_behavior "redirect" needs a root_redirect_url.', { root_redirect_url: 'Give the URL the root redirects to.' });
  }
  return asked;
}

function optionalUrl(value: string | null | undefined, field: string, ctx: DomainScope['ctx']): string | null {
  return value === undefined || value === null || value === '' ? null : validateLongUrl(value, ctx.domains.self, field);
}
