// The redirect edge: parse → resolve → decide → respond, before Next ever sees the request.
// Returns false (synchronously when it can) for anything it does not answer itself.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isBotAgent } from '../analytics/bot-agent';
import { linkKey } from '../cache/invalidation-bus';
import { processClock, type Clock } from '../core/clock';
import type { CachedLink } from '../edge/cached-link';
import type { ClickBuffer } from '../edge/click-buffer';
import { clientIp } from '../edge/client-ip';
import { hasValidUnlock } from '../links/unlock-cookie';
import { decideOutcome, fallbackFor, redirectOutcome, type DomainFallbacks, type LinkPage, type Visitor } from '../edge/decide-outcome';
import type { GeoIp } from '../analytics/geoip';
import type { LinkCache } from '../edge/link-cache';
import { parseLinkTarget, withQrMarker, type LinkTarget } from '../edge/parse-request';
import { redirectHeaders, respondRedirect } from '../edge/respond';
import { variantCookies } from '../edge/variant-cookie';
import type { EdgeAppPageResponder, EdgePageResponder } from '../link-pages/edge-pages';
import { answerAppPage } from '../link-pages/app-page';
import { linkPageHeaders } from '../http/security-headers';
import type { PreviewAssetHandler } from './card-assets';
import { answerPreviewBot } from '../link-pages/preview-page';
import type { RecordOrphan } from './record-orphan';

export interface EdgeOptions {
  cache: LinkCache;
  clicks: ClickBuffer;
  trustProxy: boolean | number;
  /** Signs unlock cookies of password-protected links. */
  secret: string;
  /** /_og/<code>.png: the social preview images (lib/server/card-assets.ts). */
  previewAssets?: PreviewAssetHandler;
  /** Sends the link pages from the cached link (lib/link-pages/edge-pages.ts); without it Next renders them. */
  pages?: EdgePageResponder;
  /** Sends the app page for an app-link destination, branded (lib/link-pages/edge-pages.ts); a plain one without it. */
  appPage?: EdgeAppPageResponder;
  /** Whether a link has expired, and its unlock cookie, go by this clock (the process clock by default). */
  clock?: Clock;
  /** Answers routing rules on country, region and city (this process's GeoIP reader by default). */
  geo?: () => GeoIp;
  /** Counts a code that is no link on the domain (lib/server/record-orphan.ts). */
  orphans?: RecordOrphan;
}

/** Answers a visit to a code on `domain` (the request's host was resolved before: server.ts). */
export type EdgeHandler = (req: IncomingMessage, res: ServerResponse, domain: Site) => boolean | Promise<boolean>;

/** The domain a visit came in on, with what it says of its links' pages. */
type Site = { id: number } & DomainFallbacks;

export function createEdge(opts: EdgeOptions): EdgeHandler {
  const { cache, clicks, trustProxy, secret } = opts;
  const clock = opts.clock ?? processClock();
  /** The rule matcher and GeoIP, loaded when a link with rules is first visited (rule-visits.ts). */
  let matching: typeof import('../edge/rules/rule-visits') | undefined;

  /** Who visits, for a link with routing rules (built only for those); undefined otherwise. */
  /** Signs and reads A/B test visitors' variant cookies. */
  const variants = variantCookies(secret);
  const appPage: EdgeAppPageResponder = opts.appPage ?? ((res, outcome) => answerAppPage(res, outcome, linkPageHeaders({ https: false, dev: false })));

  /** Who visits, for a link with routing rules or a running A/B test (built only for those). */
  function visitorOf(req: IncomingMessage, entry: CachedLink, target: LinkTarget, m: typeof matching): Visitor {
    const h = req.headers;
    const geo = m !== undefined && entry.kind === 'link' && entry.rules?.compiled.geo ? (opts.geo ?? m.processGeo)() : undefined;
    return {
      ip: clientIp(req, trustProxy),
      userAgent: h['user-agent'],
      acceptLanguage: h['accept-language'],
      geo,
      match: m?.matchRule,
      cookie: h.cookie,
      variants,
      path: `/${target.code}`,
      secure: (req.socket as { encrypted?: boolean }).encrypted === true,
    };
  }

  function finish(req: IncomingMessage, res: ServerResponse, entry: CachedLink, target: LinkTarget, domain: Site, at: number): boolean | Promise<boolean> {
    if (entry.kind === 'missing') {
      opts.orphans?.(req, domain.id, 'code', target.code);
      return false;
    }
    if (entry.kind !== 'link' || (entry.rules === null && entry.test === null && entry.platforms === null))
      return decide(req, res, entry, target, domain, at, undefined);
    // A test or platform destinations alone need neither the rule matcher nor GeoIP.
    if (entry.rules === null) return decide(req, res, entry, target, domain, at, visitorOf(req, entry, target, undefined));
    if (matching === undefined)
      return import('../edge/rules/rule-visits').then((m) => {
        matching = m;
        return finish(req, res, entry, target, domain, at);
      });
    const visitor = visitorOf(req, entry, target, matching);
    // A first visit needing the visitor's place waits for the GeoIP file off the event loop.
    if (visitor.geo && !visitor.geo.loaded(visitor.ip))
      return visitor.geo
        .loadFor([visitor.ip])
        .catch(() => {})
        .then(() => decide(req, res, entry, target, domain, at, visitor));
    return decide(req, res, entry, target, domain, at, visitor);
  }

  function decide(
    req: IncomingMessage,
    res: ServerResponse,
    entry: CachedLink,
    target: LinkTarget,
    domain: Site,
    at: number,
    visitor: Visitor | undefined,
  ): boolean {
    // The decision's time is the clock's; the cache's age and the click's time are the wall clock's.
    const now = clock.nowMs();
    let outcome = decideOutcome(entry, target.query, now, false, visitor);
    // A visitor who typed the right password within the hour goes straight through.
    if (
      outcome.kind === 'page' &&
      outcome.page === 'protected' &&
      entry.kind === 'link' &&
      entry.passwordHash !== null &&
      hasValidUnlock(req.headers.cookie, { secret, linkId: entry.id, passwordHash: entry.passwordHash, now })
    ) {
      outcome = redirectOutcome(entry, target.query, now, visitor);
    }
    if (outcome.kind === 'page') {
      // An expired link with a fallback (its own or its domain's), or a domain's fallback for a
      // link that has not started: sent on, not counted.
      const fallback = entry.kind === 'link' ? fallbackFor(outcome.page, entry, domain) : null;
      if (fallback !== null) {
        respondRedirect(res, 302, redirectHeaders(fallback));
        return true;
      }
      // The visit's query string rides along (the prompt's and the warning's forms forward it).
      const query = withQrMarker(target.query, target.trigger);
      // The edge sends the page from the cached link; a visit is counted only once it redirects.
      if (opts.pages !== undefined && entry.kind === 'link') {
        opts.pages(res, outcome.page, entry, target.code, query, domain.id, now);
        return true;
      }
      req.url = linkPagePath(outcome.page, target.code, query);
      return false;
    }
    if (outcome.kind !== 'redirect' && outcome.kind !== 'app') return false;
    // A link with a social preview shows link-preview bots its Open Graph page (the check runs for
    // those links only); the visit is stored flagged as a bot, like HEAD, and never counted.
    const bot = entry.kind === 'link' && entry.preview !== null && answerPreviewBot(req, res, entry.preview, outcome.location);
    if (!bot) {
      if (outcome.kind === 'app') appPage(res, outcome, target.code, domain.id);
      else respondRedirect(res, outcome.status, outcome.headers);
    }
    // HEAD (link previews, curl -I) answers the same; it is stored flagged as a bot, never counted.
    const head = bot || req.method === 'HEAD';
    // Towards the click limit, the edge counts what the database will: no bots, no HEAD, unless the
    // link counts bots too. Only a limited link reads the count, so only its visits pay for the check.
    if (entry.kind === 'link' && entry.maxClicks !== null && (entry.countBots || (!head && !isBotAgent(req.headers['user-agent'])))) entry.clicks++;
    clicks.push({
      linkId: outcome.linkId,
      at,
      referrer: req.headers.referer,
      userAgent: req.headers['user-agent'],
      ip: visitor?.ip ?? clientIp(req, trustProxy),
      trigger: target.trigger,
      head,
      // One look at each privacy signal; what it means is the click writer's business (apply-privacy.ts).
      optOut: req.headers.dnt === '1' || req.headers['sec-gpc'] === '1',
      rule: outcome.rule,
      variant: outcome.variant,
    });
    return true;
  }

  return function edge(req, res, domain) {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const target = parseLinkTarget(req.url);
    if (target === null) return opts.previewAssets ? opts.previewAssets(req, res, domain) : false;
    const now = Date.now();
    const entry = cache.lookup(linkKey(domain.id, target.code), domain, target.code, now);
    if (!(entry instanceof Promise)) return finish(req, res, entry, target, domain, now);
    return entry.then((loaded) => finish(req, res, loaded, target, domain, Date.now()));
  };
}

/** Where Next serves a link's page: /l/<page>/<code>[?<visit query>]. */
export function linkPagePath(page: LinkPage, code: string, query: string): string {
  return `/l/${page}/${code}${query ? `?${query}` : ''}`;
}
