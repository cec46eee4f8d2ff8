// Requests to a verified custom domain (docs/self-hosting/custom-domains.md): ACME challenge → app
// association files → root (landing page, redirect or Sling's page) → favicon → short link → link
// pages → that domain's not-found. Never the dashboard, the APIs or sign-in: the only requests
// passed on to Next are the link pages (/l/…), and they set no cookie there. A visit that needs the
// database while it is away gets the 503 "try again in a moment" page (lib/link-pages/unavailable-page.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { findKeyAuthorization } from '../acme/challenge-store';
import type { Db } from '../db/types';
import type { CustomDomain } from '../domains/site-directory';
import { answerWhenReady, failRequest } from '../http/node-answers';
import { announcesBody } from '../http/hold-body';
import { withoutCookies } from '../http/without-cookies';
import type { LandingCache } from '../domains/landing-cache';
import type { EdgeHandler } from './create-edge';
import { answerFavicon, FAVICON_PATH } from '../edge/favicon-answer';
import { answerVisitorFont, VISITOR_FONT_PATH } from './visitor-assets';
import { answerAppAssociation, appAssociationFileOf } from '../edge/app-association-answer';
import type { AppAssociationCaches } from '../domains/current-app-associations';
import { sendVisitFailure } from '../link-pages/unavailable-page';
import { parseLinkTarget } from '../edge/parse-request';
import { parsePreviewAssetPath } from '../previews/preview-urls';
import type { RecordOrphan } from './record-orphan';
import { ACME_CHALLENGE_PATH, answerAcmeChallenge, answerHttpsRedirect, answerMethodNotAllowed, answerNotFound, answerRoot, HSTS } from './site-answers';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface CustomDomainRouterOptions {
  db: Db;
  edge: EdgeHandler | undefined;
  /** HTTPS is served (TLS_PORT): domains with a certificate move plain HTTP there. */
  https: boolean;
  /** Per-host caches (synchronous once warm) of landing pages and uploaded favicons. */
  landingPages: LandingCache;
  favicons: LandingCache;
  /** Per-host caches of the app association files (apple-app-site-association, assetlinks.json). */
  appAssociations: AppAssociationCaches;
  /** Next (for the link pages). */
  passOn: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Holds a request's body (bounded, checked) before `next` routes it. */
  holdThenRoute: (req: IncomingMessage, res: ServerResponse, next: Handler) => Promise<void>;
  /** Counts a root that shows Sling's page and an unknown path (the edge counts unknown codes): docs/guide/orphan-visits.md. */
  orphans?: RecordOrphan;
}

export function customDomainRouter(opts: CustomDomainRouterOptions) {
  const { edge } = opts;

  const passOnToNext: Handler = (req, res) => {
    withoutCookies(res);
    opts.passOn(req, res).catch((err) => failRequest(res, err));
  };

  return function routeCustom(req: IncomingMessage, res: ServerResponse, domain: CustomDomain): void {
    const url = req.url ?? '/';
    const method = req.method;
    const failVisit = (err: unknown) => sendVisitFailure(res, err, { brand: { host: domain.hostname } });
    const appFile = appAssociationFileOf(url);
    // With a certificate, plain HTTP moves to HTTPS and HTTPS says so for a year. Not the CA's
    // challenges, nor the app association files: Apple does not follow a redirect to them.
    if (domain.hasCertificate && opts.https) {
      if ((req.socket as TLSSocket).encrypted !== true) {
        if (!url.startsWith(ACME_CHALLENGE_PATH) && appFile === undefined) return answerHttpsRedirect(res, domain, url);
      } else res.setHeader('Strict-Transport-Security', HSTS);
    }
    if (
      /^\/l\/(protected|expired|disabled|review|blocked|loop)\/[^/?]+(\?|$)/.test(url) &&
      (method === 'GET' || method === 'HEAD' || (method === 'POST' && /^\/l\/(protected|review)\//.test(url)))
    ) {
      if (announcesBody(req)) return void opts.holdThenRoute(req, res, passOnToNext).catch((err) => failRequest(res, err));
      return passOnToNext(req, res);
    }
    if (method !== 'GET' && method !== 'HEAD') return answerMethodNotAllowed(res);
    if (url.startsWith(ACME_CHALLENGE_PATH)) {
      const token = url.slice(ACME_CHALLENGE_PATH.length);
      return void findKeyAuthorization(opts.db, token, domain.hostname)
        .then((keyAuthorization) => answerAcmeChallenge(res, keyAuthorization))
        .catch((err) => failRequest(res, err));
    }
    if (appFile !== undefined) {
      const answer = (body: Buffer | undefined) => (body === undefined ? answerNotFound(res, domain, url) : answerAppAssociation(res, body));
      return answerWhenReady(opts.appAssociations[appFile].get(domain.hostname, domain.id), answer, failVisit);
    }
    if (url === '/' || url.startsWith('/?')) {
      if (domain.rootBehavior !== 'landing') {
        if (!rootChosen(domain)) opts.orphans?.(req, domain.id, 'root', '');
        return answerRoot(res, domain);
      }
      const withPage = (page: Buffer | undefined) => {
        if (page === undefined) opts.orphans?.(req, domain.id, 'root', '');
        answerRoot(res, domain, page);
      };
      return answerWhenReady(opts.landingPages.get(domain.hostname, domain.id), withPage, failVisit);
    }
    if (url === VISITOR_FONT_PATH) return answerVisitorFont(res);
    if (FAVICON_PATH.test(url)) return answerWhenReady(opts.favicons.get(domain.hostname, domain.id), (icon) => answerFavicon(res, icon), failVisit);
    // Short links, and their social preview images (/_og/<code>.png, lib/previews).
    if (edge === undefined || (parseLinkTarget(url) === null && parsePreviewAssetPath(url) === null)) {
      opts.orphans?.(req, domain.id, 'path', url);
      return answerNotFound(res, domain, url);
    }
    const afterEdge = (answered: boolean) => {
      if (answered) return;
      // The edge rewrote the visit to a link page (password, expired, disabled), or found no link.
      if (req.url !== url && req.url?.startsWith('/l/')) return passOnToNext(req, res);
      answerNotFound(res, domain, url);
    };
    let answered: boolean | Promise<boolean>;
    try {
      answered = edge(req, res, domain);
    } catch (err) {
      return failVisit(err);
    }
    if (typeof answered === 'boolean') return afterEdge(answered);
    answered.then(afterEdge).catch(failVisit);
  };
}

/** The owner chose what the root answers (a redirect); otherwise it is Sling's page, and an orphan visit. */
function rootChosen(domain: CustomDomain): boolean {
  return domain.rootBehavior === 'redirect' && Boolean(domain.rootRedirectUrl);
}
