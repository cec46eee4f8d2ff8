// The deep scan's optional online check against a loopback server that speaks the Google Safe
// Browsing v4 Lookup API (POST /v4/threatMatches:find?key=…, its request body; {matches: […]} or {}
// back, and Google's error body for a bad key): a match blocks the link; no match leaves it alone.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { createLink } from '../../../lib/links/create-link';
import { deepScanDue } from '../../../lib/link-safety/deep-scan-due';
import type { Resolve } from '../../../lib/safety/checked-lookup';
import { lookupSafeBrowsing } from '../../../lib/safety/deep-scan/safe-browsing';
import type { DeepScanSettings } from '../../../lib/link-safety/scan-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

const KEY = 'AIzaSy-test-key';
const resolve: Resolve = (_hostname, _opts, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);

interface LookupBody {
  client: { clientId: string; clientVersion: string };
  threatInfo: { threatTypes: string[]; platformTypes: string[]; threatEntryTypes: string[]; threatEntries: { url: string }[] };
}

describe('Safe Browsing in the deep scan', () => {
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let site: Server;
  let api: Server;
  let sitePort: number;
  const asked: LookupBody[] = [];
  let settings: DeepScanSettings;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    site = createServer((req, res) => {
      if (req.url === '/go') return res.writeHead(302, { location: '/sb-malware/payload' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Landing</title>');
    });
    api = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const send = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
        if (req.method !== 'POST' || url.pathname !== '/v4/threatMatches:find')
          return send(404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } });
        if (url.searchParams.get('key') !== KEY) {
          return send(400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
        }
        const body = JSON.parse(text) as LookupBody;
        const info = body.threatInfo;
        if (
          !body.client?.clientId ||
          !info?.threatTypes?.length ||
          !info.platformTypes?.length ||
          !info.threatEntryTypes?.includes('URL') ||
          !Array.isArray(info.threatEntries)
        ) {
          return send(400, { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } });
        }
        asked.push(body);
        const matches = info.threatEntries
          .filter((e) => e.url.includes('/sb-malware'))
          .map((e) => ({ threatType: 'MALWARE', platformType: 'ANY_PLATFORM', threat: { url: e.url }, cacheDuration: '300s', threatEntryType: 'URL' }));
        send(200, matches.length ? { matches } : {});
      });
    });
    await Promise.all([site, api].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    sitePort = (site.address() as { port: number }).port;
    const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`;
    settings = { allowPrivate: true, timeoutMs: 5_000, resolve, safeBrowsing: { apiKey: KEY, baseUrl: apiUrl, timeoutMs: 5_000 } };
  });
  afterAll(async () => {
    site?.close();
    api?.close();
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('a chain Safe Browsing reports blocks the link; every hop is asked about in one lookup', async () => {
    const link = await createLink({ workspaceId: W, url: `http://shop.sb.example:${sitePort}/go` }, ctx);
    expect(link.status).toBe('active');
    asked.length = 0;
    await deepScanDue(ctx, settings);
    const hops = [`http://shop.sb.example:${sitePort}/go`, `http://shop.sb.example:${sitePort}/sb-malware/payload`];
    expect(asked.map((b) => b.threatInfo.threatEntries)).toEqual([hops.map((url) => ({ url }))]);
    const [row] = await ctx.handle.query<{ status: string; safety_reason: string }>('SELECT status, safety_reason FROM links WHERE id = $1', [link.id]);
    expect(row).toEqual({ status: 'blocked', safety_reason: `The destination redirects to ${hops[1]}, which is listed by Google Safe Browsing as MALWARE.` });
    const [scan] = await ctx.handle.query<{ status: string }>('SELECT status FROM link_scans WHERE link_id = $1', [link.id]);
    expect(scan.status).toBe('unsafe_browsing');
  });

  test('no match ({}) leaves the link active with a clean scan', async () => {
    const link = await createLink({ workspaceId: W, url: `http://fine.sb.example:${sitePort}/fine` }, ctx);
    await deepScanDue(ctx, settings);
    const [row] = await ctx.handle.query<{ status: string; scan: string; title: string }>(
      'SELECT l.status, s.status AS scan, s.title FROM links l JOIN link_scans s ON s.link_id = l.id WHERE l.id = $1',
      [link.id],
    );
    expect(row).toEqual({ status: 'active', scan: 'clean', title: 'Landing' });
  });

  test('a wrong key is an error from the API, not a match', async () => {
    await expect(lookupSafeBrowsing(['https://example.com/'], { ...settings.safeBrowsing!, apiKey: 'wrong' })).rejects.toThrow('Safe Browsing answered 400');
  });
});
