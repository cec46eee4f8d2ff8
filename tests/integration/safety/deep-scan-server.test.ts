// The deep scan in a running Sling (in the test process; the API through its router): a link made
// through the API is scanned by the job system soon
// after (woken by the link change, not the next cron minute); its redirect chain over loopback
// sites ends at an address a feed lists, so the link is blocked, and the API's link detail shows
// the scan. SAFETY_ALLOW_PRIVATE=true lets the scan reach the loopback sites (tests only). On PGlite
// and on PostgreSQL, where the creation is one statement that also carries its NOTIFY.
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe(`deep scan in the running server on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let site: Server;
  let port: number;
  let api: ApiClient;

  beforeAll(async () => {
    site = createServer((req, res) => {
      if (req.url === '/start') return res.writeHead(302, { location: `http://localhost:${port}/hop` }).end();
      if (req.url === '/hop') return res.writeHead(307, { location: '/final' }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Win a prize</title></head></html>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    port = (site.address() as { port: number }).port;
    const feeds = tempDir('sling-feeds-');
    writeFileSync(join(feeds, 'phish.txt'), `http://localhost:${port}/final\n`);
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, SAFETY_DEEP_SCAN: 'true', SAFETY_ALLOW_PRIVATE: 'true', SAFETY_FEEDS: join(feeds, 'phish.txt') });
    api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('scan@example.com', { plan: 'pro' }) });
  });
  afterAll(async () => {
    await sling?.close();
    site?.close();
    await tdb?.drop();
  });

  test('a redirect chain to a listed final address blocks the link, and the detail shows the scan', async () => {
    // The feed is imported when the workers start: the listed address itself is then refused.
    await until('the feed imported', async () => (await api.call('createLink', { body: { url: `http://localhost:${port}/final` } })).status === 422, {
      timeoutMs: 60_000,
    });
    const made = await api.call('createLink', { body: { url: `http://127.0.0.1:${port}/start` } });
    expect(made.status).toBe(201);
    const { id } = made.json as { id: number };

    const detail = await until(
      'the scan',
      async () => {
        const body = (await api.call('getLink', { params: { id } })).json as { status: string; safety_reason: string; scan: Record<string, unknown> | null };
        return body.scan ? body : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(detail.scan).toMatchObject({
      status: 'listed',
      final_url: `http://localhost:${port}/final`,
      http_status: 200,
      title: 'Win a prize',
      hops: [
        { url: `http://127.0.0.1:${port}/start`, status: 302 },
        { url: `http://localhost:${port}/hop`, status: 307 },
        { url: `http://localhost:${port}/final`, status: 200 },
      ],
      checked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(detail.status).toBe('blocked');
    expect(detail.safety_reason).toBe(`The destination redirects to http://localhost:${port}/final, which is listed as malware or phishing by phish.txt.`);
    const events = (await api.call('linkEvents', { params: { id } })).json as { events: { event: string; data: { status: string } }[] };
    expect(events.events.some((e) => e.event === 'link.updated' && e.data.status === 'blocked')).toBe(true);
  });
});
