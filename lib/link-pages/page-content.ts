// What each link page says, framework-free: the edge (edge-pages.ts) sends it from the cached link,
// and Next (link-pages.ts) sends the same pages for direct /l/<page>/<code> visits and the password
// and "continue anyway" POSTs. Both wrap the same PageOptions, so the two cannot drift apart.
import type { CachedLink } from '../edge/cached-link';
import type { LinkPage } from '../edge/decide-outcome';
import { escapeHtml, type PageOptions } from './page-html';

/** Who the page speaks for, and where a visitor reports the link (always the app's host). */
export type Brand = Pick<PageOptions, 'host' | 'reportUrl'>;

export interface PageContext {
  error?: string;
  status?: number;
  /** The scanner's reason (safety pages). */
  reason?: string | null;
  /** The link's destination (the review warning names its host). */
  destination?: string;
  /** The visitor already chose "continue anyway" (the password prompt carries it on). */
  reviewed?: boolean;
  brand?: Brand;
  expiredBy?: 'date' | 'clicks';
  /** When a link that has not started yet starts (epoch ms). */
  startsAt?: number | null;
}

/** Why an expired link expired: its date passed, or its click limit was reached. */
export function expiredBy(entry: CachedLink | undefined, now: number): 'date' | 'clicks' | undefined {
  if (entry?.kind !== 'link') return undefined;
  if (entry.expiresAt !== null && entry.expiresAt <= now) return 'date';
  return entry.maxClicks !== null ? 'clicks' : undefined;
}

/** The context a link's own page needs, from its cached form. */
export function contextOf(entry: Extract<CachedLink, { kind: 'link' }>, now: number, brand: Brand | undefined, reviewed = false): PageContext {
  return { reason: entry.safetyReason, destination: entry.location, brand, expiredBy: expiredBy(entry, now), reviewed, startsAt: entry.startsAt };
}

const EXPIRED_TEXT = {
  date: 'This short link had an end date, and it has passed: it no longer leads anywhere.',
  clicks: 'This short link could be opened a limited number of times, and that limit has been reached: it no longer leads anywhere.',
  unknown: 'This short link has expired and no longer leads anywhere.',
};

export const PAGE_CONTENT: Record<LinkPage, (code: string, query: string, opts: PageContext) => PageOptions> = {
  expired: (_code, _query, opts) => ({
    ...opts.brand,
    status: 410,
    tone: 'time',
    title: 'Link Expired',
    heading: 'Link Expired',
    body: `<p>${EXPIRED_TEXT[opts.expiredBy ?? 'unknown']}</p>`,
  }),
  // Like an unknown code (404: nothing to index yet), saying when it opens.
  scheduled: (_code, _query, opts) => ({
    ...opts.brand,
    status: 404,
    tone: 'time',
    title: 'Not active yet',
    heading: 'This link is not active yet',
    body: `<p>This short link has been set up but does not lead anywhere yet.${
      opts.startsAt ? ` It opens on <time datetime="${new Date(opts.startsAt).toISOString()}">${escapeHtml(startDate(opts.startsAt))}</time>.` : ''
    }</p>`,
  }),
  disabled: (_code, _query, opts) => ({
    ...opts.brand,
    status: 451,
    tone: 'danger',
    title: 'Link disabled',
    heading: 'This link has been disabled',
    body: '<p>This short link was disabled by the administrators of this service and no longer leads anywhere.</p>',
  }),
  // 508 Loop Detected: the destination is this service again; following it would never arrive.
  loop: (_code, _query, opts) => ({
    ...opts.brand,
    status: 508,
    tone: 'warn',
    title: 'Link loops',
    heading: 'This link leads back to itself',
    body: '<p>This short link points at an address of this link service, so following it would only loop. Its owner needs to change the destination.</p>',
  }),
  protected: (code, query, opts) => promptContent(code, query, opts.error, opts.status, opts.reviewed, opts.brand),
  review: (code, query, opts) => reviewContent(code, query, opts),
  blocked: (_code, _query, opts) => ({
    ...opts.brand,
    status: 403,
    tone: 'danger',
    title: 'Unsafe link',
    heading: 'This link may be unsafe',
    body: `<p>${escapeHtml(opts.reason ?? 'This link leads to a site listed as malware or phishing.')}</p>
<p>It has been blocked to protect you, and there is no way on from here.</p>`,
  }),
};

/** "2 March 2027, 09:00 UTC": the page cannot know the visitor's time zone without a script. */
function startDate(ms: number): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(ms))} UTC`;
}

/** Heuristic suspicion: say why, name where it leads, and let the visitor decide (a POST: prefetchers never count). */
function reviewContent(code: string, query: string, opts: PageContext): PageOptions {
  const action = `/l/review/${encodeURIComponent(code)}${query ? `?${escapeHtml(query)}` : ''}`;
  const host = opts.destination ? new URL(opts.destination).host : undefined;
  return {
    ...opts.brand,
    status: 200,
    tone: 'warn',
    title: 'Possibly unsafe link',
    heading: 'This link may be unsafe',
    body: `<p>${escapeHtml(opts.reason ?? 'This link is waiting for a safety review.')}</p>
${host ? `<p>It leads to <strong>${escapeHtml(host)}</strong>. Continue only if you trust that site.</p>` : ''}
<form method="post" action="${action}"><button type="submit">Continue anyway</button></form>`,
  };
}

export function promptContent(code: string, query: string, error?: string, status = 200, reviewed = false, brand?: Brand): PageOptions {
  const action = `/l/protected/${encodeURIComponent(code)}${query ? `?${escapeHtml(query)}` : ''}`;
  return {
    ...brand,
    tone: 'lock',
    status,
    title: 'Password required',
    heading: 'This link is password-protected',
    body: `<p>Enter the password to continue.</p>
<form method="post" action="${action}"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required autofocus>${reviewed ? '<input type="hidden" name="reviewed" value="1">' : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<button type="submit">Continue</button></form>`,
  };
}

export function notFoundContent(brand?: Brand): PageOptions {
  return {
    ...brand,
    status: 404,
    tone: 'info',
    title: 'Not found',
    heading: 'Link not found',
    body: '<p>This short link does not exist, or it was removed.</p>',
  };
}

/** The database cannot be reached: nothing is wrong with the link, the visitor tries again shortly. */
export function unavailableContent(brand?: Brand): PageOptions {
  return {
    ...brand,
    status: 503,
    tone: 'time',
    title: 'Try again in a moment',
    heading: 'Try again in a moment',
    body: '<p>This short link service cannot look links up just now. Please try again in a few seconds.</p>',
  };
}
