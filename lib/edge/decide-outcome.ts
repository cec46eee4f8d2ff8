// Step 3 of the edge, pure: redirect now, show one of the link pages (/l/<page>/<code>: disabled,
// blocked, safety review, expired, loop, password prompt), or decline it (lib/server/destination.ts
// decides where it goes: Next's pages, or the link pages' own dispatch on an edge instance).
import type { CachedLink } from './cached-link';
import { redirectHeaders } from './respond';

export type LinkPage = 'disabled' | 'blocked' | 'review' | 'expired' | 'loop' | 'protected';

export type Outcome =
  | { kind: 'redirect'; status: number; location: string; linkId: number; headers: string[] }
  | { kind: 'page'; page: LinkPage }
  | { kind: 'next' };

const NEXT: Outcome = { kind: 'next' };
const PAGES: Record<LinkPage, Outcome> = {
  disabled: { kind: 'page', page: 'disabled' },
  blocked: { kind: 'page', page: 'blocked' },
  review: { kind: 'page', page: 'review' },
  expired: { kind: 'page', page: 'expired' },
  loop: { kind: 'page', page: 'loop' },
  protected: { kind: 'page', page: 'protected' },
};

/** `reviewed`: the visitor chose "continue anyway" on a pending_review link's warning. */
export function decideOutcome(entry: CachedLink, query: string, now: number, reviewed = false): Outcome {
  if (entry.kind !== 'link') return NEXT;
  // One comparison for an active link, as before the other states existed: the redirect hot path.
  if (entry.state !== 'active') {
    const held = heldOutcome(entry, now, reviewed);
    if (held) return held;
  }
  // The edge compares the clock itself: a link stops redirecting the second it expires.
  if (entry.expiresAt !== null && entry.expiresAt <= now) return PAGES.expired;
  if (entry.maxClicks !== null && entry.clicks >= entry.maxClicks) return PAGES.expired;
  // A destination back at Sling would bounce the visitor (and count a click) on every hop.
  if (entry.loops) return PAGES.loop;
  if (entry.isProtected) return PAGES.protected;
  return redirectOutcome(entry, query);
}

/** The page a link in a state other than active shows, or undefined to go on as if active (archived). */
function heldOutcome(entry: Extract<CachedLink, { kind: 'link' }>, now: number, reviewed: boolean): Outcome | undefined {
  switch (entry.state) {
    case 'disabled':
      return PAGES.disabled;
    case 'blocked':
      return PAGES.blocked;
    case 'expired':
      return PAGES.expired;
    case 'pending_review': {
      // Expired or looping shows that page instead (checked next); nothing to warn about then.
      const ranOut = (entry.expiresAt !== null && entry.expiresAt <= now) || (entry.maxClicks !== null && entry.clicks >= entry.maxClicks);
      return reviewed || ranOut || entry.loops ? undefined : PAGES.review;
    }
    default:
      return undefined;
  }
}

/** A visit without a query string (or to a link that does not forward it) gets the outcome made once for the cached link (no allocation). */
export function redirectOutcome(entry: Extract<CachedLink, { kind: 'link' }>, query: string): Outcome {
  if (query === '' || !entry.forwardQuery) return entry.redirect;
  const location = withQuery(entry, query);
  return { kind: 'redirect', status: entry.redirectStatus, location, linkId: entry.id, headers: redirectHeaders(location) };
}

/** Appends the visit's query string to the destination, before any #fragment (as Shlink and Bitly do), unless the link does not forward it. */
export function withQuery(entry: Extract<CachedLink, { kind: 'link' }>, query: string): string {
  if (query === '' || !entry.forwardQuery) return entry.location;
  const sep = entry.base.includes('?') ? (entry.base.endsWith('?') || entry.base.endsWith('&') ? '' : '&') : '?';
  return entry.base + sep + query + entry.hash;
}
