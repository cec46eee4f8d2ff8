// Contract test for CONTRACT_TAGS.folders: every folder operation is called with its success
// status and every error status it declares, against Sling in the test process (the API through its
// router; tests/helpers/contract.ts checks each answer against the document it serves).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

type Json = Record<string, any>;
const TAGS = CONTRACT_TAGS.folders;
const OWNER = 'ann@example.com';

describe('folder answers match the OpenAPI document', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    api = apiClient(inProcess(sling));
    // Ann's workspace on the largest plan: the calls below never run into its rate limits.
    await sling.seed.user(OWNER, { plan: 'enterprise', password: 'correct horse 1' });
    const cookie = await signIn(api, OWNER);
    client = await ContractClient.connect(api, await sling.seed.token(OWNER), cookie);
    narrow = [await sling.seed.token(OWNER, { scopes: ['links:read'] }), await sling.seed.token(OWNER, { scopes: ['webhooks:read'] })];
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('create, list, rename and delete, with their 400, 404 and 409', async () => {
    const created = await call('POST', '/api/v1/folders', { body: { name: 'Launch' } });
    expect(created.status).toBe(201);
    const id = (created.body as Json).folder.id as string;
    expect((await call('POST', '/api/v1/folders', { body: { name: 'LAUNCH' } })).status).toBe(409);
    expect((await call('POST', '/api/v1/folders', { body: { name: '' } })).status).toBe(400);
    const other = ((await call('POST', '/api/v1/folders', { body: { name: 'Other' } })).body as Json).folder.id as string;

    await call('POST', '/api/v1/links', { body: { url: 'https://example.com/filed', folder_id: id } });
    const listed = await call('GET', '/api/v1/folders', { auth: 'cookie' });
    expect((listed.body as Json).folders).toEqual([expect.objectContaining({ id, links: 1 }), expect.objectContaining({ id: other, links: 0 })]);

    expect((await call('PATCH', '/api/v1/folders/{id}', { values: { id }, body: { name: 'Launch week' } })).status).toBe(200);
    expect((await call('PATCH', '/api/v1/folders/{id}', { values: { id: other }, body: { name: 'launch WEEK' } })).status).toBe(409);
    expect((await call('PATCH', '/api/v1/folders/{id}', { values: { id }, body: { name: 'x'.repeat(61) } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/folders/{id}', { values: { id: 'fld_gone' }, body: { name: 'Nope' } })).status).toBe(404);

    expect((await call('DELETE', '/api/v1/folders/{id}', { values: { id } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/folders/{id}', { values: { id } })).status).toBe(404);
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
