// The re-check (job `domains.recheck`, hourly): verified custom domains are looked up again once a
// day, misconfigured ones every hour, so a domain whose records vanished is marked misconfigured
// (the per-record findings stored for the API, `domain.misconfigured` recorded with the change:
// verify-domain.ts) and its owner mailed once; when the records are back it is verified again, and
// the owner mailed once more (no event).
import { and, asc, eq, lte, or, sql, isNull } from 'drizzle-orm';
import { domains, type DomainRow } from '../../db/schema';
import type { DbHandle } from '../db/types';
import { logger } from '../core/logger';
import type { CheckedRecord, DnsLookup } from './check-domain-dns';
import type { DomainSettings } from './domain-settings';
import { verifyDomain } from './verify-domain';
import { processClock } from '../core/clock';

export const RECHECK_VERIFIED_MS = 24 * 3600_000;
export const RECHECK_MISCONFIGURED_MS = 3600_000;
/** A little under the period, so an hourly job never slips a whole hour behind. */
const SLACK_MS = 5 * 60_000;
const BATCH = 100;
/** Domains per run at most; the rest wait an hour. */
const MAX_PER_RUN = 2_000;

export type DomainNotifier = (domain: DomainRow, transition: 'misconfigured' | 'restored', records: CheckedRecord[]) => Promise<void>;

export interface RecheckResult {
  checked: number;
  misconfigured: number;
  restored: number;
}

export async function recheckVerifiedDomains(
  handle: DbHandle,
  settings: DomainSettings,
  opts: { now?: Date; dns?: DnsLookup; notify: DomainNotifier },
): Promise<RecheckResult> {
  const now = opts.now ?? processClock().now();
  const before = (ms: number) => new Date(now.getTime() - ms + SLACK_MS);
  const due = or(
    and(eq(domains.status, 'verified'), or(isNull(domains.lastCheckedAt), lte(domains.lastCheckedAt, before(RECHECK_VERIFIED_MS)))),
    and(eq(domains.status, 'misconfigured'), or(isNull(domains.lastCheckedAt), lte(domains.lastCheckedAt, before(RECHECK_MISCONFIGURED_MS)))),
  );
  const result: RecheckResult = { checked: 0, misconfigured: 0, restored: 0 };
  while (result.checked < MAX_PER_RUN) {
    const batch = await handle.db
      .select()
      .from(domains)
      .where(and(eq(domains.isDefault, false), due))
      .orderBy(sql`${domains.lastCheckedAt} ASC NULLS FIRST`, asc(domains.id))
      .limit(BATCH);
    if (batch.length === 0) break;
    for (const domain of batch) {
      result.checked++;
      try {
        const checked = await verifyDomain(handle, domain, settings, { dns: opts.dns, now });
        if (checked.transition === 'misconfigured' || checked.transition === 'restored') {
          result[checked.transition]++;
          // After the commit, once per transition; a lost mail is logged, never retried into a second one.
          await opts
            .notify(checked.domain, checked.transition, checked.records)
            .catch((err: unknown) => logger().warn({ err, domain: domain.hostname }, 'domain status mail not sent'));
        }
      } catch (err) {
        // Marked as looked at, so one bad domain cannot hold the batch; tried again next period.
        logger().warn({ err, domain: domain.hostname }, 'domain re-check failed');
        await handle.db.update(domains).set({ lastCheckedAt: now }).where(eq(domains.id, domain.id));
      }
    }
  }
  return result;
}
