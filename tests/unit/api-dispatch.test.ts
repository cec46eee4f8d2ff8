// Which API requests server.ts answers through the route handlers directly (api-dispatch.ts), and
// that the node answer carries what the handler's Response said, as Next would have written it.
import { createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { directApiHandler, serveDirect } from '../../lib/http/api-dispatch';
import * as links from '../../app/api/v1/links/route';
import * as variantA from '../../app/api.php/route';
import * as variantB from '../../app/api/route';

const req = (headers: Record<string, string> = {}) => ({ headers }) as unknown as IncomingMessage;
const token = { authorization: 'Bearer sl_x' };

describe('directApiHandler', () => {
  test('token-authenticated creation goes direct, to the very handlers Next would call', () => {
    expect(directApiHandler('POST', '/api/v1/links', req(token))).toBe(links.POST);
    expect(directApiHandler('POST', '/api.php', req(token))).toBe(variantA.POST);
    // Variant B's token is in the query or the body.
    expect(directApiHandler('POST', '/api', req())).toBe(variantB.POST);
  });

  test('everything else stays with Next: sessions, other methods and paths, a trailing slash (its 308)', () => {
    expect(directApiHandler('POST', '/api/v1/links', req())).toBeUndefined();
    expect(directApiHandler('GET', '/api/v1/links', req(token))).toBeUndefined();
    expect(directApiHandler('GET', '/api.php', req(token))).toBeUndefined();
    expect(directApiHandler('POST', '/api/v1/links/', req(token))).toBeUndefined();
    expect(directApiHandler('POST', '/api/v1/links/bulk', req(token))).toBeUndefined();
  });
});

describe('serveDirect', () => {
  let server: Server;
  let base: string;
  let seen: Request | undefined;
  let seenBody = '';
  beforeAll(async () => {
    server = createServer((r, res) => {
      r.headers['x-sling-client-ip'] = '203.0.113.9'; // as server.ts sets it, over any incoming copy
      res.setHeader('X-Frame-Options', 'DENY'); // set before, as server.ts's API headers are
      void serveDirect(async (request) => {
        seen = request;
        seenBody = await request.text();
        const long = new URL(request.url).searchParams.has('long');
        const headers = new Headers({ 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '10' });
        headers.append('set-cookie', 'a=1');
        headers.append('set-cookie', 'b=2');
        return new Response(JSON.stringify({ ok: true, pad: long ? 'x'.repeat(2000) : '' }), { status: 201, headers });
      }, r, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('the handler gets the method, URL, headers (server.ts\'s own included) and body', async () => {
    const res = await fetch(`${base}/api.php?x=1`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-sling-client-ip': 'forged', authorization: 'Bearer t' }, body: '{"url":"https://example.com"}' });
    expect(res.status).toBe(201);
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe(`${base}/api.php?x=1`);
    expect(seen?.headers.get('authorization')).toBe('Bearer t');
    expect(seen?.headers.get('x-sling-client-ip')).toBe('203.0.113.9');
    expect(seenBody).toBe('{"url":"https://example.com"}');
  });

  test('the answer: status, the handler\'s headers and cookies, server.ts\'s headers, Next\'s Vary, the body', async () => {
    const res = await fetch(`${base}/api.php`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding$/);
    expect(await res.json()).toEqual({ ok: true, pad: '' });
  });

  test('gzip from 1 KiB when the client takes it, as Next compresses; smaller answers as they are', async () => {
    const long = await rawPost(`${base}/api.php?long`, { 'accept-encoding': 'gzip' });
    expect(long.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(long.body).toString()).pad).toHaveLength(2000);
    const short = await fetch(`${base}/api.php`, { method: 'POST', body: '{}', headers: { 'accept-encoding': 'gzip' } });
    expect(short.headers.get('content-encoding')).toBeNull();
  });
});

/** A POST read as raw bytes (fetch would decompress it). */
function rawPost(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const r = request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    r.on('error', reject);
    r.end('{}');
  });
}

describe('AppError across bundles', () => {
  test('an AppError made by another copy of errors.ts (Next\'s bundle, or the server\'s) is still an AppError', async () => {
    const { AppError } = await import('../../lib/http/errors');
    const copy = await import('../../lib/http/errors?copy' as string) as typeof import('../../lib/http/errors');
    expect(copy.AppError).not.toBe(AppError); // a second module instance, as a second bundle has
    const foreign = new copy.AppError('rate_limited', 'Too many requests.');
    expect(foreign instanceof AppError).toBe(true);
    expect(new Error('x') instanceof AppError).toBe(false);
  });
});
