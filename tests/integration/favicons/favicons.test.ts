// Favicons for the links list, on Sling in the test process (its router), against loopback sites:
// the server fetches a site's /favicon.ico
// (following a redirect), or the icon its home page links to when there is no /favicon.ico, caches it (a second ask does not reach the site), and answers a letter
// icon for a site without one, with one too big, or of a type it does not keep; only hosts of the
// workspace's links are served; private addresses are refused unless FAVICONS_ALLOW_PRIVATE.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchFavicon } from '../../../lib/favicons/fetch-favicon';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface Site {
  server: http.Server;
  host: string;
  hits: string[];
}

async function site(handler: http.RequestListener): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, host: `127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

describe('favicons', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let nobody: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;
  const sites: Record<string, Site> = {};

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sites.png = await site((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
    sites.moved = await site((req, res) =>
      req.url === '/favicon.ico' ? res.writeHead(301, { location: '/static/icon.png' }).end() : res.writeHead(200, { 'content-type': 'image/x-icon' }).end(PNG),
    );
    sites.none = await site((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>'));
    sites.huge = await site((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(200_000, 1)));
    sites.svg = await site((_req, res) =>
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    sites.silent = await site(() => undefined); // never answers
    sites.linked = await site((req, res) => {
      if (req.url === '/')
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(
            `<!doctype html><html><head><link rel="stylesheet" href="/site.css"><LINK REL='Shortcut Icon' href=/assets/icon.png?v=2&amp;x=1></head><body>Home</body></html>`,
          );
      if (req.url === '/assets/icon.png?v=2&x=1') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    });
    sites.fileLink = await site((req, res) =>
      req.url === '/' ? res.writeHead(200, { 'content-type': 'text/html' }).end('<link rel="icon" href="file:///etc/passwd">') : res.writeHead(404).end(),
    );
    sling = await startInProcessSling({ ...tdb.env, FAVICONS_ALLOW_PRIVATE: 'true', FAVICONS_TIMEOUT_MS: '1000' });
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'pro' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'pro' }) });
  });
  afterAll(async () => {
    await sling?.close();
    for (const s of Object.values(sites)) s.server.closeAllConnections(), s.server.close();
    await tdb?.drop();
  });

  const link = async (who: ApiClient, url: string) => expect((await who.call('createLink', { body: { url } })).status).toBe(201);
  const icon = (who: ApiClient, host: string) => who.call('getSiteFavicon', { params: { host } });

  test("a site's icon is fetched once and cached; sites without a usable one get a letter; only the workspace's hosts", async () => {
    for (const s of Object.values(sites)) await link(ann, `http://${s.host}/some/page?x=1`);

    const first = await icon(ann, sites.png.host);
    expect(first.status).toBe(200);
    expect([first.headers.get('content-type'), first.headers.get('x-favicon'), first.headers.get('cache-control')]).toEqual([
      'image/png',
      'site',
      'private, max-age=86400',
    ]);
    expect(Buffer.from(first.bytes)).toEqual(PNG);
    const again = await icon(ann, sites.png.host);
    expect(Buffer.from(again.bytes)).toEqual(PNG);
    expect(sites.png.hits).toEqual(['/favicon.ico']); // the second came from the cache
    expect(readdirSync(join(tdb.env.DATA_DIR, 'favicons')).filter((f) => f.endsWith('.bin'))).toHaveLength(1);

    const moved = await icon(ann, sites.moved.host);
    expect([moved.headers.get('content-type'), moved.headers.get('x-favicon')]).toEqual(['image/x-icon', 'site']);
    expect(sites.moved.hits).toEqual(['/favicon.ico', '/static/icon.png']);

    // No /favicon.ico: the home page's <link rel="icon"> is followed (its attributes in any case and quoting).
    const linked = await icon(ann, sites.linked.host);
    expect([linked.headers.get('content-type'), linked.headers.get('x-favicon')]).toEqual(['image/png', 'site']);
    expect(Buffer.from(linked.bytes)).toEqual(PNG);
    expect(sites.linked.hits).toEqual(['/favicon.ico', '/', '/assets/icon.png?v=2&x=1']);

    for (const name of ['none', 'huge', 'svg', 'silent', 'fileLink']) {
      const res = await icon(ann, sites[name].host);
      expect(res.status, name).toBe(200);
      expect([res.headers.get('content-type'), res.headers.get('x-favicon')], name).toEqual(['image/svg+xml', 'letter']);
      expect(res.text, name).toMatch(/^<svg [^>]*>.*>1<\/text><\/svg>$/);
    }
    // A site known to have none is not asked again at once either.
    await icon(ann, sites.none.host);
    expect(sites.none.hits).toEqual(['/favicon.ico', '/']);

    // Bob's workspace has no link to these hosts; bad hosts and anonymous callers are refused.
    expect((await icon(bob, sites.png.host)).status).toBe(404);
    expect((await icon(ann, 'example.com')).status).toBe(404);
    const bad = await icon(ann, 'exa mple.com');
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toHaveProperty('host');
    expect((await ann.fetch('/api/v1/favicons/%E0%A4%A')).status).toBe(400); // a broken escape, as no client would encode it
    expect((await icon(nobody, sites.png.host)).status).toBe(401);
    expect(existsSync(join(tdb.env.DATA_DIR, 'favicons'))).toBe(true);
  });

  test('without the switch, loopback and private addresses are refused, by address and by name', async () => {
    const before = sites.png.hits.length;
    const port = sites.png.host.split(':')[1];
    for (const origin of [`http://${sites.png.host}`, `http://localhost:${port}`, `http://[::ffff:127.0.0.1]:${port}`]) {
      expect(await fetchFavicon(origin, { timeoutMs: 2_000, allowPrivate: false }), origin).toBeNull();
    }
    expect(sites.png.hits.length).toBe(before);
    // The icon a page links to is fetched under the same rules: a page naming a loopback icon gets none without the switch.
    expect(await fetchFavicon(`http://localhost:${sites.linked.host.split(':')[1]}`, { timeoutMs: 2_000, allowPrivate: false })).toBeNull();
    // The same fetch with the switch reaches it.
    expect((await fetchFavicon(`http://localhost:${port}`, { timeoutMs: 2_000, allowPrivate: true }))?.type).toBe('image/png');
  });
});
