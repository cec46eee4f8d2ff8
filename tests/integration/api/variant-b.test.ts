// POST /api (Variant B): token, long_url and expiration_date in the query string or a JSON body.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

describe.each(migratedDatabaseKinds(pgUrl()))('POST /api on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let token: string;

  beforeAll(async () => {
    tdb = await makeDb();
    // An Enterprise workspace with high limits, so Variant B's own 1,000/h per token is the tightest
    // window (Variant B also counts against the workspace's limits: rate-limits.test.ts).
    token = await createUserWithToken(tdb.env, 'cat@example.com', 'enterprise');
    sling = await startSling({ ...tdb.env, ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('parameters in the query string: 201 with the documented fields; the short URL redirects', async () => {
    const qs = new URLSearchParams({ token, long_url: 'https://example.com/q?x=1', expiration_date: '2030-06-01 12:30:00' });
    const res = await fetch(`${sling.url}/api?${qs}`, { method: 'POST' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body).toEqual({
      short_url: `${sling.url}/${body.short_code}`,
      short_code: expect.stringMatching(/^[A-Za-z0-9]{7}$/),
      long_url: 'https://example.com/q?x=1',
      expiration_date: '2030-06-01 12:30:00',
    });
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    expect((await fetch(body.short_url, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/q?x=1');
  });

  test('parameters in a JSON body; no expiration gives null', async () => {
    const res = await fetch(`${sling.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, long_url: 'https://example.com/json' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ long_url: 'https://example.com/json', expiration_date: null });
  });

  test.each([
    [{ long_url: 'https://e.com' }, 401, 'unauthorized', null],
    [{ token: 'sl_nope', long_url: 'https://e.com' }, 401, 'unauthorized', null],
    [{ long_url: 'javascript:x' }, 400, 'invalid_request', 'long_url'],
    [{}, 400, 'invalid_request', 'long_url'],
    [{ long_url: 'https://e.com', expiration_date: '2030-06-01T12:30:00Z' }, 400, 'invalid_request', 'expiration_date'],
    [{ long_url: 'https://e.com', expiration_date: '2020-06-01 12:30:00' }, 400, 'invalid_request', 'expiration'],
  ])('%j → %i %s', async (params, status, code, field) => {
    const withToken = 'token' in params || status === 401 ? params : { token, ...params };
    const res = await fetch(`${sling.url}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(withToken),
    });
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    if (field) expect(body.error.details).toHaveProperty(field);
  });

  test('GET /api is 405 in the JSON error shape', async () => {
    const res = await fetch(`${sling.url}/api?token=${token}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error.code).toBe('method_not_allowed');
  });
});
