// The API's one router: every path under /api, /api.php and /api/auth is matched here, for every
// caller (token, session cookie, SCIM bearer, anonymous), by the routes lib/api/routes.ts builds from
// the Operations. It answers what no handler needs to see (unknown path: 404; method not taken: 405
// with Allow; OPTIONS; a trailing slash: 308), turns HEAD into GET, and hands the handler a Request
// whose body is read only when the handler asks, up to the route's limit
// (docs/architecture/request-layer.md). `router.request()` answers a Request without a socket.
import { AppError } from '../core/errors';
import { errorResponse } from '../core/json-response';
import { scimErrorResponse } from '../scim/scim-error';
import type { ApiRoute, RouteMethod, RouteParams } from './api-route';
import { limitedBody, streamSource } from './limited-body';
import { compareSpecificity, compilePath, matchPath, type PathPattern } from './path-pattern';

export type Found =
  | { kind: 'route'; route: ApiRoute; params: RouteParams }
  /** The router's own answer (404, 405, OPTIONS, 308). */
  | { kind: 'answer'; response: () => Response };

export interface Router {
  readonly routes: readonly ApiRoute[];
  /** What serves `method` on `path` (a path without its query, dot segments resolved). */
  find(method: string, path: string, search?: string): Found;
  /** Runs a found route's handler on a request whose body is already limited (or absent). */
  run(route: ApiRoute, params: RouteParams, req: Request): Promise<Response>;
  /** Answers a Request without a socket: matching, the body limit, the handler (tests, in-process callers). */
  request(req: Request): Promise<Response>;
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

interface Entry {
  pattern: PathPattern;
  methods: Map<string, ApiRoute>;
  allow: string;
}

export function createRouter(routes: readonly ApiRoute[]): Router {
  const entries = buildEntries(routes);
  const exact = new Map(entries.filter((e) => e.pattern.rest === undefined && e.pattern.segments.every((s) => 'literal' in s)).map((e) => [e.pattern.path, e]));

  function lookup(path: string): { entry: Entry; params: RouteParams } | null {
    const hit = exact.get(path);
    if (hit) return { entry: hit, params: {} };
    const parts = path.split('/').slice(1);
    for (const entry of entries) {
      const params = matchPath(entry.pattern, parts);
      if (params) return { entry, params };
    }
    return null;
  }

  function find(method: string, path: string, search = ''): Found {
    const scim = path.startsWith('/api/scim/');
    // A trailing or doubled slash: a 308 to the plain path (as the API has always answered).
    if ((path.length > 1 && path.endsWith('/')) || path.includes('//')) {
      const location = (path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1') || '/') + search;
      return { kind: 'answer', response: () => new Response(null, { status: 308, headers: { location } }) };
    }
    const found = lookup(path);
    if (!found) return refusal(scim, () => new AppError('not_found', `No API endpoint at ${path}.`));
    const { entry, params } = found;
    const route = entry.methods.get(method === 'HEAD' ? 'GET' : method);
    if (route) return { kind: 'route', route, params };
    if (method === 'OPTIONS') return { kind: 'answer', response: () => new Response(null, { status: 204, headers: { allow: entry.allow } }) };
    return refusal(scim, () => new AppError('method_not_allowed', `${method} is not supported here; use ${entry.allow}.`, undefined, { Allow: entry.allow }));
  }

  async function run(route: ApiRoute, params: RouteParams, req: Request): Promise<Response> {
    let res: Response;
    try {
      const input = route.readBodyFirst ? await readFirst(req, route) : req;
      res = await route.handler(input, { params: Promise.resolve(params) });
    } catch (err) {
      res = route.scim ? scimErrorResponse(err) : errorResponse(err);
    }
    return req.method === 'HEAD' && res.body !== null ? new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers }) : res;
  }

  async function request(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const found = find(req.method, url.pathname, url.search);
    if (found.kind === 'answer') return found.response();
    const { route, params } = found;
    let limited = req;
    if (req.body !== null) {
      const declaredLength = Number(req.headers.get('content-length') ?? 0) || undefined;
      const body = limitedBody(streamSource(req.body), { limit: route.bodyLimit, contentType: req.headers.get('content-type'), declaredLength });
      limited = new Request(req, { body, duplex: 'half' } as RequestInit);
    }
    return run(route, params, limited);
  }

  return { routes, find, run, request };
}

/** The whole body read now (limited), and the handler given a copy that holds it. */
async function readFirst(req: Request, route: ApiRoute): Promise<Request> {
  if (req.body === null) return req;
  const bytes = new Uint8Array(
    await req.arrayBuffer().catch((err: unknown) => {
      throw err instanceof AppError ? err : new AppError('invalid_request', 'The request body could not be read completely.');
    }),
  );
  if (bytes.byteLength > route.bodyLimit)
    throw new AppError('payload_too_large', `The request body is larger than this endpoint takes (${Math.round(route.bodyLimit / 1024)} KiB).`);
  return new Request(req, { body: bytes });
}

/** The error is made when the answer is (an Error's stack costs microseconds; find() alone is also used to learn a body limit). */
function refusal(scim: boolean, err: () => AppError): Found {
  return { kind: 'answer', response: () => (scim ? scimErrorResponse(err()) : errorResponse(err())) };
}

function buildEntries(routes: readonly ApiRoute[]): Entry[] {
  const byPath = new Map<string, Entry>();
  for (const route of routes) {
    const entry = byPath.get(route.path) ?? { pattern: compilePath(route.path), methods: new Map<string, ApiRoute>(), allow: '' };
    if (entry.methods.has(route.method)) throw new Error(`Two routes for ${route.method} ${route.path}`);
    entry.methods.set(route.method, route);
    byPath.set(route.path, entry);
  }
  const entries = [...byPath.values()];
  for (const e of entries) e.allow = allowOf([...e.methods.keys()] as RouteMethod[]);
  return entries.sort((a, b) => compareSpecificity(a.pattern, b.pattern));
}

function allowOf(methods: readonly RouteMethod[]): string {
  const allow = new Set<string>([...methods, 'OPTIONS']);
  if (allow.has('GET')) allow.add('HEAD');
  return METHOD_ORDER.filter((m) => allow.has(m)).join(', ');
}

/** True for the paths the router owns (every answer there is JSON, or SCIM's). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/api.php' || path.startsWith('/api.php/');
}
