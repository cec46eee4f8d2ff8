// A link's public stats page on the app host: /stats/<code>, plus ?domain=<id> for a link on a
// custom domain (codes are unique per domain only).
import type { LinkRow } from '../../db/schema';
import type { DomainRegistry } from '../domains/domain-registry';

export function publicStatsPath(link: Pick<LinkRow, 'shortCode' | 'domainId'>, defaultDomainId: number): string {
  const path = `/stats/${encodeURIComponent(link.shortCode)}`;
  return link.domainId === defaultDomainId ? path : `${path}?domain=${link.domainId}`;
}

/** The page's full address, or null when the link's page is off. */
export function publicStatsUrl(
  link: Pick<LinkRow, 'shortCode' | 'domainId' | 'publicStats'>,
  domains: Pick<DomainRegistry, 'defaultDomain' | 'shortUrl'>,
): string | null {
  if (!link.publicStats) return null;
  // The shared default domain's short links sit on BASE_URL, the app's own address.
  const base = domains.shortUrl(domains.defaultDomain, '').replace(/\/$/, '');
  return `${base}${publicStatsPath(link, domains.defaultDomain.id)}`;
}
