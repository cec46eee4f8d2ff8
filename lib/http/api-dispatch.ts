// The hot API calls made with a token — creating links (POST /api/v1/links, POST /api.php, POST /api)
// — answered by server.ts calling the same route handlers Next would (web-standard Request →
// Response), without Next's own request handling, which cost about 0.8 ms of CPU per request: a third
// of a link creation. Everything around the handler stays as for every API request: server.ts has
// already held and checked the body, refused unknown paths and methods, set the API's security
// headers and the client-address header, and the handler (withWorkspace) does authentication, rate
// limits, permissions and the error shape itself. Requests without an Authorization header (the
// dashboard's session calls) and every other route still go through Next.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { gzipSync } from 'node:zlib';
import * as variantB from '../../app/api/route';
import * as links from '../../app/api/v1/links/route';
import * as variantA from '../../app/api.php/route';

type WebHandler = (req: Request) => Promise<Response>;

const DIRECT: ReadonlyMap<string, WebHandler> = new Map<string, WebHandler>([
  ['/api/v1/links', links.POST as WebHandler],
  ['/api.php', variantA.POST as WebHandler],
  ['/api', variantB.POST as WebHandler],
]);

/** What Next's answers to API routes vary on (its router headers, and its compression's). */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';
/** Next compresses answers from 1 KiB up (the compression middleware's default threshold). */
const GZIP_FROM_BYTES = 1024;

/**
 * The handler to call for this request instead of Next, if any. `path` is the routed path (no query),
 * exactly: with a trailing slash Next answers its 308 as before. Variant B (POST /api) carries its
 * token in the query or the body, so it goes direct without an Authorization header too.
 */
export function directApiHandler(method: string | undefined, path: string, req: IncomingMessage): WebHandler | undefined {
  if (method !== 'POST') return undefined;
  const handler = DIRECT.get(path);
  if (!handler) return undefined;
  if (path !== '/api' && req.headers.authorization === undefined) return undefined;
  return handler;
}

/** Runs `handler` on the node request and writes its Response; headers already set on `res` stay. */
export async function serveDirect(handler: WebHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const response = await handler(await toWebRequest(req));
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  res.setHeader('vary', NEXT_VARY);
  if (response.body === null) return void res.end();
  let body = Buffer.from(await response.arrayBuffer());
  if (body.length >= GZIP_FROM_BYTES && /\bgzip\b/i.test(req.headers['accept-encoding'] ?? '')) {
    body = gzipSync(body);
    res.setHeader('content-encoding', 'gzip');
  }
  res.setHeader('content-length', body.length);
  res.end(body);
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  // req.headers, as Next reads them: server.ts has written its own (the client's address) over any incoming copy.
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value !== undefined) for (const v of value) headers.append(name, v);
  }
  const scheme = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  const url = `${scheme}://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  return new Request(url, { method: req.method, headers, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
}
