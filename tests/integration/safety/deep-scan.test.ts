// The deep scan's job work against every database, over loopback sites: redirect chains are
// followed hop by hop (names resolved by the test's own resolver, as a DNS server would answer),
// a chain ending at a listed address blocks its link in one run, long chains stop after five
// redirects, and a chain into a private network is refused (no connection made): a public destination
// redirecting there is held for review, a destination that is itself private is only recorded.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { createLink } from '../../../lib/links/create-link';
import { announceThreatListChange } from '../../../lib/safety/current-threat-list';
import { deepScanDue } from '../../../lib/link-safety/deep-scan-due';
import type { Resolve } from '../../../lib/safety/checked-lookup';
import type { DeepScanSettings } from '../../../lib/link-safety/scan-link';
import { storeEntries } from '../../../lib/safety/feeds/store-entries';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

/** Names under scan.example answer 127.0.0.1; private.example answers a private address. */
const resolve: Resolve = (hostname, _opts, callback) => {
  if (hostname.endsWith('.scan.example')) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  if (hostname.endsWith('.private.example')) return callback(null, [{ address: '10.1.2.3', family: 4 }]);
  const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  callback(err, []);
};

function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}
const portOf = (s: Server) => (s.address() as { port: number }).port;

describe(`deep scan on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let site: Server;
  let port: number;
  const requests: string[] = [];
  let settings: DeepScanSettings;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    site = await listen((req, res) => {
      const path = req.url ?? '/';
      requests.push(`${req.headers.host}${path}`);
      const loop = /^\/loop\/(\d+)$/.exec(path);
      if (loop) return res.writeHead(302, { location: `/loop/${Number(loop[1]) + 1}` }).end();
      if (path === '/to-private') return res.writeHead(302, { location: `http://intranet.private.example:${port}/fine` }).end();
      if (path === '/start') return res.writeHead(302, { location: `http://middle.scan.example:${port}/middle` }).end();
      if (path === '/middle') return res.writeHead(301, { location: '/final' }).end();
      if (path === '/final' || path === '/fine') {
        return res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<!doctype html><html><head><title> Final &amp; page\n</title></head><body>${'x'.repeat(400_000)}</body></html>`);
      }
      res.writeHead(404).end();
    });
    port = portOf(site);
    settings = { allowPrivate: true, timeoutMs: 5_000, resolve };
  });
  afterAll(async () => {
    site?.close();
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const scanOf = async (id: number) => (await ctx.handle.query<Record<string, unknown>>('SELECT * FROM link_scans WHERE link_id = $1', [id]))[0];
  const linkOf = async (id: number) =>
    (await ctx.handle.query<{ status: string; safety_reason: string | null }>('SELECT status, safety_reason FROM links WHERE id = $1', [id]))[0];

  test('a clean chain is recorded with its final address, status and title, and is not scanned again', async () => {
    const link = await createLink({ workspaceId: W, url: `http://fine.scan.example:${port}/fine` }, ctx);
    expect(link.status).toBe('active');
    const run = await deepScanDue(ctx, settings);
    expect(run.statuses).toEqual({ clean: 1 });
    expect(await scanOf(link.id)).toMatchObject({
      status: 'clean',
      final_url: `http://fine.scan.example:${port}/fine`,
      http_status: 200,
      title: 'Final & page',
      hops: [{ url: `http://fine.scan.example:${port}/fine`, status: 200 }],
    });
    expect((await linkOf(link.id)).status).toBe('active');
    expect((await deepScanDue(ctx, settings)).scanned).toBe(0);
  });

  test('a redirect chain to a listed final address blocks the link in one run, naming the hop and the feed, with link.updated', async () => {
    const link = await createLink({ workspaceId: W, url: `http://start.scan.example:${port}/start` }, ctx);
    expect(link.status).toBe('active');
    await storeEntries(ctx.handle, 'url', [`middle.scan.example:${port}/final`], 'phish-feed.txt');
    announceThreatListChange();

    await deepScanDue(ctx, settings);
    const final = `http://middle.scan.example:${port}/final`;
    expect(await scanOf(link.id)).toMatchObject({
      status: 'listed',
      final_url: final,
      http_status: 200,
      hops: [
        { url: `http://start.scan.example:${port}/start`, status: 302 },
        { url: `http://middle.scan.example:${port}/middle`, status: 301 },
        { url: final, status: 200 },
      ],
    });
    const row = await linkOf(link.id);
    expect(row.status).toBe('blocked');
    expect(row.safety_reason).toBe(`The destination redirects to ${final}, which is listed as malware or phishing by phish-feed.txt.`);
    const events = await ctx.handle.query<{ data: { status: string; reason: string } }>(
      `SELECT data FROM events WHERE link_id = $1 AND type = 'link.updated'`,
      [link.id],
    );
    expect(events.map((e) => [e.data.status, e.data.reason])).toEqual([['blocked', row.safety_reason]]);
  });

  test('a destination changed after its scan is due again', async () => {
    const link = await createLink({ workspaceId: W, url: `http://fine.scan.example:${port}/fine` }, ctx);
    await deepScanDue(ctx, settings);
    await ctx.handle.query('UPDATE links SET long_url = $1 WHERE id = $2', [`http://fine.scan.example:${port}/loop/100`, link.id]);
    const run = await deepScanDue(ctx, settings);
    expect(run.scanned).toBe(1);
    expect((await scanOf(link.id)).url).toBe(`http://fine.scan.example:${port}/loop/100`);
  });

  test('more than five redirects stop the scan: six requests, the seventh address recorded, not fetched', async () => {
    const link = await createLink({ workspaceId: W, url: `http://loop.scan.example:${port}/loop/0` }, ctx);
    requests.length = 0;
    await deepScanDue(ctx, settings);
    expect(requests).toEqual([0, 1, 2, 3, 4, 5].map((n) => `loop.scan.example:${port}/loop/${n}`));
    const scan = await scanOf(link.id);
    expect(scan).toMatchObject({
      status: 'too_many_redirects',
      final_url: `http://loop.scan.example:${port}/loop/6`,
      http_status: null,
      detail: 'more than 5 redirects',
    });
    expect(scan.hops).toHaveLength(7);
    expect((await linkOf(link.id)).status).toBe('active');
  });

  test('without SAFETY_ALLOW_PRIVATE, names resolving to private or loopback addresses and a loopback literal are refused unconnected; the links stay as they are', async () => {
    const strict: DeepScanSettings = { ...settings, allowPrivate: false };
    const named = await createLink({ workspaceId: W, url: `http://intranet.private.example:${port}/fine` }, ctx);
    const local = await createLink({ workspaceId: W, url: `http://fine.scan.example:${port}/fine` }, ctx);
    const literal = await createLink({ workspaceId: W, url: `http://127.0.0.1:${port}/fine` }, ctx);
    requests.length = 0;
    await deepScanDue(ctx, strict);
    expect(requests).toEqual([]);
    expect(await scanOf(named.id)).toMatchObject({
      status: 'private_address',
      http_status: null,
      detail: expect.stringContaining('intranet.private.example resolves to a non-public address (10.1.2.3)'),
    });
    expect(await scanOf(local.id)).toMatchObject({
      status: 'private_address',
      detail: expect.stringContaining('fine.scan.example resolves to a non-public address (127.0.0.1)'),
    });
    expect(await scanOf(literal.id)).toMatchObject({ status: 'private_address', detail: expect.stringContaining('127.0.0.1 is not a public address') });
    for (const id of [named.id, local.id]) {
      const row = await linkOf(id);
      expect(row.status).toBe('active');
      expect(row.safety_reason).toBeNull();
    }
  });

  test('a destination that redirects into a private network is refused at that hop and held for review', async () => {
    // Only the test site's loopback address stands in for "public"; 10.1.2.3 stays private.
    const strict: DeepScanSettings = { ...settings, allowPrivate: (ip) => ip === '127.0.0.1' };
    const link = await createLink({ workspaceId: W, url: `http://hop.scan.example:${port}/to-private` }, ctx);
    requests.length = 0;
    await deepScanDue(ctx, strict);
    expect(requests).toEqual([`hop.scan.example:${port}/to-private`]);
    expect(await scanOf(link.id)).toMatchObject({
      status: 'private_address',
      detail: expect.stringContaining('intranet.private.example resolves to a non-public address (10.1.2.3)'),
    });
    const row = await linkOf(link.id);
    expect(row.status).toBe('pending_review');
    expect(row.safety_reason).toMatch(/^The destination redirects into a private network, which is refused: /);
  });
});
