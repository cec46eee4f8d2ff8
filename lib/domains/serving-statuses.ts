// Which domain statuses answer their links. A misconfigured domain (its records vanished at a
// re-check) keeps serving: DNS that no longer points here sends no traffic anyway, and a DNS
// provider's hiccup must not break every link printed on a flyer. The owner is mailed instead.
import { inArray } from 'drizzle-orm';
import { domains, type DomainStatus } from '../../db/schema';

export const SERVING_STATUSES: readonly DomainStatus[] = ['verified', 'misconfigured'];

export function servesLinks(status: DomainStatus): boolean {
  return SERVING_STATUSES.includes(status);
}

/** The SQL condition: the domain answers its links. */
export const servingDomain = () => inArray(domains.status, [...SERVING_STATUSES]);
