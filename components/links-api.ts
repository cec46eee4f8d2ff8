// The dashboard's calls to /api/v1/links (same-origin, session cookie), and how a link is shown:
// its badges and locale-formatted numbers and dates. A refused call throws ApiError with the API's
// message and per-field details.
import type { LinkJson } from '@/lib/links/serialize-link';
import { ApiError, apiJson } from './api-client';

export type Link = LinkJson;
export type LinkPage = { links: Link[]; total: number; limit: number; offset: number };
/** A domain new links may go on: `prefix` is its short URLs' start ("https://go.example.com/"); `default` the workspace's choice. */
export type DomainOption = { id: number; hostname: string; prefix?: string; default?: boolean };
export { ApiError };

export function linksApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return apiJson<T>(`/api/v1/links${path}`, init);
}

export type Badge = 'active' | 'scheduled' | 'expired' | 'disabled' | 'protected' | 'archived';

/** What a visitor gets (the API's status is already the effective one), plus "protected". */
export function linkBadges(link: Link): Badge[] {
  const state = link.status as Badge;
  return [state, ...(link.password_protected ? (['protected'] as const) : []), ...(link.archived ? (['archived'] as const) : [])];
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
