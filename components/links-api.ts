// The dashboard's calls to /api/v1/links (same-origin, session cookie), and how a link is shown:
// its badges and locale-formatted numbers and dates. A refused call throws ApiError with the API's
// message and per-field details.
import type { LinkJson } from '@/lib/links/serialize-link';
import { ApiError } from './webhook-api';

export type Link = LinkJson;
export type LinkPage = { links: Link[]; total: number; limit: number; offset: number };
export type DomainOption = { id: number; hostname: string };
export { ApiError };

export async function linksApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const res = await fetch(`/api/v1/links${path}`, {
    method: init.method ?? 'GET',
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(init.body) : undefined,
  });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`, body?.error?.details);
  return body as T;
}

export type Badge = 'active' | 'expired' | 'disabled' | 'protected';

/** What a visitor gets now (the stored status follows an expiry within a minute), plus "protected". */
export function linkBadges(link: Link, now = Date.now()): Badge[] {
  const ranOut = (link.expiration !== null && Date.parse(link.expiration) <= now) || (link.max_clicks !== null && link.clicks >= link.max_clicks);
  const state: Badge = link.status === 'disabled' ? 'disabled' : link.status === 'expired' || ranOut ? 'expired' : 'active';
  return link.password_protected ? [state, 'protected'] : [state];
}

export const formatCount = (n: number) => new Intl.NumberFormat().format(n);
export const formatDay = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
export const formatMoment = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const shortText = (url: string) => url.replace(/^https?:\/\//, '');

/** An ISO instant as the value of <input type="datetime-local"> in the user's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the user's time zone) as UTC ISO 8601; null when empty. */
export function fromLocalInput(value: string): string | null {
  return value ? new Date(value).toISOString() : null;
}
