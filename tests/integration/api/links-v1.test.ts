// REST v1 /api/v1/links on Sling in the test process (the API through its router, visits through
// the in-process server's edge): list (search, sort, status, paging), create, read, change, delete,
// bulk delete and alias availability; bad input names its field, another user's link is "not
// found" and left alone, and nothing works without credentials.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import type { createLink, listLinks } from '../../../lib/openapi/operations/links';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

function expectError(res: ApiResult, status: number, code: string, field?: string) {
  expect(res.status).toBe(status);
  const body = res.json;
  expect(body.error.code).toBe(code);
  expect(body.error.message).toEqual(expect.any(String));
  if (field) expect(Object.keys(body.error.details ?? {})).toContain(field);
  return body.error;
}

describe('REST v1 links through a running Sling', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;
  let nobody: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const [annToken, bobToken] = [
      await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }),
      await sling.seed.userWithToken('bob@example.com', { plan: 'enterprise' }),
    ];
    nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: annToken });
    bob = nobody.as({ token: bobToken });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (api: ApiClient, body: CallOptions<typeof createLink>['body']) => {
    const res = await api.call('createLink', { body });
    expect(res.status).toBe(201);
    return res.json;
  };

  test('POST /api/v1/links', async () => {
    const expiration = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d+Z$/, '.000Z');
    const link = await create(ann, { url: 'https://example.com/launch', alias: 'Launch-v1', password: 'open sesame', expiration, max_clicks: 5 });
    expect(link).toMatchObject({
      short_code: 'Launch-v1',
      short_url: `${sling.url}/Launch-v1`,
      long_url: 'https://example.com/launch',
      password_protected: true,
      expiration,
      max_clicks: 5,
      status: 'active',
      clicks: 0,
    });
    expect(JSON.stringify(link)).not.toContain('open sesame');
    // A random code when no alias is given.
    expect((await create(ann, { url: 'https://example.com/random' })).short_code).toMatch(/^[A-Za-z0-9]{7}$/);

    expectError(await ann.call('createLink', { body: { url: 'javascript:alert(1)' } }), 400, 'invalid_request', 'url');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', alias: 'a b' } }), 400, 'invalid_request', 'alias');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', alias: 'settings' } }), 400, 'invalid_request', 'alias');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', alias: 'launch-V1' } }), 409, 'alias_taken', 'alias');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', password: 'abc' } }), 400, 'invalid_request', 'password');
    expectError(
      await ann.call('createLink', { body: { url: 'https://example.com', expiration: '2020-01-01T00:00:00Z' } }),
      400,
      'invalid_request',
      'expiration',
    );
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', expiration: 'next tuesday' } }), 400, 'invalid_request', 'expiration');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', max_clicks: 0 } }), 400, 'invalid_request', 'max_clicks');
    expectError(await ann.call('createLink', { body: { url: 'https://example.com', domain_id: 999 } }), 400, 'invalid_request', 'domain_id');
    expectError(await ann.call('createLink', { body: offSchema({ url: 'https://example.com', colour: 'red' }) }), 400, 'invalid_request', 'colour');
    expectError(await ann.call('createLink', { body: offSchema([1]) }), 400, 'invalid_request');
    expectError(await nobody.call('createLink', { body: { url: 'https://example.com' } }), 401, 'unauthorized');
  });

  test('GET /api/v1/links', async () => {
    const a = await create(bob, { url: 'https://shop.example.com/shoes', alias: 'shoes' });
    const b = await create(bob, { url: 'https://shop.example.com/hats', alias: 'hats', password: 'secret' });
    const c = await create(bob, { url: 'https://news.example.org/today', alias: 'today' });
    // Two real visits to "hats", one to "today" (a browser's user agent: bots are not counted).
    for (const code of ['hats', 'hats', 'today']) {
      const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
      expect([302, 200]).toContain(res.status);
    }
    await fetch(`${sling.url}/l/protected/hats`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'user-agent': AGENTS.chrome, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=secret',
    });
    await fetch(`${sling.url}/l/protected/hats`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'user-agent': AGENTS.chrome, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'password=secret',
    });
    const list = async (query: CallOptions<typeof listLinks>['query'] = {}) => {
      const res = await bob.call('listLinks', { query });
      expect(res.status).toBe(200);
      return res.json as { links: Array<{ id: number; short_code: string; clicks: number }>; total: number; limit: number; offset: number };
    };
    await until('clicks are counted', async () => (await list({ sort: 'clicks' })).links[0]?.clicks === 2);

    const newest = await list();
    expect(newest).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(newest.links.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
    expect((await list({ order: 'asc' })).links.map((l) => l.short_code)).toEqual(['shoes', 'hats', 'today']);
    expect((await list({ sort: 'clicks', order: 'desc' })).links.map((l) => [l.short_code, l.clicks])).toEqual([
      ['hats', 2],
      ['today', 1],
      ['shoes', 0],
    ]);
    expect((await list({ sort: 'clicks', order: 'asc' })).links.map((l) => l.short_code)).toEqual(['shoes', 'today', 'hats']);
    // q searches the code and the destination, case-insensitively.
    expect((await list({ q: 'SHOP.example' })).links.map((l) => l.short_code).sort()).toEqual(['hats', 'shoes']);
    expect((await list({ q: 'toda' })).links.map((l) => l.short_code)).toEqual(['today']);
    expect((await list({ q: '100%' })).total).toBe(0);
    expect((await list({ status: 'protected' })).links.map((l) => l.short_code)).toEqual(['hats']);
    expect((await list({ status: 'active' })).total).toBe(3);
    expect((await list({ status: 'expired' })).total).toBe(0);
    const page2 = await list({ limit: '2', offset: '2' });
    expect(page2).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page2.links.map((l) => l.short_code)).toEqual(['shoes']);
    // Ann's links are not Bob's.
    expect((await list({ q: 'launch' })).total).toBe(0);

    expectError(await bob.call('listLinks', { query: { limit: '101' } }), 400, 'invalid_request', 'limit');
    expectError(await bob.call('listLinks', { query: { limit: '0' } }), 400, 'invalid_request', 'limit');
    expectError(await bob.call('listLinks', { query: { offset: '-1' } }), 400, 'invalid_request', 'offset');
    expectError(await bob.call('listLinks', { query: { sort: 'name' } }), 400, 'invalid_request', 'sort');
    expectError(await bob.call('listLinks', { query: { order: 'up' } }), 400, 'invalid_request', 'order');
    expectError(await bob.call('listLinks', { query: { status: 'gone' } }), 400, 'invalid_request', 'status');
    expectError(await nobody.call('listLinks'), 401, 'unauthorized');
  });

  test('GET, PATCH, DELETE /api/v1/links/{id}', async () => {
    const link = await create(ann, {
      url: 'https://example.com/edit-me',
      alias: 'edit-me',
      password: 'first',
      expiration: new Date(Date.now() + 3_600_000).toISOString(),
      max_clicks: 3,
    });
    expect((await ann.call('getLink', { params: { id: link.id } })).json).toEqual({ ...link, scan: null, previous_codes: [] }); // not scanned: SAFETY_DEEP_SCAN is off in tests unless asked for

    // Only the fields given change.
    const moved = (await ann.call('updateLink', { params: { id: link.id }, body: { url: 'https://example.com/moved' } })).json;
    expect(moved).toMatchObject({
      long_url: 'https://example.com/moved',
      short_code: 'edit-me',
      password_protected: true,
      max_clicks: 3,
      expiration: link.expiration,
    });
    const renamed = (await ann.call('updateLink', { params: { id: link.id }, body: { alias: 'edited', expiration: '2031-05-01T12:30:00Z' } })).json;
    expect(renamed).toMatchObject({ short_code: 'edited', short_url: `${sling.url}/edited`, expiration: '2031-05-01T12:30:00.000Z', password_protected: true });
    // null removes the password, the expiration and the click limit.
    const cleared = (await ann.call('updateLink', { params: { id: link.id }, body: { password: null, expiration: null, max_clicks: null } })).json;
    expect(cleared).toMatchObject({ password_protected: false, expiration: null, max_clicks: null, long_url: 'https://example.com/moved' });
    expect((await fetch(`${sling.url}/edited`, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/moved');

    expectError(await ann.call('updateLink', { params: { id: link.id }, body: {} }), 400, 'invalid_request');
    expectError(await ann.call('updateLink', { params: { id: link.id }, body: { url: 'ftp://example.com' } }), 400, 'invalid_request', 'url');
    expectError(await ann.call('updateLink', { params: { id: link.id }, body: { alias: 'x' } }), 400, 'invalid_request', 'alias');
    expectError(await ann.call('updateLink', { params: { id: link.id }, body: { alias: 'LAUNCH-v1' } }), 409, 'alias_taken', 'alias');
    expectError(await ann.call('updateLink', { params: { id: link.id }, body: { expiration: '2027-02-30' } }), 400, 'invalid_request', 'expiration');
    expectError(await ann.call('updateLink', { params: { id: link.id }, body: offSchema({ domain_id: 1 }) }), 400, 'invalid_request', 'domain_id');

    // Someone else's link is not found, and stays as it was.
    expectError(await bob.call('getLink', { params: { id: link.id } }), 404, 'not_found');
    expectError(await bob.call('updateLink', { params: { id: link.id }, body: { url: 'https://evil.example' } }), 404, 'not_found');
    expectError(await bob.call('deleteLink', { params: { id: link.id } }), 404, 'not_found');
    expect((await ann.call('getLink', { params: { id: link.id } })).json.long_url).toBe('https://example.com/moved');
    expectError(await ann.call('getLink', { params: { id: 'not-a-number' } }), 404, 'not_found');
    expectError(await nobody.call('getLink', { params: { id: link.id } }), 401, 'unauthorized');
    expectError(await nobody.call('deleteLink', { params: { id: link.id } }), 401, 'unauthorized');

    const gone = await ann.call('deleteLink', { params: { id: link.id } });
    expect(gone.status).toBe(204);
    expectError(await ann.call('getLink', { params: { id: link.id } }), 404, 'not_found');
    expect((await fetch(`${sling.url}/edited`, { redirect: 'manual' })).status).toBe(404);
  });

  test('POST /api/v1/links/bulk-delete', async () => {
    const mine = await Promise.all(['bulk-1', 'bulk-2', 'bulk-3'].map((alias) => create(ann, { url: `https://example.com/${alias}`, alias })));
    const theirs = await create(bob, { url: 'https://example.com/bob-keeps', alias: 'bob-keeps' });

    // One id that is not Ann's: 404 naming it, and nothing is deleted.
    const refused = expectError(await ann.call('bulkDeleteLinks', { body: { ids: [mine[0].id, theirs.id, mine[1].id] } }), 404, 'not_found');
    expect(refused.message).toContain(String(theirs.id));
    for (const link of mine) expect((await ann.call('getLink', { params: { id: link.id } })).status).toBe(200);
    expect((await bob.call('getLink', { params: { id: theirs.id } })).status).toBe(200);

    expectError(await ann.call('bulkDeleteLinks', { body: { ids: [] } }), 400, 'invalid_request', 'ids');
    expectError(await ann.call('bulkDeleteLinks', { body: offSchema({ ids: ['1'] }) }), 400, 'invalid_request', 'ids');
    expectError(await ann.call('bulkDeleteLinks', { body: { ids: Array.from({ length: 101 }, (_, i) => i + 1) } }), 400, 'invalid_request', 'ids');
    expectError(await ann.call('bulkDeleteLinks', { body: offSchema({}) }), 400, 'invalid_request', 'ids');
    expectError(await nobody.call('bulkDeleteLinks', { body: { ids: [mine[0].id] } }), 401, 'unauthorized');

    const res = await ann.call('bulkDeleteLinks', { body: { ids: [mine[0].id, mine[2].id, mine[0].id] } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: 2 });
    expect((await ann.call('getLink', { params: { id: mine[0].id } })).status).toBe(404);
    expect((await ann.call('getLink', { params: { id: mine[1].id } })).status).toBe(200);
    expect((await ann.call('getLink', { params: { id: mine[2].id } })).status).toBe(404);
  });

  test('GET /api/v1/links/availability', async () => {
    await create(ann, { url: 'https://example.com/taken', alias: 'Taken-Alias' });
    const check = async (alias: string) => {
      const res = await bob.call('aliasAvailability', { query: { alias } });
      expect(res.status).toBe(200);
      return res.json;
    };
    expect(await check('fresh-alias')).toEqual({ available: true });
    // Taken by anyone, in any case.
    expect(await check('taken-alias')).toEqual({ available: false, message: expect.stringContaining('already taken') });
    expect(await check('Login')).toEqual({ available: false, message: expect.stringContaining('reserved') });
    expect(await check('no')).toEqual({ available: false, message: expect.stringContaining('3 to 50') });
    expect(await check('has space')).toMatchObject({ available: false });

    expectError(await bob.call('aliasAvailability'), 400, 'invalid_request', 'alias');
    expectError(await bob.call('aliasAvailability', { query: { alias: 'fresh', domain_id: 'abc' } }), 400, 'invalid_request', 'domain_id');
    expectError(await bob.call('aliasAvailability', { query: { alias: 'fresh', domain_id: 999 } }), 400, 'invalid_request', 'domain_id');
    expectError(await nobody.call('aliasAvailability', { query: { alias: 'fresh' } }), 401, 'unauthorized');
  });
});
