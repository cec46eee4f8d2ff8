// Where a request goes, decided from its host's kind and its path alone (no I/O, so it is unit
// tested): server.ts maps each destination to its handler. The redirect path is not here: on the app
// host the edge answers short links first, and only what it declines comes to `destinationOf`.
import type { Site } from '../domains/site-directory';
import { isApiPath } from '../api/router';
import { SCALAR_BUNDLE_PATH } from '../docs/serve-scalar-bundle';
import { isVisitorFontPath } from './visitor-assets';

/** What this instance serves besides short links (an `edge` instance has neither). */
export interface Serves {
  /** The API's router (roles `all` and `app`). */
  app: boolean;
  /** Next's pages (not in a server started inside a test process: `startServer({ pages: false })`). */
  pages: boolean;
}

export type HostRoute =
  /** The app host (or a probe by address): the edge, then `destinationOf`. */
  | 'app'
  /** A custom domain: its links, landing page and favicon only (custom-domain-router.ts). */
  | 'custom-domain'
  /** Not a host of this instance. */
  | 'unknown-host';

const PROBES = new Set(['/healthz', '/readyz']);

/** Which host's handling a request gets. Health checks answer on any host: load balancers probe by address. */
export function hostRoute(site: Site['kind'], url: string): HostRoute {
  if (site === 'app' || PROBES.has(url)) return 'app';
  return site === 'unknown' ? 'unknown-host' : 'custom-domain';
}

export type Destination = 'healthz' | 'readyz' | 'api' | 'docs-bundle' | 'visitor-font' | 'favicon' | 'page' | 'link-page' | 'not-found';

/** Where a request on the app host goes once the edge has declined it; `path` is the routed path (routedPath). */
export function destinationOf(url: string, path: string, serves: Serves): Destination {
  if (url === '/healthz') return 'healthz';
  if (url === '/readyz') return 'readyz';
  // The visitor pages' font and icon: every instance that shows those pages serves them (visitor-assets.ts).
  if (isVisitorFontPath(path)) return 'visitor-font';
  if (path === '/favicon.ico') return 'favicon';
  // An edge instance answers the link pages' own forms (link-page-dispatch.ts) and nothing else.
  if (!serves.app) return 'link-page';
  if (path === SCALAR_BUNDLE_PATH) return 'docs-bundle';
  if (isApiPath(path)) return 'api';
  // Without Next: the link pages' forms, as on an edge; nothing else.
  return serves.pages ? 'page' : 'link-page';
}

/**
 * Whether server.ts holds the body (bounded) before anything routes the request: yes for pages and
 * link-page forms; no for the API, whose router reads a body only after authenticating the caller.
 */
export function holdsBodyFirst(path: string, serves: Serves): boolean {
  return !(serves.app && isApiPath(path));
}

/** The path routes see: the query dropped, dot segments (even percent-encoded ones) resolved as URL parsing does. */
export function routedPath(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return /\.|%2e/i.test(path) ? new URL(path, 'http://x').pathname : path;
}
