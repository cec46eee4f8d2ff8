// The background check (job `domains.check`, every minute): pending domains whose next check is due
// are looked up again, so a record that propagates after "Verify now" needs no second click. Each
// check moves next_check_at along the backoff schedule; 72 hours after adding, it stops (null), and
// 7 days after adding, a claim still not proven expires (domain-claims.ts).
import { and, asc, eq, lte } from 'drizzle-orm';
import { domains } from '../../db/schema';
import type { DbHandle } from '../db/types';
import { logger } from '../core/logger';
import type { DnsLookup } from './check-domain-dns';
import type { DomainSettings } from './domain-settings';
import { verifyDomain } from './verify-domain';
import { processClock } from '../core/clock';
import { invalidationBus } from '../cache/invalidation-bus';
import { expireStaleClaims } from './domain-claims';
import { domainHostKey } from './site-directory';

/** Domains checked per run; the rest are due at the next run. */
const BATCH = 100;

export async function checkDueDomains(
  handle: DbHandle,
  settings: DomainSettings,
  opts: { now?: Date; dns?: DnsLookup } = {},
): Promise<{ checked: number; verified: number; expired: number }> {
  const now = opts.now ?? processClock().now();
  const expired = await handle.db.transaction((tx) => expireStaleClaims(tx, now));
  for (const host of expired) invalidationBus().publish(domainHostKey(host), { sentInTransaction: true });
  const due = await handle.db
    .select()
    .from(domains)
    .where(and(eq(domains.status, 'pending'), lte(domains.nextCheckAt, now)))
    .orderBy(asc(domains.nextCheckAt))
    .limit(BATCH);
  let verified = 0;
  for (const domain of due) {
    try {
      if ((await verifyDomain(handle, domain, settings, { ...opts, now })).verifiedNow) verified++;
    } catch (err) {
      logger().warn({ err, domain: domain.hostname }, 'domain check failed; it is tried again at the next run');
    }
  }
  return { checked: due.length, verified, expired: expired.length };
}
