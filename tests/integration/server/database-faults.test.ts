// A PostgreSQL outage (issue 14's fault suite): the database is reached through a relay the test cuts.
// Writes during the cut answer 503 `unavailable` with Retry-After, once, and write nothing; cached
// links keep redirecting and their clicks are stored when the database is back; writes succeed again.
// Visitors whose visit needs the database (an uncached code, a link page's form, a custom domain's
// root, favicon or unknown host) get the small "try again in a moment" page, 503 with Retry-After.
// A built server process over HTTP (its database connection through the relay, its log read for
// unhandled errors); the API is called through the typed client over HTTP.
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, overHttp, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { createUserWithToken } from '../../helpers/accounts';
import { createPostgresDatabase, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { startTcpRelay, type TcpRelay } from '../../helpers/tcp-relay';
import { until } from '../../helpers/until';

const pgServer = pgUrl();

describe.skipIf(!pgServer)('writes and redirects while PostgreSQL is unreachable', () => {
  let tdb: TestDatabase;
  let db: pg.Client;
  let relay: TcpRelay;
  let sling: SlingProcess;
  let token: string;
  let api: ApiClient;

  beforeAll(async () => {
    tdb = await createPostgresDatabase(pgServer!);
    token = await createUserWithToken(tdb.env, 'outage@example.com', 'pro');
    relay = await startTcpRelay(tdb.databaseUrl!);
    sling = await startSling({ ...tdb.env, DATABASE_URL: relay.url });
    api = apiClient(overHttp(sling.url), { token });
    db = new pg.Client({ connectionString: tdb.databaseUrl! });
    await db.connect();
  });
  afterAll(async () => {
    await sling?.stop();
    await relay?.close();
    await db?.end();
    await tdb?.drop();
  });

  const visit = async (code: string) => (await fetch(`${sling.url}/${code}`, { redirect: 'manual' })).status;
  /** A visit with any Host header (fetch does not let one set it). */
  const visitHost = (host: string, path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: sling.port, path, headers: { host } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const count = async (sql: string, params: unknown[]) => Number((await db.query<{ n: string }>(sql, params)).rows[0].n);

  test('during the cut: cached redirects serve, writes answer 503 once and change nothing; afterwards everything is stored', async () => {
    const created = await api.call('createLink', { body: { url: 'https://example.com/kept', alias: 'kept-link' } });
    expect(created.status).toBe(201);
    const { id } = created.json as { id: number };
    expect(await visit('kept-link')).toBe(302); // now cached
    await until('the first click to be stored', async () => (await count('SELECT count(*) AS n FROM clicks WHERE link_id = $1', [id])) === 1);

    relay.cut();
    for (let i = 0; i < 5; i++) expect(await visit('kept-link')).toBe(302);

    const writes: Array<[string, () => Promise<ApiResult>]> = [
      ['POST /api/v1/links', () => api.call('createLink', { body: { url: 'https://example.com/during', alias: 'during-cut' } })],
      ['PATCH /api/v1/links/{id}', () => api.call('updateLink', { params: { id }, body: { url: 'https://example.com/changed' } })],
      ['DELETE /api/v1/links/{id}', () => api.call('deleteLink', { params: { id } })],
      ['POST /api.php', () => api.call('apiPhpCreate', { body: { url: 'https://example.com/during-a', alias: 'during-cut-a' } })],
      // The challenge is issued without the database; spending its solution needs it.
      [
        'POST /api/v1/shorten',
        async () => api.call('shortenAnonymously', { as: 'none', body: { url: 'https://example.com/during-anon', altcha: await altchaPayload(sling.url) } }),
      ],
    ];
    for (const [label, write] of writes) {
      const res = await write();
      expect(res.status, label).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.json).toMatchObject({ error: { code: 'unavailable' } });
    }

    relay.restore();
    // Nothing written by the refused requests.
    expect(await count("SELECT count(*) AS n FROM links WHERE short_code IN ('during-cut', 'during-cut-a')", [])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM links WHERE long_url = 'https://example.com/during-anon'", [])).toBe(0);
    expect((await db.query('SELECT long_url FROM links WHERE id = $1', [id])).rows).toEqual([{ long_url: 'https://example.com/kept' }]);
    // The clicks served during the cut are stored once the database answers again.
    await until('the clicks of the outage to be stored', async () => (await count('SELECT count(*) AS n FROM clicks WHERE link_id = $1', [id])) === 6, {
      timeoutMs: 60_000,
    });
    // And writes work again.
    const after = await until('a write to succeed again', async () => {
      const res = await api.call('createLink', { body: { url: 'https://example.com/after', alias: 'after-cut' } });
      return res.status === 201 ? res : undefined;
    });
    expect(after.status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM links WHERE short_code = 'after-cut'", [])).toBe(1);
    expect(sling.output()).not.toMatch(/"msg":"unhandled error"/);
  });
  test('during the cut: visitors of what is not cached get the 503 page with Retry-After, cached links still redirect, the API keeps JSON', async () => {
    const [{ id: workspaceId }] = (
      await db.query<{ id: string }>('SELECT w.id FROM workspaces w JOIN users u ON u.id = w.personal_owner_id WHERE u.email = $1', ['outage@example.com'])
    ).rows;
    // Two verified custom domains; the first one's root shows its landing page. Neither host has been asked for yet.
    await db.query(
      "INSERT INTO domains (hostname, workspace_id, status, root_behavior, verified_at) VALUES ('go.outage.test', $1, 'verified', 'landing', now()), ('cold.outage.test', $1, 'verified', 'sling', now())",
      [workspaceId],
    );
    for (const [alias, extra] of [
      ['warm-visit', {}],
      ['cold-visit', {}],
      ['locked-visit', { password: 'open sesame' }],
    ] as const) {
      const res = await api.call('createLink', { body: { url: `https://example.com/${alias}`, alias, ...extra } });
      expect(res.status, res.text).toBe(201);
    }
    expect(await visit('warm-visit')).toBe(302); // now cached
    expect((await visitHost('go.outage.test', '/no-such-code')).status).toBe(404); // the host is now known, its landing page and favicon are not

    relay.cut();
    try {
      const unavailablePage = (label: string, a: { status: number; headers: Record<string, unknown>; body: string }, host?: string) => {
        expect(a.status, label).toBe(503);
        expect(a.headers['retry-after'], label).toBe('5');
        expect(a.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(a.headers['cache-control'], label).toBe('no-store');
        expect(a.body, label).toContain('<h1>Try again in a moment</h1>');
        if (host) expect(a.body, label).toContain(`<span>${host}</span>`);
        expect(a.body, label).not.toMatch(/ECONN|Connection terminated|request id/i);
      };
      const fetched = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${sling.url}${path}`, { redirect: 'manual', ...init });
        return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
      };
      // The app host: an uncached code (also from a QR code), and the link pages that read the link.
      unavailablePage('GET /cold-visit', await fetched('/cold-visit'), '127.0.0.1');
      unavailablePage('GET /cold-visit?qr=1', await fetched('/cold-visit?qr=1'), '127.0.0.1');
      unavailablePage('GET /l/expired/cold-visit', await fetched('/l/expired/cold-visit'));
      unavailablePage(
        'POST /l/protected/locked-visit',
        await fetched('/l/protected/locked-visit', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'password=open+sesame',
        }),
      );
      // A custom domain: its root (landing page), its favicon, an uncached code; a host not yet known.
      unavailablePage('GET / on go.outage.test', await visitHost('go.outage.test', '/'), 'go.outage.test');
      unavailablePage('GET /favicon.ico on go.outage.test', await visitHost('go.outage.test', '/favicon.ico'), 'go.outage.test');
      unavailablePage('GET /cold-visit on go.outage.test', await visitHost('go.outage.test', '/cold-visit'), 'go.outage.test');
      unavailablePage('GET /cold-visit on cold.outage.test', await visitHost('cold.outage.test', '/cold-visit'));
      // Not a visitor's page: the CA's challenge answers in the JSON error shape, 503 too.
      const challenge = await visitHost('go.outage.test', '/.well-known/acme-challenge/some-token');
      expect([challenge.status, challenge.headers['retry-after'], JSON.parse(challenge.body).error.code]).toEqual([503, '5', 'unavailable']);
      // A cached link keeps redirecting; the API answers in its JSON shape.
      expect(await visit('warm-visit')).toBe(302);
      const listed = await api.call('listLinks');
      expect([listed.status, listed.headers.get('retry-after'), listed.json?.error?.code]).toEqual([503, '5', 'unavailable']);
    } finally {
      relay.restore();
    }
    // Back: the same visits answer as usual.
    await until('an uncached link to redirect again', async () => (await visit('cold-visit')) === 302);
    expect((await visitHost('cold.outage.test', '/cold-visit')).status).toBe(404);
    expect(sling.output()).not.toMatch(/"msg":"unhandled error"/);
  });
});
