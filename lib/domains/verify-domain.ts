// Checks a domain's DNS records now and stores what was seen. The first time every record is
// right, the domain becomes verified and `domain.verified` is written in the same statement's
// transaction (outbox → webhooks): the status flip is conditional, so it fires exactly once.
import { and, eq, ne } from 'drizzle-orm';
import { parse } from 'tldts';
import { domains, type DomainRow } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import type { DbHandle } from '../db/types';
import { recordEvent } from '../events/record-event';
import { checkDomainDns, dnsResolver, recordsVerified, type CheckedRecord, type DnsLookup } from './check-domain-dns';
import { expectedRecords } from './domain-records';
import { nextCheckAt, type DomainSettings } from './domain-settings';
import { domainHostKey } from './site-directory';

export interface VerifyResult {
  domain: DomainRow;
  /** True when this check turned the domain verified. */
  verifiedNow: boolean;
  records: CheckedRecord[];
}

export async function verifyDomain(handle: DbHandle, domain: DomainRow, settings: DomainSettings, opts: { dns?: DnsLookup; now?: Date } = {}): Promise<VerifyResult> {
  const dns = opts.dns ?? dnsResolver(settings.dnsServers);
  const registrable = parse(domain.hostname, { allowPrivateDomains: true }).domain ?? domain.hostname;
  const records = await checkDomainDns(dns, expectedRecords(domain, registrable, settings));
  const ok = recordsVerified(records);
  const now = opts.now ?? new Date();
  const result = await handle.db.transaction(async (tx) => {
    if (ok) {
      const [flipped] = await tx
        .update(domains)
        .set({ status: 'verified', verifiedAt: now, lastCheckedAt: now, lastCheck: records, nextCheckAt: null, updatedAt: now })
        .where(and(eq(domains.id, domain.id), ne(domains.status, 'verified')))
        .returning();
      if (flipped) {
        await recordEvent(tx, {
          type: 'domain.verified',
          workspaceId: flipped.workspaceId,
          data: { domain: { id: flipped.id, hostname: flipped.hostname }, verified_at: now.toISOString() },
        });
        await invalidationBus().publishIn(tx, domainHostKey(flipped.hostname));
        return { domain: flipped, verifiedNow: true };
      }
    }
    // Still pending (or verified before): keep what was seen; a pending one is looked at again later.
    const next = domain.status === 'pending' && !ok ? nextCheckAt(new Date(domain.createdAt), now, settings.checkSchedule) : null;
    const [row] = await tx
      .update(domains)
      .set({ lastCheckedAt: now, lastCheck: records, ...(domain.status === 'pending' ? { nextCheckAt: next } : {}), updatedAt: now })
      .where(eq(domains.id, domain.id))
      .returning();
    return { domain: row ?? domain, verifiedNow: false };
  });
  if (result.verifiedNow) invalidationBus().publish(domainHostKey(result.domain.hostname), { sentInTransaction: true });
  return { ...result, records };
}
