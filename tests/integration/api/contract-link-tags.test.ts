// Contract test: real answers of Sling (in the test process, the API through its router) match the
// OpenAPI document it serves, for the operations of CONTRACT_TAGS.tags (/api/v1/tags): each is
// called with its success status and every error status it declares (tests/helpers/contract.ts
// checks each answer).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

const TAGS = CONTRACT_TAGS.tags;

describe('real answers match the OpenAPI document (tags)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    const token = await sling.seed.userWithToken('ann@example.com', { plan: 'business' });
    narrow = [await sling.seed.token('ann@example.com', { scopes: ['links:read'] }), await sling.seed.token('ann@example.com', { scopes: ['webhooks:read'] })];
    api = apiClient(inProcess(sling));
    client = await ContractClient.connect(api, token, await signUpAndInVia(api, 'sam@example.com'));
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('list, recolour, rename, merge and delete, and their 400s and 404s', async () => {
    for (const tags of [['launch', 'news'], ['news'], ['old']])
      expect((await call('POST', '/api/v1/links', { body: { url: 'https://example.com/t', tags } })).status).toBe(201);
    const listed = await call('GET', '/api/v1/tags');
    expect(listed.body).toMatchObject({ tags: [{ name: 'news', links: 2 }, { name: 'launch' }, { name: 'old' }] });
    expect((await call('GET', '/api/v1/links/tags')).body).toMatchObject({ tags: [{ name: 'news', color: expect.any(String) }, {}, {}] });

    const tag = (name: string, body: unknown) => call('PATCH', '/api/v1/tags/{name}', { values: { name }, body });
    expect((await tag('news', { color: 'blue' })).body).toMatchObject({ tag: { name: 'news', color: 'blue', links: 2 }, changed: 0 });
    expect((await tag('old', { name: 'renamed' })).body).toMatchObject({ tag: { name: 'renamed', links: 1 }, changed: 1 });
    expect((await tag('news', { color: 'teal' })).body).toMatchObject({ error: { code: 'invalid_request', details: { color: expect.any(String) } } });
    expect((await tag('nowhere', { color: 'red' })).status).toBe(404);

    const merge = (body: unknown) => call('POST', '/api/v1/tags/merge', { body });
    expect((await merge({ from: ['renamed', 'launch'], into: 'news' })).body).toMatchObject({ tag: { name: 'news', links: 3 }, changed: 2 });
    expect((await merge({ from: [], into: 'news' })).status).toBe(400);
    expect((await merge({ from: ['ghost'], into: 'news' })).status).toBe(404);

    const remove = (name: string) => call('DELETE', '/api/v1/tags/{name}', { values: { name } });
    expect((await remove('a/b')).status).toBe(400);
    expect((await remove('news')).body).toEqual({ changed: 3 });
    expect((await remove('news')).status).toBe(404);
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  }, 120_000);

  test('429 once a workspace has spent its windows', async () => {
    const cookie = await signUpAndInVia(api, 'rita@example.com');
    const bearer = ((await call('POST', '/api/v1/tokens', { auth: { cookie }, body: { name: 'limited' } })).body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie }, () => spendWindows(api, bearer, cookie));
  }, 120_000);

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
