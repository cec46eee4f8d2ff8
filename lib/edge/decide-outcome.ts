// Step 3 of the edge, pure: redirect now, show one of the link pages (/l/<page>/<code>: disabled,
// blocked, safety review, expired, loop, password prompt), or decline it (lib/server/destination.ts
// decides where it goes: Next's pages, or the link pages' own dispatch on an edge instance).
import type { GeoIp } from '../analytics/geoip';
import type { matchRule } from './rules/match-rules';
import type { CachedLink, CachedTest, Destination } from './cached-link';
import type { VariantCookies } from './variant-cookie';
import { redirectHeaders } from './respond';

export type LinkPage = 'disabled' | 'blocked' | 'review' | 'expired' | 'loop' | 'protected' | 'scheduled';

export type Outcome =
  /** `rule`: the id of the routing rule that chose the destination, when one did. */
  | { kind: 'redirect'; status: number; location: string; linkId: number; headers: string[]; rule?: string; variant?: string }
  /** An app link: the app page tries `location` and offers `fallback` (lib/link-pages/app-page.ts); counted as a redirect. */
  | { kind: 'app'; location: string; fallback: string | null; linkId: number; rule?: string; variant?: string; cookie?: string }
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
  scheduled: { kind: 'page', page: 'scheduled' },
};

/** Who is visiting, for a link's routing rules; a decision without it takes the link's own destination. */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  /** Answers country, region and city conditions (its files loaded: create-edge.ts). */
  geo?: GeoIp;
  /** rules/match-rules.ts, passed in for a link with rules: loaded lazily (rules/rule-visits.ts). */
  match?: typeof matchRule;
  /** The Cookie header, where an A/B test's visitor carries their variant. */
  cookie?: string;
  /** Reads and makes those cookies; needed for a link with a running test. */
  variants?: VariantCookies;
  /** The short link's path (`/<code>`): where a variant's cookie is sent back. */
  path?: string;
  /** The visit came over HTTPS: the variant's cookie is marked Secure. */
  secure?: boolean;
}

/** `reviewed`: the visitor chose "continue anyway" on a pending_review link's warning. */
export function decideOutcome(entry: CachedLink, query: string, now: number, reviewed = false, visitor?: Visitor): Outcome {
  if (entry.kind !== 'link') return NEXT;
  // One comparison for an active link, as before the other states existed: the redirect hot path.
  if (entry.state !== 'active') {
    const held = heldOutcome(entry, now, reviewed);
    if (held) return held;
  }
  // The edge compares the clock itself: a link starts redirecting the second it starts, and stops
  // the second it expires.
  if (entry.startsAt !== null && now < entry.startsAt) return PAGES.scheduled;
  if (entry.expiresAt !== null && entry.expiresAt <= now) return PAGES.expired;
  if (entry.maxClicks !== null && entry.clicks >= entry.maxClicks) return PAGES.expired;
  // A destination back at Sling would bounce the visitor (and count a click) on every hop.
  if (entry.loops) return PAGES.loop;
  if (entry.isProtected) return PAGES.protected;
  return redirectOutcome(entry, query, now, visitor);
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
      const early = entry.startsAt !== null && now < entry.startsAt;
      return reviewed || ranOut || early || entry.loops ? undefined : PAGES.review;
    }
    default:
      return undefined;
  }
}

/** What a domain says of its links' pages: where unknown (and not yet started) codes go, and expired links. */
export interface DomainFallbacks {
  notFoundUrl?: string | null;
  expiredUrl?: string | null;
}

/**
 * Where a visitor shown `page` is sent instead, or null for the page itself: an expired link's
 * expired_url, else its domain's; a link that has not started yet, the domain's not_found_url (as
 * an unknown code would). Such a visit is no click: nothing is counted or recorded.
 */
export function fallbackFor(page: LinkPage, entry: Extract<CachedLink, { kind: 'link' }>, domain: DomainFallbacks): string | null {
  if (page === 'expired') return entry.expiredUrl ?? domain.expiredUrl ?? null;
  if (page === 'scheduled') return domain.notFoundUrl ?? null;
  return null;
}

/** A phone's platform, from its user agent (iPadOS in desktop mode says Macintosh: it gets the link's url). */
export function platformOf(userAgent: string | undefined): 'ios' | 'android' | null {
  if (userAgent === undefined) return null;
  if (/\b(iPhone|iPad|iPod)\b/.test(userAgent)) return 'ios';
  return /\bAndroid\b/.test(userAgent) ? 'android' : null;
}

/**
 * The destination, in order: the first matching rule's (with a visitor), the visitor's platform's
 * (ios_url, android_url), the A/B test's variant, else the link's own. A visit without a query
 * string (or to a link that does not forward it) gets the outcome made once for the cached link (no
 * allocation). An app link gets the app page instead of a redirect.
 */
export function redirectOutcome(entry: Extract<CachedLink, { kind: 'link' }>, query: string, now = 0, visitor?: Visitor): Outcome {
  let to: Destination = entry;
  let chosen = false;
  // The test splits the visitors no rule or platform chose; or, when rules send visitors into it, only theirs.
  let tested = entry.rules === null || !entry.rules.toTest;
  /** The rule that sent the visitor into the test: recorded with the click, with the variant. */
  let viaRule: string | undefined;
  if (entry.rules !== null && visitor?.match !== undefined) {
    const i = visitor.match(
      entry.rules.compiled,
      { ip: visitor.ip, userAgent: visitor.userAgent, acceptLanguage: visitor.acceptLanguage, query, now },
      visitor.geo,
    );
    if (i !== -1) {
      const target = entry.rules.targets[i];
      if (target.loops) return PAGES.loop;
      chosen = true;
      if (target.test) {
        tested = true;
        viaRule = entry.rules.compiled.rules[i].id;
      } else {
        to = target;
        tested = false;
      }
    }
  }
  const platform = entry.platforms !== null && visitor !== undefined ? platformOf(visitor.userAgent) : null;
  if (!chosen && platform !== null) {
    const own = platform === 'ios' ? entry.platforms!.ios : entry.platforms!.android;
    if (own !== null) {
      to = own;
      tested = false;
    }
  }
  let cookie: string | undefined;
  if (tested && entry.test !== null && visitor?.variants !== undefined) {
    const kept = visitor.variants.read(visitor.cookie, entry.id);
    const variant = (kept !== undefined && entry.test.variants.find((v) => v.id === kept)) || drawVariant(entry.test);
    if (variant.id !== kept) cookie = visitor.variants.make(entry.id, variant.id, visitor.path ?? '/', visitor.secure);
    to = variant;
  }
  if (to.app) return appOutcome(entry, query, to, platform, cookie);
  if (viaRule !== undefined) return { ...redirectTo(entry, query, to, cookie), rule: viaRule };
  return redirectTo(entry, query, to, cookie);
}

/** The redirect to `to`, with the visit's query and the variant's cookie when there are. */
function redirectTo(entry: Extract<CachedLink, { kind: 'link' }>, query: string, to: Destination, cookie: string | undefined): Outcome & { kind: 'redirect' } {
  if ((query === '' || !entry.forwardQuery) && cookie === undefined) return to.redirect;
  const location = withQuery(entry, query, to);
  const headers = location === to.location ? to.redirect.headers : redirectHeaders(location);
  return { ...to.redirect, location, headers: cookie === undefined ? headers : [...headers, 'Set-Cookie', cookie] };
}

/** The app page's outcome: the app link with the visit's query, and the platform's fallback or else the link's url. */
function appOutcome(
  entry: Extract<CachedLink, { kind: 'link' }>,
  query: string,
  to: Destination,
  platform: 'ios' | 'android' | null,
  cookie: string | undefined,
): Outcome {
  const own = platform === 'ios' ? entry.platforms?.iosFallback : platform === 'android' ? entry.platforms?.androidFallback : null;
  const { rule, variant } = to.redirect;
  return {
    kind: 'app',
    location: withQuery(entry, query, to),
    fallback: own ?? withQuery(entry, query),
    linkId: entry.id,
    ...(rule === undefined ? {} : { rule }),
    ...(variant === undefined ? {} : { variant }),
    ...(cookie === undefined ? {} : { cookie }),
  };
}

/** A variant by weight: a draw in [0, 100) against the cumulative weights. */
function drawVariant(test: CachedTest): CachedTest['variants'][number] {
  const draw = Math.random() * 100;
  for (const v of test.variants) if (draw < v.upTo) return v;
  return test.variants[test.variants.length - 1];
}

/** Appends the visit's query string to the destination, before any #fragment (as Shlink and Bitly do), unless the link does not forward it. */
export function withQuery(entry: Extract<CachedLink, { kind: 'link' }>, query: string, to: Destination = entry): string {
  if (query === '' || !entry.forwardQuery) return to.location;
  const sep = to.base.includes('?') ? (to.base.endsWith('?') || to.base.endsWith('&') ? '' : '&') : '?';
  return to.base + sep + query + to.hash;
}
