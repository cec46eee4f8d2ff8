// The pages a visitor of a short link may get instead of a redirect: the password prompt (and its
// check), "Link Expired" (410, saying whether the date passed or the click limit was reached), "disabled" (451), the safety warnings (pending_review: 200 with
// "continue anyway"; blocked: 403, no way on), a loop back to Sling (508) and not found (404). The edge sends visitors here
// (/l/<page>/<code>); the state is read again, so a direct visit cannot show the wrong page.
import { verifyPassword } from '../passwords/password';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { currentDomains } from '../domains/current-domains';
import { currentSites } from '../domains/current-sites';
import { toCachedLink, type CachedLink } from '../edge/cached-link';
import type { Click } from '../analytics/click';
import type { ClickBuffer } from '../edge/click-buffer';
import { decideOutcome, redirectOutcome, type Outcome, type Visitor } from '../edge/decide-outcome';
import { hostOf, splitQrMarker } from '../edge/parse-request';
import { AppError } from '../core/errors';
import { requestIp } from '../http/handle-route';
import { getLinkByCode } from '../links/get-link-by-code';
import { makeUnlockCookie } from '../links/unlock-cookie';
import { processClock } from '../core/clock';
import { getGlobalSingleton, globalSingleton } from '../core/global-singleton';
import { variantCookies, type VariantCookies } from '../edge/variant-cookie';
import { sharedLimiter } from '../ratelimit/shared-limiter';
import { contextOf, expiredBy, notFoundContent, PAGE_CONTENT, promptContent, type Brand, type PageContext } from './page-content';
import { pageHtml, reportUrl } from './page-html';
import { appPageResponse, type AppOutcome } from './app-page';

/** Password guesses per link and IP. */
export const UNLOCK_ATTEMPTS_PER_MINUTE = 5;

/** The link of `code` on the request's host: the app host's are the default domain's. */
async function findLink(req: Request, code: string) {
  const site = await currentSites().resolve(hostOf(req.headers.get('host') ?? undefined));
  const domains = await currentDomains();
  const domainId = site.kind === 'app' ? domains.defaultDomain.id : site.kind === 'custom' ? site.domain.id : undefined;
  const handle = await database();
  const link = domainId === undefined ? undefined : await getLinkByCode(handle.db, domainId, code);
  const domain = site.kind === 'custom' ? site.domain : domains.defaultDomain;
  const config = loadConfig();
  // Who the page speaks for, and where a visitor reports the link (always the app's host).
  const brand: Brand = {
    host: domain.hostname,
    reportUrl: reportUrl(config.BASE_URL, domains.shortUrl(domains.byId(domain.id) ?? domains.defaultDomain, code)),
  };
  return { link, entry: link ? toCachedLink(link, domains.self) : undefined, domainId: domainId ?? 0, handle, brand };
}

export async function showLinkPage(req: Request, page: string, code: string): Promise<Response> {
  const url = new URL(req.url);
  const { link, entry, handle, brand } = await findLink(req, code);
  // The edge counts max_clicks with its own redirects, ahead of the stored counter: trust it here,
  // or the two would bounce the visitor between them.
  if (page === 'expired' && link?.maxClicks != null)
    return pageHtml(PAGE_CONTENT.expired(code, '', { brand, expiredBy: expiredBy(entry, processClock().nowMs()) ?? 'clicks' }));
  const query = url.search.slice(1);
  const visit = splitQrMarker(query);
  // The link redirects after all (e.g. edited on another instance a moment ago): redirect here
  // rather than back to the edge, whose cache may not know yet.
  const outcome = entry ? decideOutcome(entry, visit.query, processClock().nowMs(), false, await visitorOf(req, entry, code)) : undefined;
  if (link && outcome?.kind === 'app') return sendToApp(req, handle, link.id, visit.trigger, outcome, brand);
  if (link && outcome?.kind === 'redirect') {
    recordClick(handle, visitClick(req, link.id, visit.trigger, outcome));
    return new Response(null, { status: outcome.status, headers: redirectTo(outcome, 'private, max-age=0') });
  }
  return pageFor(entry, code, query, entry?.kind === 'link' ? contextOf(entry, processClock().nowMs(), brand) : { brand });
}

/** A HEAD request (link previews, curl -I) is kept flagged as a bot and never counted, as at the edge. */
function visitClick(req: Request, linkId: number, trigger: 'link' | 'qr', outcome: Extract<Outcome, { kind: 'redirect' | 'app' }>): Click {
  return {
    linkId,
    at: Date.now(),
    referrer: req.headers.get('referer') ?? undefined,
    userAgent: req.headers.get('user-agent') ?? undefined,
    ip: requestIp(req),
    trigger,
    head: req.method === 'HEAD',
    optOut: req.headers.get('dnt') === '1' || req.headers.get('sec-gpc') === '1',
    rule: outcome.rule,
    variant: outcome.variant,
  };
}

/** Who visits, for a link with routing rules (these pages send visitors on as the edge would). */
async function visitorOf(req: Request, entry: CachedLink, code: string): Promise<Visitor | undefined> {
  if (entry.kind !== 'link' || (entry.rules === null && entry.test === null && entry.platforms === null)) return undefined;
  const { matchRule, processGeo } = await import('../edge/rules/rule-visits');
  const ip = requestIp(req);
  const geo = entry.rules?.compiled.geo ? processGeo() : undefined;
  await geo?.loadFor([ip]).catch(() => {});
  return {
    ip,
    userAgent: req.headers.get('user-agent') ?? undefined,
    acceptLanguage: req.headers.get('accept-language') ?? undefined,
    geo,
    match: matchRule,
    cookie: req.headers.get('cookie') ?? undefined,
    variants: pageVariantCookies(),
    path: `/${code}`,
    secure: new URL(req.url).protocol === 'https:',
  };
}

function pageVariantCookies(): VariantCookies {
  return globalSingleton('variantCookies', () => variantCookies(loadConfig().SECRET_KEY));
}

/** An app-link destination: the click counted, the app page (app-page.ts) that tries the app. */
function sendToApp(
  req: Request,
  handle: Parameters<typeof recordClick>[0],
  linkId: number,
  trigger: 'link' | 'qr',
  outcome: AppOutcome,
  brand: Brand,
): Response {
  recordClick(handle, visitClick(req, linkId, trigger, outcome));
  return appPageResponse(outcome, { 'content-type': 'text/html; charset=utf-8', 'x-robots-tag': 'noindex' }, brand);
}

/** The redirect's headers as a Response takes them: Location, and the A/B test's cookie when one is set. */
function redirectTo(outcome: Extract<Outcome, { kind: 'redirect' }>, cacheControl: string): Record<string, string> {
  const i = outcome.headers.indexOf('Set-Cookie');
  return { location: outcome.location, 'cache-control': cacheControl, ...(i === -1 ? {} : { 'set-cookie': outcome.headers[i + 1] }) };
}

function pageFor(entry: CachedLink | undefined, code: string, query: string, opts: PageContext = {}): Response {
  if (!entry) return pageHtml(notFoundContent(opts.brand));
  const outcome = decideOutcome(entry, query, processClock().nowMs(), opts.reviewed);
  if (outcome.kind !== 'page') return pageHtml(notFoundContent(opts.brand));
  return pageHtml(PAGE_CONTENT[outcome.page](code, query, opts));
}

function promptPage(code: string, query: string, error?: string, status = 200, reviewed = false, brand?: Brand): Response {
  return pageHtml(promptContent(code, query, error, status, reviewed, brand));
}

/** POST /l/protected/<code>: check the password (throttled), then unlock and redirect. */
export async function unlockLink(req: Request, code: string): Promise<Response> {
  const query = new URL(req.url).search.slice(1);
  const { link, entry, domainId, handle, brand } = await findLink(req, code);
  try {
    await unlockLimiter().consume(`${domainId}:${code.toLowerCase()}:${requestIp(req)}`);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    const wait = err.headers?.['Retry-After'] ?? '60';
    const res = promptPage(code, query, `Too many tries. Wait ${wait} seconds, then try again.`, 429, false, brand);
    res.headers.set('Retry-After', wait);
    return res;
  }
  const form = await readForm(req);
  const password = form.get('password') ?? '';
  const reviewed = form.get('reviewed') === '1';
  const visit = splitQrMarker(query);
  const visitor = entry && (await visitorOf(req, entry, code));
  const outcome = entry ? decideOutcome(entry, visit.query, processClock().nowMs(), reviewed, visitor) : undefined;
  // Not protected (any more): show whatever the link now is.
  if (link && outcome?.kind === 'app') return sendToApp(req, handle, link.id, visit.trigger, outcome, brand);
  if (link && outcome?.kind === 'redirect') {
    recordClick(handle, visitClick(req, link.id, visit.trigger, outcome));
    return new Response(null, { status: 303, headers: redirectTo(outcome, 'no-store') });
  }
  if (link && entry?.kind === 'link' && !(outcome?.kind === 'page' && outcome.page === 'protected'))
    return pageFor(entry, code, query, contextOf(entry, processClock().nowMs(), brand, reviewed));
  // bcrypt runs in the CPU pool (a full one answers 503), never on the edge's redirect path. An
  // unknown code answers exactly like a wrong password.
  let ok: boolean;
  try {
    ok = link?.passwordHash ? await verifyPassword({ hash: link.passwordHash, password }) : false;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'unavailable') throw err;
    const wait = err.headers?.['Retry-After'] ?? '5';
    const res = promptPage(code, query, `The server is busy. Wait ${wait} seconds, then try again.`, 503, reviewed, brand);
    res.headers.set('Retry-After', wait);
    return res;
  }
  if (!ok || !link || !entry || entry.kind !== 'link') return promptPage(code, query, 'Wrong password. Try again.', 401, reviewed, brand);
  const config = loadConfig();
  const unlocked = redirectOutcome(entry, visit.query, processClock().nowMs(), visitor);
  if (unlocked.kind !== 'redirect' && unlocked.kind !== 'app') return pageFor(entry, code, query, contextOf(entry, processClock().nowMs(), brand, reviewed));
  let answer: Response;
  if (unlocked.kind === 'app') answer = sendToApp(req, handle, link.id, visit.trigger, unlocked, brand);
  else {
    recordClick(handle, visitClick(req, link.id, visit.trigger, unlocked));
    answer = new Response(null, { status: 303, headers: redirectTo(unlocked, 'no-store') });
  }
  // Both cookies when the link also runs an A/B test: the unlock and the variant.
  answer.headers.append(
    'set-cookie',
    makeUnlockCookie({
      now: processClock().nowMs(),
      secret: config.SECRET_KEY,
      linkId: link.id,
      passwordHash: link.passwordHash!,
      secure: config.BASE_URL.startsWith('https:'),
    }),
  );
  return answer;
}

async function readForm(req: Request): Promise<URLSearchParams> {
  return new URLSearchParams((await req.text()).slice(0, 4096));
}

/** POST /l/review/<code>: "continue anyway" on a pending_review link: counts the click and redirects. */
export async function continueToLink(req: Request, code: string): Promise<Response> {
  const query = new URL(req.url).search.slice(1);
  const { link, entry, handle, brand } = await findLink(req, code);
  const visit = splitQrMarker(query);
  const outcome = entry ? decideOutcome(entry, visit.query, processClock().nowMs(), true, await visitorOf(req, entry, code)) : undefined;
  if (link && outcome?.kind === 'app') return sendToApp(req, handle, link.id, visit.trigger, outcome, brand);
  if (link && outcome?.kind === 'redirect') {
    recordClick(handle, visitClick(req, link.id, visit.trigger, outcome));
    return new Response(null, { status: 303, headers: redirectTo(outcome, 'no-store') });
  }
  // Blocked meanwhile, expired, or password-protected (the prompt remembers the choice).
  return pageFor(entry, code, query, entry?.kind === 'link' ? contextOf(entry, processClock().nowMs(), brand, true) : { brand, reviewed: true });
}

function unlockLimiter() {
  // Shared by every instance (Redis), so spreading guesses over instances does not help.
  return sharedLimiter('unlock', () => [{ points: UNLOCK_ATTEMPTS_PER_MINUTE, durationSec: 60 }]);
}

/** Into the edge's buffer when this process has one (role all), else written at once. The writer and
 *  its enricher are imported only then: where the buffer exists (a running server) enrichment runs in
 *  the click writer's thread, and the main thread never loads the user-agent parser or GeoIP. */
function recordClick(handle: Awaited<ReturnType<typeof database>>, click: Click) {
  // The click buffer server.ts runs (set there at start, cleared at shutdown).
  const buffer = getGlobalSingleton<ClickBuffer>('clickBuffer');
  if (buffer) return buffer.push(click);
  void Promise.all([import('../analytics/process-enricher'), import('../edge/write-clicks')])
    .then(([{ processEnricher }, { clickWriter }]) => clickWriter(handle, processEnricher())([click]))
    .catch(() => {});
}
