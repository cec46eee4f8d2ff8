// Claims on a host name (docs/guide/custom-domains.md, "Claims"): several workspaces may add the
// same name while none has proven it; the first whose DNS records verify holds it, and every other
// claim on that name expires with the reason. A claim not proven within CLAIM_WINDOW_MS expires too,
// so nothing squats on a name. An expired claim can still be verified by hand.
import { and, eq, lte, ne, sql } from 'drizzle-orm';
import { domains, type DomainRow } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { Tx } from '../db/types';
import { CLAIM_WINDOW_MS } from './domain-settings';
import { servingDomain } from './serving-statuses';
import { domainHostKey } from './site-directory';

const sameName = (hostname: string) => sql`lower(${domains.hostname}) = ${hostname.toLowerCase()}`;

/** Why a claim lost: another workspace verified the name. */
export function lostClaimReason(hostname: string, verifiedAt: Date): string {
  return `Another workspace verified ${hostname} on ${verifiedAt.toISOString().slice(0, 10)}; it is theirs until they remove it.`;
}

/** The verified (or misconfigured) row that holds the name, other than `domain` itself. */
export async function nameHolder(tx: Tx, domain: Pick<DomainRow, 'id' | 'hostname'>): Promise<Pick<DomainRow, 'id' | 'verifiedAt'> | undefined> {
  const [row] = await tx
    .select({ id: domains.id, verifiedAt: domains.verifiedAt })
    .from(domains)
    .where(and(sameName(domain.hostname), servingDomain(), ne(domains.id, domain.id)))
    .limit(1);
  return row;
}

/** Ends the other workspaces' pending claims on a name just verified, each with the reason; announced by host. */
export async function expireOtherClaims(tx: Tx, winner: DomainRow, now: Date): Promise<number> {
  const lost = await tx
    .update(domains)
    .set({ status: 'expired', statusReason: lostClaimReason(winner.hostname, winner.verifiedAt ?? now), nextCheckAt: null, updatedAt: now })
    .where(and(sameName(winner.hostname), eq(domains.status, 'pending'), ne(domains.id, winner.id)))
    .returning({ id: domains.id });
  return lost.length;
}

/** Marks one claim lost to the workspace that holds the name. */
export async function expireLostClaim(tx: Tx, domain: DomainRow, holderVerifiedAt: Date, now: Date): Promise<DomainRow> {
  const [row] = await tx
    .update(domains)
    .set({ status: 'expired', statusReason: lostClaimReason(domain.hostname, holderVerifiedAt), nextCheckAt: null, updatedAt: now })
    .where(and(eq(domains.id, domain.id), sql`${domains.status} IN ('pending', 'expired')`))
    .returning();
  await invalidationBus().publishIn(tx, domainHostKey(domain.hostname));
  return row ?? domain;
}

/** Expires the claims added CLAIM_WINDOW_MS or more before `now` and still not proven; returns their host names. */
export async function expireStaleClaims(tx: Tx, now: Date): Promise<string[]> {
  const days = Math.round(CLAIM_WINDOW_MS / 86_400_000);
  const expired = await tx
    .update(domains)
    .set({
      status: 'expired',
      statusReason: `Not verified within ${days} days of being added. Publish the DNS records and verify it again, or remove it.`,
      nextCheckAt: null,
      updatedAt: now,
    })
    .where(and(eq(domains.status, 'pending'), lte(domains.createdAt, new Date(now.getTime() - CLAIM_WINDOW_MS))))
    .returning({ hostname: domains.hostname });
  const hosts = [...new Set(expired.map((d) => d.hostname))];
  for (const host of hosts) await invalidationBus().publishIn(tx, domainHostKey(host));
  return hosts;
}
