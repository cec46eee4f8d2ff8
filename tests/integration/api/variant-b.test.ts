// POST /api (Variant B): token, long_url and expiration_date in the query string or a JSON body, on
// Sling in the test process (its router; the short URL visited at its edge).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

describe(`POST /api on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    tdb = await makeDb();
    // An Enterprise workspace with high limits, so Variant B's own 1,000/h per token is the tightest
    // window (Variant B also counts against the workspace's limits: rate-limits.test.ts).
    sling = await startInProcessSling({ ...tdb.env, ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
    token = await sling.seed.userWithToken('cat@example.com', { plan: 'enterprise' });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('parameters in the query string: 201 with the documented fields; the short URL redirects', async () => {
    const res = await api.call('variantBCreate', { query: { token, long_url: 'https://example.com/q?x=1', expiration_date: '2030-06-01 12:30:00' } });
    expect(res.status).toBe(201);
    const body = res.json;
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
    const res = await api.call('variantBCreate', { as: { tokenParam: token }, body: { long_url: 'https://example.com/json' } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ long_url: 'https://example.com/json', expiration_date: null });
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
    const res = await api.call('variantBCreate', { body: offSchema(withToken) });
    expect(res.status).toBe(status);
    const body = res.json;
    expect(body.error.code).toBe(code);
    if (field) expect(body.error.details).toHaveProperty(field);
  });

  test('GET /api is 405 in the JSON error shape', async () => {
    // No operation is a GET of /api: the request is sent as it is.
    const res = await api.fetch(`/api?token=${token}`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect((await res.json()).error.code).toBe('method_not_allowed');
  });
});
