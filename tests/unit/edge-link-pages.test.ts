// The link pages sent by the edge itself from the cached link (issue 20): a server with no Next
// behind the edge answers 599 for anything the edge hands on, so each page here is the edge's own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LinkRow } from '../../db/schema';
import { ClickBuffer } from '../../lib/edge/click-buffer';
import { createEdge } from '../../lib/server/create-edge';
import { LinkCache } from '../../lib/edge/link-cache';
import { linkPageHeaders } from '../../lib/http/security-headers';
import { makeUnlockCookie } from '../../lib/links/unlock-cookie';
import { edgeLinkPages } from '../../lib/link-pages/edge-pages';
import { linkRow } from '../helpers/link-row';

const SECRET = 'edge-pages-test-secret-0123456789abcdef';
const HOUR = 3_600_000;

function row(id: number, shortCode: string, over: Partial<LinkRow> = {}): LinkRow {
  return linkRow({ id, shortCode, longUrl: 'https://example.com/dest', ...over });
}

const ROWS: Record<string, LinkRow> = {
  gone: row(1, 'gone', { expiresAt: new Date(Date.now() - HOUR) }),
  used: row(2, 'used', { maxClicks: 3, clicks: 3 }),
  off: row(3, 'off', { status: 'disabled', disabledReason: 'abuse report' }),
  bad: row(4, 'bad', { status: 'blocked', safetyReason: 'Listed as phishing <by a feed>' }),
  odd: row(5, 'odd', { status: 'pending_review', safetyReason: 'Looks like a bank login page', longUrl: 'https://bank.example.net/login' }),
  lock: row(6, 'lock', { passwordHash: '$2b$10$abcdefghijklmnopqrstuu0123456789abcdefghijklmnopqrstu' }),
  open: row(7, 'open'),
};

describe('link pages sent by the edge', () => {
  let server: Server;
  let base: string;
  let loads = 0;
  // Never started: what the edge pushes stays in it, counted by `size`.
  const clicks = new ClickBuffer({ write: async () => {} });

  beforeAll(async () => {
    const cache = new LinkCache({ maxEntries: 100, maxBytes: 1 << 20, load: async (_d, code) => (loads++, ROWS[code]) });
    const pages = edgeLinkPages({
      headers: linkPageHeaders({ https: false, dev: false }),
      brand: (domainId, code) => ({ host: `d${domainId}.sl.ing`, reportUrl: `https://app.sl.ing/report?url=${code}` }),
    });
    const edge = createEdge({ cache, clicks, trustProxy: false, secret: SECRET, pages });
    server = createServer((req, res) => {
      const answered = edge(req, res, { id: 1 });
      const handOn = () => {
        res.writeHead(599, { 'content-type': 'text/plain' });
        res.end(`reached Next: ${req.url}`);
      };
      if (answered === false) return handOn();
      if (answered !== true) void answered.then((done) => done || handOn());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const visit = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: 'manual', ...init });

  test.each([
    ['/gone', 410, 'Link Expired', 'had an end date, and it has passed'],
    ['/used', 410, 'Link Expired', 'that limit has been reached'],
    ['/off', 451, 'This link has been disabled', 'disabled by the administrators'],
    ['/bad', 403, 'This link may be unsafe', 'Listed as phishing &#60;by a feed&#62;'],
    ['/odd?utm=x&qr=1', 200, 'This link may be unsafe', 'action="/l/review/odd?qr=1&#38;utm=x"'],
    ['/lock?ref=mail', 200, 'This link is password-protected', 'action="/l/protected/lock?ref=mail"'],
  ])('%s: %i "%s", the page sent without Next', async (path, status, heading, text) => {
    const res = await visit(path);
    expect(res.status).toBe(status);
    const html = await res.text();
    expect(html).toContain(`<h1>${heading}</h1>`);
    expect(html).toContain(text);
    // The short domain on top and the report link, as Next's pages have them.
    expect(html).toContain('<span>d1.sl.ing</span>');
    expect(html).toContain(`href="https://app.sl.ing/report?url=${path.slice(1).split('?')[0]}"`);
    expect(html).not.toContain('example.com/dest');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    // Runs no script and loads only its font and icon from its own host; its forms post back to Sling.
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(html));
  });

  test('the review page names where the link leads; HEAD gets the headers only', async () => {
    expect(await (await visit('/odd')).text()).toContain('It leads to <strong>bank.example.net</strong>.');
    const head = await visit('/gone', { method: 'HEAD' });
    expect(head.status).toBe(410);
    expect(await head.text()).toBe('');
  });

  test('a page visit is not a click; an unlocked protected link redirects and counts; the database is asked once per code', async () => {
    const before = loads;
    const pending = clicks.size;
    for (const path of ['/gone', '/off', '/bad', '/lock']) expect((await visit(path)).status).not.toBe(599);
    expect(clicks.size).toBe(pending);
    expect(loads).toBe(before); // all cached by the tests above

    const cookie = makeUnlockCookie({ secret: SECRET, linkId: 6, passwordHash: ROWS.lock.passwordHash!, secure: false }).split(';')[0];
    const through = await visit('/lock?ref=mail', { headers: { cookie } });
    expect(through.status).toBe(302);
    expect(through.headers.get('location')).toBe('https://example.com/dest?ref=mail');
    expect(clicks.size).toBe(pending + 1);
  });

  test('an unknown code is still handed on (Next answers its 404 page)', async () => {
    const res = await visit('/nope');
    expect(res.status).toBe(599);
  });
});
