// Process entry: config → database → edge → Next handler → workers → shutdown (docs/architecture/overview.md, "Processes and request flow").
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { liveDomains } from './lib/domains/current-domains';
import { currentSites } from './lib/domains/current-sites';
import type { Site } from './lib/domains/site-directory';
import { currentFavicons } from './lib/domains/current-favicons';
import { currentAppAssociations } from './lib/domains/current-app-associations';
import { currentLandingPages } from './lib/landing/current-landing-pages';
import { customDomainRouter } from './lib/server/custom-domain-router';
import { sendScalarBundle } from './lib/docs/serve-scalar-bundle';
import { startHttpsListener } from './lib/tls/https-listener';
import { failRequest, sendApiError, sendJson } from './lib/http/node-answers';
import { clientIp } from './lib/edge/client-ip';
import { hostOf } from './lib/edge/parse-request';
import { answerUnknownHost } from './lib/server/site-answers';
import { checkReadiness } from './lib/health/check-readiness';
import { CLIENT_IP_HEADER } from './lib/core/client-ip-header';
import { decideTarget, type TargetDecision } from './lib/http/request-target';
import type { Router } from './lib/api/router';
import { apiRouter } from './lib/api/api-router';
import { destinationOf, holdsBodyFirst, hostRoute, routedPath, type Serves } from './lib/server/destination';
import { answerVisitorFont } from './lib/server/visitor-assets';
import { answerFavicon } from './lib/edge/favicon-answer';
import { listen, shutdownOnce } from './lib/server/lifecycle';
import { linkPageHandler } from './lib/server/link-page-dispatch';
import { serveApi, toWebRequest, writeResponse } from './lib/server/serve-api';
import { answerClientError } from './lib/http/client-error';
import { limitConnectionsPerIp } from './lib/http/connection-limit';
import { acceptProxyProtocol } from './lib/server/proxy-listener';
import { announcesBody, holdBody, PAGE_BODY_LIMIT } from './lib/http/hold-body';
import { apiHeaders, linkPageHeaders, pageHeaders, type HeaderOptions } from './lib/http/security-headers';
import { sendVisitFailure } from './lib/link-pages/unavailable-page';
import { targetProblem } from './lib/http/text-checks';
import { stopJobSystem } from './lib/jobs/job-system';
import { logger } from './lib/core/logger';
import { projectRoot } from './lib/core/project-root';
import { openRuntime } from './lib/server/open-runtime';
import type { Clock } from './lib/core/clock';
import type { Resolve } from './lib/safety/name-lookup';
import { startCpuPool, stopCpuPool } from './lib/server/cpu-pool';
import { startEdgeServices } from './lib/server/start-edge-services';
import { startWorkers } from './lib/server/start-workers';
import { setGlobalSingleton } from './lib/core/global-singleton';
import { closeLiveFeed } from './lib/analytics/current-live-feed';

export type Role = 'all' | 'edge' | 'app' | 'worker';

export interface StartOptions {
  role?: Role;
  dev?: boolean;
  /**
   * false: no Next (no pages, no app.prepare()); the API router, the edge, link pages and the
   * workers serve as usual. For a server started inside a test process, where loading Next would
   * cost seconds for nothing.
   */
  pages?: boolean;
  /**
   * The clock the server goes by (lib/core/clock.ts): the system clock, or a test's manual clock
   * (tests/helpers/in-process-sling.ts) that the test moves instead of waiting.
   */
  clock?: Clock;
  /** The name lookup of outgoing requests to user-given addresses (lib/safety/name-lookup.ts): the system's, or a test's. */
  lookup?: Resolve;
}

export interface RunningServer {
  server: Server;
  port: number;
  /** Stops accepting, writes buffered clicks, closes the database. */
  shutdown(): Promise<void>;
}

export async function startServer(opts: StartOptions = {}): Promise<RunningServer> {
  const role = opts.role ?? 'all';
  const log = logger();
  const runtime = await openRuntime({ reopenAfterMigrating: true, clock: opts.clock, lookup: opts.lookup });
  const { config, handle, clock } = runtime;
  // QR rendering, logo checks and bcrypt run here, off the edge's event loop (docs/architecture/overview.md, "Off the event loop").
  await startCpuPool({
    size: config.CPU_POOL_SIZE,
    queueMax: config.CPU_POOL_QUEUE,
    onWorkerExit: (err) => log.error({ err }, 'a CPU pool worker died; the next task starts a new one'),
  });

  const visitorPageHeaders = linkPageHeaders({ https: config.BASE_URL.startsWith('https:'), dev: opts.dev ?? false });
  // The app host's links are the shared default domain's (its row follows BASE_URL at start).
  const domains = await liveDomains();
  const defaultDomain = domains.current.defaultDomain;
  const sites = currentSites();
  // `app` answers its own host's short links too: behind a TCP load balancer the app host's traffic
  // (BASE_URL, the default domain's links included) cannot be split by path (docs/self-hosting/scale-out.md).
  const edgeServices = role !== 'worker' ? startEdgeServices({ runtime, clock, domains, visitorPageHeaders }) : undefined;
  const edge = edgeServices?.edge;
  // Handed to lib/ code that routes reach (link-pages.ts), through the registry; cleared at shutdown.
  if (edgeServices) setGlobalSingleton('clickBuffer', edgeServices.clicks);
  const workers = role === 'all' || role === 'worker' ? await startWorkers(runtime, clock) : undefined;

  let nextHandler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
  /** The API's router, built with the first API request (its handlers' modules load then, not at start). */
  const router = apiRouter;
  const servesApp = role === 'all' || role === 'app';
  if (servesApp && opts.pages !== false) {
    const { default: next } = await import('next');
    const app = next({ dev: opts.dev ?? false, dir: projectRoot(), hostname: config.HOST, port: config.PORT });
    await app.prepare();
    nextHandler = app.getRequestHandler();
  }
  const serves: Serves = { app: servesApp, pages: nextHandler !== undefined };
  /** Set by shutdown() for SHUTDOWN_DRAIN_MS: /readyz says 503 while everything else is still served. */
  let draining = false;
  const headerOptions: HeaderOptions = { https: config.BASE_URL.startsWith('https:'), dev: opts.dev ?? false };

  /** Everything the edge does not answer, by destination (lib/server/destination.ts). */
  async function passOn(req: IncomingMessage, res: ServerResponse) {
    const url = req.url ?? '/';
    const path = routedPath(url);
    const destination = destinationOf(url, path, serves);
    if (destination === 'healthz') return sendJson(res, 200, { status: 'ok' });
    if (destination === 'readyz') return answerReadiness(res);
    // NUL and non-UTF-8 in the path or query never reach a route (PostgreSQL refused them with a 500).
    const problem = targetProblem(url);
    if (problem !== null) return sendApiError(res, url, 'invalid_request', problem, apiHeaders(headerOptions));
    req.headers[CLIENT_IP_HEADER] = clientIp(req, config.TRUST_PROXY);
    switch (destination) {
      case 'docs-bundle':
        return sendScalarBundle(req, res, apiHeaders(headerOptions));
      case 'visitor-font':
        return answerVisitorFont(res);
      case 'favicon':
        return answerFavicon(res, undefined);
      case 'api':
        setHeaders(res, apiHeaders(headerOptions));
        return serveApi(await router(), req, res, path);
      case 'link-page': {
        // An edge instance: the link pages' forms still work (link-page-dispatch.ts); nothing else is here.
        const page = linkPageHandler(req.method, path);
        if (!page) return sendApiError(res, path, 'not_found', 'Not found.');
        setHeaders(res, pageHeaders(headerOptions).headers);
        return writeResponse(req, res, await page(toWebRequest(req, res, PAGE_BODY_LIMIT)));
      }
      default: {
        const page = pageHeaders(headerOptions);
        // Next takes the nonce for its own scripts from the request's policy.
        req.headers['content-security-policy'] = page.headers['Content-Security-Policy'];
        setHeaders(res, page.headers);
        await nextHandler!(req, res);
      }
    }
  }

  async function answerReadiness(res: ServerResponse) {
    if (draining) return sendJson(res, 503, { status: 'draining' });
    const r = await checkReadiness(handle);
    if (r.ready) return sendJson(res, 200, { status: 'ready' });
    // The reason can hold database error text: it goes to the log, the answer stays fixed.
    log.warn({ reason: r.reason }, 'not ready');
    return sendJson(res, 503, { status: 'not_ready' });
  }

  /** A request with a body for a page: held (bounded, checked) before anything routes it. */
  async function holdThenRoute(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void) {
    const refusal = await holdBody(req, PAGE_BODY_LIMIT);
    if (refusal === null) return next(req, res);
    if (refusal.status === 0) return; // the client left
    sendApiError(res, req.url, refusal.code, refusal.message, apiHeaders(headerOptions));
  }

  // The redirect path stays synchronous on a cache hit (of the host and of the link): no promise, no await.
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    const target = decideTarget(req.method, req.url);
    if (target.kind === 'answer') return answerTarget(res, target);
    if (target.url !== undefined) req.url = target.url;
    const site = sites.resolve(hostOf(req.headers.host));
    // A host not known yet: with the database away, its visitor gets the 503 page (no name on top: the host is not known).
    if (site instanceof Promise)
      return void site
        .then(
          (s) => dispatch(s, req, res),
          (err) => sendVisitFailure(res, err, { headers: visitorPageHeaders }),
        )
        .catch((err) => failRequest(res, err));
    dispatch(site, req, res);
  };

  /** Host dispatch (lib/server/destination.ts): the app host gets everything; a custom domain only its links; others a 404. */
  function dispatch(site: Site, req: IncomingMessage, res: ServerResponse): void {
    const host = hostRoute(site.kind, req.url ?? '/');
    if (host === 'unknown-host') return answerUnknownHost(res);
    if (host === 'custom-domain') return routeCustom(req, res, (site as Extract<Site, { kind: 'custom' }>).domain);
    // The API's bodies wait for the router, which reads them after authentication (serve-api.ts).
    if (announcesBody(req) && holdsBodyFirst(routedPath(req.url ?? '/'), serves))
      return void holdThenRoute(req, res, route).catch((err) => failRequest(res, err));
    route(req, res);
  }
  const routeCustom = customDomainRouter({
    db: handle.db,
    edge,
    https: config.TLS_PORT !== undefined,
    landingPages: currentLandingPages(),
    favicons: currentFavicons(),
    appAssociations: currentAppAssociations(),
    passOn,
    holdThenRoute,
    orphans: edgeServices?.recordOrphan,
  });

  const server = createServer(
    { headersTimeout: config.HEADERS_TIMEOUT_MS, requestTimeout: config.REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    onRequest,
  );
  // "Expect: 100-continue" with a length over the limit: refused before the client sends the body.
  // "Expect: 100-continue" with a length over the route's limit: refused before the client sends the
  // body. Within it, an API request is told to go on only when its handler reads the body (serve-api.ts).
  server.on('checkContinue', (req, res) => {
    const path = routedPath(req.url ?? '/');
    const api = !holdsBodyFirst(path, serves);
    const limitOf = api ? router().then((r) => bodyLimitOf(r, req.method ?? 'POST', path)) : Promise.resolve(PAGE_BODY_LIMIT);
    limitOf
      .then((limit) => {
        if (Number(req.headers['content-length'] ?? 0) > limit) {
          const message = `The request body is larger than this endpoint takes (${Math.round(limit / 1024)} KiB).`;
          return sendApiError(res, req.url, 'payload_too_large', message, { ...apiHeaders(headerOptions), Connection: 'close' });
        }
        if (!api) res.writeContinue();
        onRequest(req, res);
      })
      .catch((err) => failRequest(res, err));
  });
  server.keepAliveTimeout = config.KEEP_ALIVE_TIMEOUT_MS;
  server.on('clientError', answerClientError);
  limitConnectionsPerIp(server, config.MAX_CONNECTIONS_PER_IP);
  // Behind a TCP balancer: the client's address from its PROXY header (lib/server/proxy-listener.ts); after the connection listeners above.
  if (config.PROXY_PROTOCOL_FROM) acceptProxyProtocol(server, { from: config.PROXY_PROTOCOL_FROM });

  /** A visit of the app host's links that failed: the 503 page when the database is away (lib/link-pages/unavailable-page.ts). */
  const failVisit = (res: ServerResponse, err: unknown) =>
    sendVisitFailure(res, err, { brand: { host: domains.current.defaultDomain.hostname }, headers: visitorPageHeaders });

  function route(req: IncomingMessage, res: ServerResponse): void {
    if (edge !== undefined) {
      let answered: boolean | Promise<boolean>;
      try {
        answered = edge(req, res, defaultDomain);
      } catch (err) {
        return failVisit(res, err);
      }
      if (answered === true) return;
      if (answered !== false) {
        answered.then(
          (done) => void (done || passOn(req, res).catch((err) => failRequest(res, err))),
          (err) => failVisit(res, err),
        );
        return;
      }
    }
    passOn(req, res).catch((err) => failRequest(res, err));
  }
  await listen(server, config.PORT, config.HOST);
  // HTTPS for custom domains, beside the edge.
  const tlsServer = config.TLS_PORT !== undefined && edge !== undefined ? await startHttpsListener(config, handle.db, onRequest) : undefined;
  const port = (server.address() as AddressInfo).port;
  log.info({ port, role, database: handle.kind, baseUrl: config.BASE_URL }, `Sling listening on ${config.BASE_URL}`);

  // Behind a load balancer: out of its rotation first, then the listener closes (docs/self-hosting/scale-out.md).
  const shutdown = shutdownOnce({
    drainMs: config.SHUTDOWN_DRAIN_MS,
    onDraining: () => (draining = true),
    listeners: [server, tlsServer],
    beforeClose: closeLiveFeed,
    steps: [
      () => workers?.stopListening?.(),
      () => workers?.webhooks.stop(),
      () => setGlobalSingleton('jobSystem', undefined),
      () => workers && stopJobSystem(workers.jobs),
      () => setGlobalSingleton('clickBuffer', undefined),
      async () => {
        const left = (await edgeServices?.clicks.stop()) ?? 0;
        if (left > 0) log.error({ left }, 'clicks could not be written before shutdown');
      },
      async () => {
        const left = (await edgeServices?.orphans.stop()) ?? 0;
        if (left > 0) log.error({ left }, 'orphan visit counts could not be written before shutdown');
      },
      () => edgeServices?.clickThread.close(),
      () => stopCpuPool(),
      () => runtime.close(),
      () => log.info('Sling stopped'),
    ],
  });
  return { server, port, shutdown };
}

/** The body limit of the route that serves the request (the page limit where none does). */
function bodyLimitOf(router: Router, method: string, path: string): number {
  const found = router.find(method, path);
  return found.kind === 'route' ? found.route.bodyLimit : PAGE_BODY_LIMIT;
}

function setHeaders(res: ServerResponse, headers: Record<string, string>) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

function answerTarget(res: ServerResponse, answer: Extract<TargetDecision, { kind: 'answer' }>) {
  if (answer.refusal) return sendApiError(res, undefined, answer.refusal.code, answer.refusal.message, answer.headers);
  res.writeHead(answer.status, answer.headers);
  res.end();
}
