// The API's one router (lib/api/router.ts): the real route table built from the Operations, what the
// router answers itself, and the body a handler gets — read only when the handler reads it, never past
// the route's limit.
import { describe, expect, test } from 'vitest';
import { protocolRoutes, routesOf, type ApiRoute, type RouteHandler } from '../../lib/api/api-route';
import { createRouter } from '../../lib/api/router';
import { API_ROUTES } from '../../lib/api/routes';
import { MAX_ASSOCIATION_BYTES } from '../../lib/domains/app-association';
import { MAX_FAVICON_BYTES } from '../../lib/domains/favicon-image';
import { ALL_OPERATIONS } from '../../lib/openapi/registry';
import { defineOperation, publicHandler } from '../../lib/http/operation';
import { z } from 'zod';

const router = createRouter(API_ROUTES);
const routeOf = (method: string, path: string) => {
  const found = router.find(method, path);
  return found.kind === 'route' ? found.route : found.response();
};

describe('the route table', () => {
  test('every operation of the OpenAPI document is served, each by the route of its method and path', () => {
    const served = new Set(API_ROUTES.flatMap((r) => r.operations));
    expect(ALL_OPERATIONS.filter((op) => !served.has(op)).map((op) => op.id)).toEqual([]);
    for (const route of API_ROUTES) for (const op of route.operations) expect(`${op.method} ${op.path}`).toBe(`${route.method} ${route.path}`);
  });

  test('static segments beat parameters; HEAD is GET; parameters are decoded', () => {
    const bulk = router.find('POST', '/api/v1/links/bulk');
    expect(bulk.kind === 'route' && bulk.route.operations[0].id).toBe('bulkCreateLinks');
    const one = router.find('HEAD', '/api/v1/links/a%20b');
    expect(one.kind === 'route' && [one.route.operations[0].id, one.params]).toEqual(['getLink', { id: 'a b' }]);
    const auth = router.find('POST', '/api/auth/sign-in/email');
    expect(auth.kind === 'route' && auth.params).toEqual({ path: 'sign-in/email' });
    expect(router.find('GET', '/api.php').kind).toBe('route');
  });

  test('unknown paths, other methods, OPTIONS and a trailing slash are answered by the router', async () => {
    const missing = routeOf('GET', '/api/v1/nope') as Response;
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    // Every error answer names its request id.
    expect(missing.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const refused = routeOf('DELETE', '/api/v1/links/availability') as Response;
    expect([refused.status, refused.headers.get('allow')]).toEqual([405, 'GET, HEAD, OPTIONS']);
    expect((await refused.json()).error.code).toBe('method_not_allowed');
    const options = routeOf('OPTIONS', '/api/v1/links') as Response;
    expect([options.status, options.headers.get('allow')]).toEqual([204, 'GET, HEAD, POST, OPTIONS']);
    const slash = router.find('GET', '/api/v1/links/', '?q=x');
    expect(slash.kind === 'answer' && slash.response().headers.get('location')).toBe('/api/v1/links?q=x');
    // SCIM's refusals in its own shape.
    const scim = routeOf('GET', '/api/scim/v2/Nope') as Response;
    expect((await scim.json()).status).toBe('404');
  });

  test("each route's body limit is its operation's", () => {
    expect((routeOf('PUT', '/api/v1/domains/7/favicon') as ApiRoute).bodyLimit).toBe(MAX_FAVICON_BYTES);
    // Room for both app association files at Apple's limit.
    expect((routeOf('PATCH', '/api/v1/domains/7') as ApiRoute).bodyLimit).toBe(2 * MAX_ASSOCIATION_BYTES + 16 * 1024);
    expect((routeOf('DELETE', '/api/v1/domains/7') as ApiRoute).bodyLimit).toBe(64 * 1024);
    expect((routeOf('POST', '/api/v1/links/bulk') as ApiRoute).bodyLimit).toBe(512 * 1024);
    expect((routeOf('POST', '/api/v1/imports') as ApiRoute).bodyLimit).toBeGreaterThan(50_000_000);
  });

  test('a token scope is checked from the operation: every workspace write declares its permission', () => {
    // POST /api/v1/mcp: any token may connect; each tool calls an operation that checks its own permission.
    const unguarded = API_ROUTES.flatMap((r) => r.operations).filter(
      (op) => op.auth.includes('bearer') && !op.permission && op.method !== 'GET' && op.id !== 'mcp',
    );
    expect(unguarded.map((op) => op.id)).toEqual([]);
  });
});

describe('the body a handler gets', () => {
  const op = defineOperation({
    id: 'echo',
    method: 'POST',
    path: '/api/v1/echo',
    tag: 'Test',
    auth: [],
    summary: 'Echo',
    body: z.object({ text: z.string() }).loose(),
    maxBodyBytes: 1024,
    responses: { 200: { description: 'ok' } },
    errors: ['invalid_request'],
  });
  const echo = publicHandler(op, async (_req, { body }) => Response.json(body));

  test('is parsed by the operation, within its limit', async () => {
    const r = createRouter(routesOf(echo as RouteHandler));
    const res = await r.request(
      new Request('http://x/api/v1/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"hi"}' }),
    );
    expect([res.status, await res.json()]).toEqual([200, { text: 'hi' }]);
  });

  test('over the limit: 413, even sent without a length', async () => {
    const r = createRouter(routesOf(echo as RouteHandler));
    const body = new ReadableStream({
      start: (c) => {
        c.enqueue(new TextEncoder().encode(`{"text":"${'x'.repeat(4000)}"}`));
        c.close();
      },
    });
    const res = await r.request(
      new Request('http://x/api/v1/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit),
    );
    expect([res.status, (await res.json()).error.code]).toEqual([413, 'payload_too_large']);
  });

  test('NUL characters and invalid UTF-8 in a JSON body: 400', async () => {
    const r = createRouter(routesOf(echo as RouteHandler));
    for (const body of ['{"text":"a\\u0000b"}', Buffer.from([0x7b, 0xff, 0x7d])]) {
      const res = await r.request(new Request('http://x/api/v1/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
      expect([res.status, (await res.json()).error.code]).toEqual([400, 'invalid_request']);
    }
  });

  test('is never read when the handler answers first (a refused caller)', async () => {
    let pulls = 0;
    const refuse: RouteHandler = async () => Response.json({ error: { code: 'unauthorized', message: 'no' } }, { status: 401 });
    const r = createRouter(protocolRoutes(['POST'], '/api/v1/upload', refuse));
    const body = new ReadableStream(
      {
        pull: (c) => {
          pulls++;
          c.enqueue(new Uint8Array(65536));
        },
      },
      { highWaterMark: 0 },
    );
    const res = await r.request(new Request('http://x/api/v1/upload', { method: 'POST', body, duplex: 'half' } as RequestInit));
    expect(res.status).toBe(401);
    expect(pulls).toBe(0);
  });
});

describe('one error writer', () => {
  test('raw answers written on the socket have the JSON error shape and a request id', async () => {
    const { rawErrorAnswer } = await import('../../lib/http/node-answers');
    const raw = rawErrorAnswer('unavailable', 'Too many.', { 'Retry-After': '1' });
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(head).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}(\r\n|$)/);
    expect(head).toMatch(/\r\nConnection: close$/);
    expect(Number(/Content-Length: (\d+)/.exec(head)?.[1])).toBe(Buffer.byteLength(body));
    expect(JSON.parse(body)).toEqual({ error: { code: 'unavailable', message: 'Too many.', doc_url: 'docs/api/errors.md#unavailable' } });
  });

  test('an unexpected error is a 500 naming its request id, in the body and the header', async () => {
    const { errorResponse } = await import('../../lib/core/json-response');
    const res = errorResponse(new Error('boom'));
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.error.details.request_id).toBe(res.headers.get('x-request-id'));
    expect(body.error.doc_url).toBe('docs/api/errors.md#internal');
    expect(JSON.stringify(body)).not.toContain('boom');
  });
});
