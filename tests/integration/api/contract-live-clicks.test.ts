// Contract test for CONTRACT_TAGS.live: GET /api/v1/analytics/live answers its stream (its first
// chunk read, then closed) and every error status it declares, against Sling in the test process
// (tests/helpers/contract.ts checks each answer against the document it serves).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, sweepCommonErrors } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { readSse } from '../../helpers/sse';

const TAGS = CONTRACT_TAGS.live;
const OWNER = 'ann@example.com';
const LIVE = '/api/v1/analytics/live';

describe('live click answers match the OpenAPI document', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // One stream per workspace: the second is the 429.
    sling = await startInProcessSling({ ...tdb.env, LIVE_STREAMS_PER_WORKSPACE: '1' });
    api = apiClient(inProcess(sling));
    await sling.seed.user(OWNER, { plan: 'enterprise', password: 'correct horse 1' });
    const cookie = await signIn(api, OWNER);
    client = await ContractClient.connect(api, await sling.seed.token(OWNER), cookie);
    narrow = [await sling.seed.token(OWNER, { scopes: ['links:read'] }), await sling.seed.token(OWNER, { scopes: ['webhooks:read'] })];
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('the stream (token and session), 400, 404 and 429 over the bound', async () => {
    const opened = await call('GET', LIVE, { firstChunkOnly: true });
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(': live clicks');
    expect((await call('GET', LIVE, { auth: 'cookie', firstChunkOnly: true })).status).toBe(200);
    expect((await call('GET', LIVE, { query: 'link_id=0' })).status).toBe(400);
    expect((await call('GET', LIVE, { query: 'tag=%21bad' })).status).toBe(400);
    expect((await call('GET', LIVE, { query: 'link_id=999999' })).status).toBe(404);
    expect((await call('GET', LIVE, { query: 'domain_id=999999' })).status).toBe(404);

    const held = readSse(await api.fetch(LIVE, { as: { token: client.token } }));
    expect((await call('GET', LIVE)).status).toBe(429);
    await held.close();
  });

  test('errors every route can give: 401, 403', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  });

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
