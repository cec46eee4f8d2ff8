// The deep scan in a running server: a link made through the API is scanned by the job system soon
// after (woken by the link change, not the next cron minute); its redirect chain over loopback
// sites ends at an address a feed lists, so the link is blocked, and the API's link detail shows
// the scan. SAFETY_ALLOW_PRIVATE=true lets the scan reach the loopback sites (tests only). On PGlite
// and on PostgreSQL, where the creation is one statement that also carries its NOTIFY.
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { migratedDatabaseKinds, tempDir, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

describe.each(migratedDatabaseKinds(pgUrl()))('deep scan in the running server on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let site: Server;
  let port: number;
  let token: string;
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sling.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });

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
    token = await createUserWithToken(tdb.env, 'scan@example.com', 'pro');
    sling = await startSling({ ...tdb.env, SAFETY_DEEP_SCAN: 'true', SAFETY_ALLOW_PRIVATE: 'true', SAFETY_FEEDS: join(feeds, 'phish.txt') });
  });
  afterAll(async () => {
    await sling?.stop();
    site?.close();
    await tdb?.drop();
  });

  test('a redirect chain to a listed final address blocks the link, and the detail shows the scan', async () => {
    // The feed is imported when the workers start: the listed address itself is then refused.
    await until('the feed imported', async () => (await api('/api/v1/links', { method: 'POST', body: JSON.stringify({ url: `http://localhost:${port}/final` }) })).status === 422, { timeoutMs: 60_000 });
    const made = await api('/api/v1/links', { method: 'POST', body: JSON.stringify({ url: `http://127.0.0.1:${port}/start` }) });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };

    const detail = await until('the scan', async () => {
      const body = (await (await api(`/api/v1/links/${id}`)).json()) as { status: string; safety_reason: string; scan: Record<string, unknown> | null };
      return body.scan ? body : undefined;
    }, { timeoutMs: 60_000 });
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
    const events = (await (await api(`/api/v1/links/${id}/events`)).json()) as { events: { event: string; data: { status: string } }[] };
    expect(events.events.some((e) => e.event === 'link.updated' && e.data.status === 'blocked')).toBe(true);
  });
});
