// The pages a visitor of a short link may get instead of a redirect: the password prompt (and its
// check), "Link Expired" (410), "disabled" (451) and not found (404). The edge sends visitors here
// (/l/<page>/<code>); the state is read again, so a direct visit cannot show the wrong page.
import { verifyPassword } from '../auth/password';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { currentDomains } from '../domains/current-domains';
import { currentSites } from '../domains/current-sites';
import { toCachedLink } from '../edge/cached-link';
import { processEnricher } from '../analytics/process-enricher';
import { clickWriter } from '../edge/write-clicks';
import type { ClickBuffer, Click } from '../edge/click-buffer';
import { decideOutcome, withQuery, type LinkPage } from '../edge/decide-outcome';
import { hostOf, splitQrMarker } from '../edge/parse-request';
import { AppError } from '../http/errors';
import { requestIp } from '../http/handle-route';
import { getLinkByCode } from '../links/get-link-by-code';
import { makeUnlockCookie } from '../links/unlock-cookie';
import { getGlobalSingleton } from '../runtime/global-singleton';
import { sharedLimiter } from '../ratelimit/shared-limiter';
import { escapeHtml, pageHtml } from './page-html';
import type { LinkRow } from '../../db/schema';

/** Password guesses per link and IP. */
export const UNLOCK_ATTEMPTS_PER_MINUTE = 5;

/** The link of `code` on the request's host: the app host's are the default domain's. */
async function findLink(req: Request, code: string) {
  const site = await currentSites().resolve(hostOf(req.headers.get('host') ?? undefined));
  const domainId = site.kind === 'app' ? (await currentDomains()).defaultDomain.id : site.kind === 'custom' ? site.domain.id : undefined;
  const handle = await database();
  return { link: domainId === undefined ? undefined : await getLinkByCode(handle.db, domainId, code), domainId: domainId ?? 0, handle };
}

export async function showLinkPage(req: Request, page: string, code: string): Promise<Response> {
  const url = new URL(req.url);
  const { link, handle } = await findLink(req, code);
  // The edge counts max_clicks with its own redirects, ahead of the stored counter: trust it here,
  // or the two would bounce the visitor between them.
  if (page === 'expired' && link?.maxClicks != null) return PAGES.expired(code, '');
  const query = url.search.slice(1);
  const visit = splitQrMarker(query);
  // The link redirects after all (e.g. edited on another instance a moment ago): redirect here
  // rather than back to the edge, whose cache may not know yet.
  const entry = link ? toCachedLink(link) : undefined;
  const outcome = entry ? decideOutcome(entry, visit.query, Date.now()) : undefined;
  if (link && outcome?.kind === 'redirect') {
    recordClick(handle, visitClick(req, link.id, visit.trigger));
    return new Response(null, { status: outcome.status, headers: { location: outcome.location, 'cache-control': 'private, max-age=0' } });
  }
  return pageFor(link, code, query);
}

/** A HEAD request (link previews, curl -I) is kept flagged as a bot and never counted, as at the edge. */
function visitClick(req: Request, linkId: number, trigger: 'link' | 'qr'): Click {
  return {
    linkId,
    at: Date.now(),
    referrer: req.headers.get('referer') ?? undefined,
    userAgent: req.headers.get('user-agent') ?? undefined,
    ip: requestIp(req),
    trigger,
    head: req.method === 'HEAD',
  };
}

function pageFor(link: LinkRow | undefined, code: string, query: string, error?: string, status?: number): Response {
  if (!link) return notFound();
  const outcome = decideOutcome(toCachedLink(link), query, Date.now());
  if (outcome.kind !== 'page') return notFound();
  return PAGES[outcome.page](code, query, error, status);
}

const PAGES: Record<LinkPage, (code: string, query: string, error?: string, status?: number) => Response> = {
  expired: () =>
    pageHtml({ status: 410, title: 'Link Expired', heading: 'Link Expired', body: '<p>This short link has expired and no longer leads anywhere.</p>' }),
  disabled: () =>
    pageHtml({ status: 451, title: 'Link disabled', heading: 'This link has been disabled', body: '<p>This short link was disabled by the administrators of this service.</p>' }),
  protected: (code, query, error, status) => promptPage(code, query, error, status),
};

function promptPage(code: string, query: string, error?: string, status = 200): Response {
  const action = `/l/protected/${encodeURIComponent(code)}${query ? `?${escapeHtml(query)}` : ''}`;
  return pageHtml({
    status,
    title: 'Password required',
    heading: 'This link is password-protected',
    body: `<p>Enter the password to continue.</p>
<form method="post" action="${action}"><label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required autofocus>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}<button type="submit">Continue</button></form>`,
  });
}

function notFound(): Response {
  return pageHtml({ status: 404, title: 'Not found', heading: 'Link not found', body: '<p>This short link does not exist, or it was removed.</p>' });
}

/** POST /l/protected/<code>: check the password (throttled), then unlock and redirect. */
export async function unlockLink(req: Request, code: string): Promise<Response> {
  const query = new URL(req.url).search.slice(1);
  const { link, domainId, handle } = await findLink(req, code);
  try {
    await unlockLimiter().consume(`${domainId}:${code.toLowerCase()}:${requestIp(req)}`);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    const wait = err.headers?.['Retry-After'] ?? '60';
    const res = promptPage(code, query, `Too many tries. Wait ${wait} seconds, then try again.`, 429);
    res.headers.set('Retry-After', wait);
    return res;
  }
  const password = await readPassword(req);
  const visit = splitQrMarker(query);
  const entry = link ? toCachedLink(link) : undefined;
  const outcome = entry ? decideOutcome(entry, visit.query, Date.now()) : undefined;
  // Not protected (any more): show whatever the link now is.
  if (link && outcome?.kind === 'redirect') {
    recordClick(handle, visitClick(req, link.id, visit.trigger));
    return new Response(null, { status: 303, headers: { location: outcome.location, 'cache-control': 'no-store' } });
  }
  if (link && !(outcome?.kind === 'page' && outcome.page === 'protected')) return pageFor(link, code, query);
  // bcrypt runs here, in the app, never on the edge's redirect path. An unknown code answers
  // exactly like a wrong password.
  const ok = link?.passwordHash ? await verifyPassword({ hash: link.passwordHash, password }) : false;
  if (!ok || !link || !entry || entry.kind !== 'link') return promptPage(code, query, 'Wrong password. Try again.', 401);
  const config = loadConfig();
  recordClick(handle, visitClick(req, link.id, visit.trigger));
  return new Response(null, {
    status: 303,
    headers: {
      location: withQuery(entry, visit.query),
      'set-cookie': makeUnlockCookie({ secret: config.SECRET_KEY, linkId: link.id, passwordHash: link.passwordHash!, secure: config.BASE_URL.startsWith('https:') }),
      'cache-control': 'no-store',
    },
  });
}

async function readPassword(req: Request): Promise<string> {
  const text = (await req.text()).slice(0, 4096);
  return new URLSearchParams(text).get('password') ?? '';
}

function unlockLimiter() {
  // Shared by every instance (Redis), so spreading guesses over instances does not help.
  return sharedLimiter('unlock', () => [{ points: UNLOCK_ATTEMPTS_PER_MINUTE, durationSec: 60 }]);
}

/** Into the edge's buffer when this process has one (role all), else written at once. */
function recordClick(handle: Awaited<ReturnType<typeof database>>, click: Click) {
  const buffer = getGlobalSingleton<ClickBuffer>('clickBuffer');
  if (buffer) buffer.push(click);
  else void clickWriter(handle, processEnricher())([click]).catch(() => {});
}
