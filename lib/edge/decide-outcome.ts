// Step 3 of the edge, pure: redirect now, or hand the visit to Next (prompt, expired, 404 pages).
import type { CachedLink } from './cached-link';

export type Outcome =
  | { kind: 'redirect'; status: number; location: string; linkId: number }
  | { kind: 'next' };

const NEXT: Outcome = { kind: 'next' };

export function decideOutcome(entry: CachedLink, query: string, now: number): Outcome {
  if (entry.kind !== 'link') return NEXT;
  if (entry.state !== 'active' || entry.isProtected) return NEXT;
  if (entry.expiresAt !== null && entry.expiresAt <= now) return NEXT;
  return { kind: 'redirect', status: entry.redirectStatus, location: withQuery(entry, query), linkId: entry.id };
}

/** Appends the visit's query string to the destination, before any #fragment (as Shlink and Bitly do). */
export function withQuery(entry: Extract<CachedLink, { kind: 'link' }>, query: string): string {
  if (query === '') return entry.location;
  const sep = entry.base.includes('?') ? (entry.base.endsWith('?') || entry.base.endsWith('&') ? '' : '&') : '?';
  return entry.base + sep + query + entry.hash;
}
