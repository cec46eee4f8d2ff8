// Step 3 of the edge, pure: redirect now, show one of the link pages (/l/<page>/<code>: disabled,
// expired, loop, password prompt), or hand the request to Next (unknown codes get its 404 page).
import type { CachedLink } from './cached-link';

export type LinkPage = 'disabled' | 'expired' | 'loop' | 'protected';

export type Outcome =
  | { kind: 'redirect'; status: number; location: string; linkId: number }
  | { kind: 'page'; page: LinkPage }
  | { kind: 'next' };

const NEXT: Outcome = { kind: 'next' };
const PAGES: Record<LinkPage, Outcome> = {
  disabled: { kind: 'page', page: 'disabled' },
  expired: { kind: 'page', page: 'expired' },
  loop: { kind: 'page', page: 'loop' },
  protected: { kind: 'page', page: 'protected' },
};

export function decideOutcome(entry: CachedLink, query: string, now: number): Outcome {
  if (entry.kind !== 'link') return NEXT;
  if (entry.state === 'disabled') return PAGES.disabled;
  // The edge compares the clock itself: a link stops redirecting the second it expires.
  if (entry.state === 'expired' || (entry.expiresAt !== null && entry.expiresAt <= now)) return PAGES.expired;
  if (entry.maxClicks !== null && entry.clicks >= entry.maxClicks) return PAGES.expired;
  // A destination back at Sling would bounce the visitor (and count a click) on every hop.
  if (entry.loops) return PAGES.loop;
  if (entry.isProtected) return PAGES.protected;
  return redirectOutcome(entry, query);
}

export function redirectOutcome(entry: Extract<CachedLink, { kind: 'link' }>, query: string): Outcome {
  return { kind: 'redirect', status: entry.redirectStatus, location: withQuery(entry, query), linkId: entry.id };
}

/** Appends the visit's query string to the destination, before any #fragment (as Shlink and Bitly do). */
export function withQuery(entry: Extract<CachedLink, { kind: 'link' }>, query: string): string {
  if (query === '') return entry.location;
  const sep = entry.base.includes('?') ? (entry.base.endsWith('?') || entry.base.endsWith('&') ? '' : '&') : '?';
  return entry.base + sep + query + entry.hash;
}
