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

/**
 * The workspace's own domains (not the shared one), each with its link count and certificate. One
 * list call; a domain's own call only when it is new or still settling, so a workspace with a hundred
 * verified domains does not make a hundred calls every few seconds.
 */
export async function loadDomainViews(known: readonly DomainView[], certificatesManaged: boolean): Promise<DomainView[]> {
  const { domains } = await domainsApi<{ domains: DomainJson[] }>('');
  const before = new Map(known.map((d) => [d.id, d]));
  return Promise.all(
    domains
      .filter((d) => !d.shared)
      .map(async (d) => {
        const prev = before.get(d.id);
        if (prev && !isSettling(prev, certificatesManaged) && prev.status === d.status) return { ...prev, ...d };
        return loadDomainView(d.id);
      }),
  );
}

export async function loadDomainView(id: number): Promise<DomainView> {
  return (await domainsApi<{ domain: DomainView }>(`/${id}`)).domain;
}

/** Whether the page should keep looking: DNS not yet seen, or a certificate on its way (`managed`: this server gets them). */
export function isSettling(d: DomainView, managed: boolean): boolean {
  if (d.status === 'pending') return d.next_check_at !== null;
  return managed && d.status === 'verified' && (d.certificate === null || d.certificate.status === 'pending');
}
