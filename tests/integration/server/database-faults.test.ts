// A PostgreSQL outage (issue 14's fault suite): the database is reached through a relay the test cuts.
// Writes during the cut answer 503 `unavailable` with Retry-After, once, and write nothing; cached
// links keep redirecting and their clicks are stored when the database is back; writes succeed again.
// A built server process over HTTP (its database connection through the relay, its log read for
// unhandled errors); the API is called through the typed client over HTTP.
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
});
