// @sling/sdk's own behaviour against a loopback HTTP receiver that answers as told: how a request is
// built (path, query, headers, bodies), retries on 429 and 503 as Retry-After says, and the typed
// error. What the SDK does against a real Sling is tests/integration/sdk/sdk.test.ts's.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { retryDelay, Sling, SlingError } from '@sling/sdk';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
type Reply = { status: number; headers?: Record<string, string>; body?: string };

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let replies: Reply[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (d: Buffer) => chunks.push(d));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      const reply = replies.shift() ?? { status: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const answer = (...r: Reply[]) => {
  replies = r;
  seen.length = 0;
};

describe('requests', () => {
  test('the path is filled and escaped, the query written, the token and JSON body sent; the base URL keeps its prefix', async () => {
    const sling = new Sling({ baseUrl, token: 'sl_secret', headers: { 'x-team': 'growth' } });
    answer(json(200, { id: 7 }));
    await sling.updateLink({ params: { id: 'a/b c' }, body: { url: 'https://example.com/x' } });
    expect(seen[0]).toMatchObject({ method: 'PATCH', url: '/base/api/v1/links/a%2Fb%20c' });
    expect(seen[0].body.toString()).toBe('{"url":"https://example.com/x"}');
    expect(seen[0].headers).toMatchObject({
      authorization: 'Bearer sl_secret',
      'content-type': 'application/json',
      accept: 'application/json',
      'x-team': 'growth',
    });

    answer(json(200, { links: [], total: 0, limit: 5, offset: 0 }));
    await sling.listLinks({ query: { limit: 5, q: 'spring sale', tag: undefined, archived: false } });
    expect(seen[0].url).toBe('/base/api/v1/links?limit=5&q=spring+sale&archived=false');
  });

  test('an upload goes as bytes with its type; a 204 resolves undefined; an answer that is not JSON is a Blob', async () => {
    const sling = new Sling({ baseUrl, token: 't' });
    answer({ status: 204 });
    const done = await sling.putLinkQrLogo({ params: { id: 1 }, body: new Uint8Array([137, 80, 78, 71]), contentType: 'image/png' });
    expect(done).toBeUndefined();
    expect(seen[0].headers['content-type']).toBe('image/png');
    expect(seen[0].body).toEqual(Buffer.from([137, 80, 78, 71]));

    answer({ status: 200, headers: { 'content-type': 'image/svg+xml' }, body: '<svg/>' });
    const qr = await sling.getLinkQr({ params: { id: 1 }, query: { format: 'svg' } });
    expect(qr).toBeInstanceOf(Blob);
    expect(await qr.text()).toBe('<svg/>');
  });

  test('a missing path parameter is refused before anything is sent', async () => {
    const sling = new Sling({ baseUrl, token: 't' });
    answer();
    await expect(sling.getLink({ params: { id: '' } })).rejects.toThrow(/path parameter "id"/);
    expect(seen).toHaveLength(0);
  });
});

describe('errors and retries', () => {
  test("a failure is a SlingError carrying Sling's code, details and request id", async () => {
    const sling = new Sling({ baseUrl, token: 't' });
    answer(
      json(400, { error: { code: 'invalid_request', message: 'url: Required', details: { url: 'Required' }, doc_url: 'docs/x' } }, { 'x-request-id': 'req_1' }),
    );
    const err = await sling.createLink({ body: { url: '' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SlingError);
    expect(err).toMatchObject({
      status: 400,
      code: 'invalid_request',
      message: 'url: Required',
      details: { url: 'Required' },
      requestId: 'req_1',
      docUrl: 'docs/x',
    });

    answer({ status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' });
    await expect(sling.listTags()).rejects.toMatchObject({ status: 502, code: 'unexpected_response' });
  });

  test('429 and 503 are tried again after Retry-After (seconds or a date), up to maxRetries', async () => {
    const sling = new Sling({ baseUrl, token: 't', maxRetries: 2 });
    const soon = new Date(Date.now() + 1_000).toUTCString();
    answer(
      json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' }),
      json(503, { error: { code: 'unavailable', message: 'db' } }, { 'retry-after': soon }),
      json(200, { tags: ['a'] }),
    );
    expect(await sling.listTags()).toEqual({ tags: ['a'] });
    expect(seen).toHaveLength(3);

    answer(...Array.from({ length: 3 }, () => json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '0' })));
    await expect(sling.listTags()).rejects.toMatchObject({ status: 429, code: 'rate_limited' });
    expect(seen).toHaveLength(3);
  });

  test('a Retry-After longer than maxRetryDelayMs is not waited for; other failures are not retried', async () => {
    const sling = new Sling({ baseUrl, token: 't', maxRetryDelayMs: 5_000 });
    answer(json(429, { error: { code: 'rate_limited', message: 'an hour' } }, { 'retry-after': '3600' }));
    await expect(sling.listTags()).rejects.toMatchObject({ code: 'rate_limited' });
    expect(seen).toHaveLength(1);
    answer(json(500, { error: { code: 'internal', message: 'boom' } }));
    await expect(sling.listTags()).rejects.toMatchObject({ code: 'internal' });
    expect(seen).toHaveLength(1);
  });

  test('retryDelay reads seconds and HTTP dates', () => {
    expect(retryDelay('2')).toBe(2_000);
    expect(retryDelay(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryDelay(null)).toBe(1_000);
    expect(retryDelay('soon')).toBe(1_000);
  });
});

describe('paginate', () => {
  test('offset lists: page after page until the total', async () => {
    const sling = new Sling({ baseUrl, token: 't' });
    answer(json(200, { links: [{ id: 1 }, { id: 2 }], total: 3, limit: 2, offset: 0 }), json(200, { links: [{ id: 3 }], total: 3, limit: 2, offset: 2 }));
    const ids: unknown[] = [];
    for await (const link of sling.paginate('listLinks', { query: { limit: 2 } })) ids.push(link.id);
    expect(ids).toEqual([1, 2, 3]);
    expect(seen.map((s) => s.url)).toEqual(['/base/api/v1/links?limit=2', '/base/api/v1/links?limit=2&offset=2']);
  });

  test('cursor lists follow next_cursor; `before` lists the last id', async () => {
    const sling = new Sling({ baseUrl, token: 't' });
    answer(json(200, { entries: [{ id: 'a' }], next_cursor: 'c1' }), json(200, { entries: [{ id: 'b' }], next_cursor: null }));
    const audit: unknown[] = [];
    for await (const e of sling.paginate('listAudit')) audit.push(e);
    expect(audit).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(seen[1].url).toBe('/base/api/v1/workspace/audit?cursor=c1');

    answer(json(200, { events: [{ id: 9 }, { id: 8 }] }), json(200, { events: [] }));
    const events: unknown[] = [];
    for await (const e of sling.paginate('linkEvents', { params: { id: 1 } })) events.push(e);
    expect(events).toHaveLength(2);
    expect(seen[1].url).toBe('/base/api/v1/links/1/events?before=8');
  });
});
