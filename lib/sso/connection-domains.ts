// The email domains of an SSO connection (docs/architecture/overview.md, "Tenancy": the workspace in every `where`). Each domain
// is proven on its own by its TXT record `_sling-sso.<domain>`; a verified domain belongs to one
// connection in all of Sling. Removing the last verified domain of an enabled connection disables it.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ssoConnectionDomains, ssoConnections, ssoProviders, type SsoConnectionDomainRow, type SsoConnectionRow } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { byActor, recordAudit } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';
import { checkDomainClaim, domainClaimRecord } from './domain-claim';
import { ownedBy } from '../tenancy/scope';

export const MAX_DOMAINS = 20;

const target = (row: SsoConnectionRow) => ({ type: 'sso_connection' as const, id: row.id, label: row.name });

export async function domainsOf(db: Db | Tx, workspaceId: string, connectionIds: string[]): Promise<Map<string, SsoConnectionDomainRow[]>> {
  const out = new Map<string, SsoConnectionDomainRow[]>(connectionIds.map((id) => [id, []]));
  if (connectionIds.length === 0) return out;
  const rows = await db
    .select()
    .from(ssoConnectionDomains)
    .where(and(ownedBy(ssoConnectionDomains, workspaceId), inArray(ssoConnectionDomains.connectionId, connectionIds)))
    .orderBy(asc(ssoConnectionDomains.createdAt), asc(ssoConnectionDomains.domain));
  for (const r of rows) out.get(r.connectionId)?.push(r);
  return out;
}

/** The verified domains of a connection, lower case. */
export async function verifiedDomains(db: Db | Tx, connectionId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: ssoConnectionDomains.domain })
    .from(ssoConnectionDomains)
    .where(and(eq(ssoConnectionDomains.connectionId, connectionId), isNotNull(ssoConnectionDomains.verifiedAt)))
    .orderBy(asc(ssoConnectionDomains.createdAt));
  return rows.map((r) => r.domain.toLowerCase());
}

export async function insertDomain(tx: Tx | Db, row: SsoConnectionRow, domain: string): Promise<SsoConnectionDomainRow> {
  try {
    const [created] = await tx
      .insert(ssoConnectionDomains)
      .values({ id: randomUUID(), connectionId: row.id, workspaceId: row.workspaceId, domain: domain.toLowerCase(), token: randomBytes(16).toString('hex') })
      .returning();
    return created;
  } catch (err) {
    if (isUniqueViolation(err, 'sso_connection_domains_once'))
      throw new AppError('invalid_request', `${domain} is already a domain of this connection.`, { domain: 'Already listed.' });
    throw err;
  }
}

export async function addDomain(db: Db, actor: Actor, row: SsoConnectionRow, domain: string): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(ssoConnectionDomains).where(eq(ssoConnectionDomains.connectionId, row.id));
  if (n >= MAX_DOMAINS) throw new AppError('limit_reached', `A connection claims at most ${MAX_DOMAINS} domains.`, { limit: MAX_DOMAINS });
  await db.transaction(async (tx) => {
    await insertDomain(tx, row, domain);
    await recordAudit(tx, { ...byActor(actor), action: 'sso.connection.updated', target: target(row), details: { fields: ['domains'], added: domain } });
  });
}

export async function removeDomain(db: Db, actor: Actor, row: SsoConnectionRow, domainId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(ssoConnectionDomains)
      .where(and(eq(ssoConnectionDomains.id, domainId), eq(ssoConnectionDomains.connectionId, row.id), ownedBy(ssoConnectionDomains, actor.workspaceId)))
      .returning();
    if (!gone) throw new AppError('not_found', 'No such domain on this connection.');
    const disabled = row.enabled && (await verifiedDomains(tx, row.id)).length === 0;
    if (disabled) {
      await tx
        .update(ssoConnections)
        .set({ enabled: false, updatedAt: new Date() })
        .where(and(eq(ssoConnections.id, row.id), ownedBy(ssoConnections, actor.workspaceId)));
      await tx.delete(ssoProviders).where(eq(ssoProviders.providerId, row.id));
    }
    await recordAudit(tx, {
      ...byActor(actor),
      action: 'sso.connection.updated',
      target: target(row),
      details: { fields: ['domains'], removed: gone.domain, ...(disabled && { disabled: true }) },
    });
  });
}

export interface DomainCheck {
  domain: string;
  verified: boolean;
  seen: string[];
  error?: string;
}

/** Looks up the TXT record of each domain not yet proven (or of `domainId`, 404 when the connection has no such domain); proven ones are marked verified. */
export async function verifyDomains(db: Db, actor: Actor, row: SsoConnectionRow, dnsServers: string | undefined, domainId?: string): Promise<DomainCheck[]> {
  const pending = await db
    .select()
    .from(ssoConnectionDomains)
    .where(
      and(
        eq(ssoConnectionDomains.connectionId, row.id),
        ownedBy(ssoConnectionDomains, actor.workspaceId),
        domainId ? eq(ssoConnectionDomains.id, domainId) : isNull(ssoConnectionDomains.verifiedAt),
      ),
    );
  if (domainId && pending.length === 0) throw new AppError('not_found', `This connection has no domain "${domainId}".`);
  const results: DomainCheck[] = [];
  for (const d of pending) {
    if (d.verifiedAt) {
      results.push({ domain: d.domain, verified: true, seen: [] });
      continue;
    }
    const check = await checkDomainClaim(d.domain, d.token, dnsServers);
    if (check.status !== 'found') {
      results.push({ domain: d.domain, verified: false, seen: check.seen, ...(check.error ? { error: check.error } : {}) });
      continue;
    }
    try {
      await db.transaction(async (tx) => {
        await tx.update(ssoConnectionDomains).set({ verifiedAt: new Date() }).where(eq(ssoConnectionDomains.id, d.id));
        await recordAudit(tx, { ...byActor(actor), action: 'sso.domain.verified', target: target(row), details: { domain: d.domain } });
      });
      results.push({ domain: d.domain, verified: true, seen: check.seen });
    } catch (err) {
      if (isUniqueViolation(err, 'sso_connection_domains_verified_key'))
        throw new AppError('domain_taken', `${d.domain} is already claimed by another SSO connection.`, { domain: d.domain });
      throw err;
    }
  }
  return results;
}

export function serializeDomain(d: SsoConnectionDomainRow) {
  const record = domainClaimRecord(d.domain, d.token);
  return {
    id: d.id,
    domain: d.domain,
    verification: { type: 'TXT' as const, name: record.name, value: record.value },
    verified: d.verifiedAt !== null,
    verified_at: d.verifiedAt?.toISOString() ?? null,
  };
}
