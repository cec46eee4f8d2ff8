// The dashboard's calls to /api/v1/domains (same origin, session cookie) and the domain shape it
// shows: the list's fields plus the detail's link count and certificate.
import type { CertificateJson } from '@/lib/acme/find-certificate';
import type { DomainJson } from '@/lib/domains/serialize-domain';
import { ApiError, apiJson } from './api-client';

export type DomainView = DomainJson & { link_count: number; certificate: CertificateJson | null };
export type DomainRecord = DomainJson['records'][number];
export { ApiError };

export function domainsApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return apiJson<T>(`/api/v1/domains${path}`, init);
}

/** The workspace's own domains (not the shared one), each with its link count and certificate. */
export async function loadDomainViews(): Promise<DomainView[]> {
  const { domains } = await domainsApi<{ domains: DomainJson[] }>('');
  const own = domains.filter((d) => !d.shared);
  return Promise.all(own.map(async (d) => (await domainsApi<{ domain: DomainView }>(`/${d.id}`)).domain));
}

/** Whether the page should keep looking: DNS not yet seen, or a certificate on its way. */
export function isSettling(d: DomainView): boolean {
  if (d.status === 'pending') return d.next_check_at !== null;
  return d.status === 'verified' && (d.certificate === null || d.certificate.status === 'pending');
}
