// Contract test for CONTRACT_TAGS.orphans: every orphan-visit operation is called with its success
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
const TAGS = CONTRACT_TAGS.orphans;
const OWNER = 'olga@example.com';

describe('orphan visit answers match the OpenAPI document', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;
  let narrow: [string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    api = apiClient(inProcess(sling));
    await sling.seed.user(OWNER, { plan: 'enterprise', password: 'correct horse 1' });
    const cookie = await signIn(api, OWNER);
    client = await ContractClient.connect(api, await sling.seed.token(OWNER), cookie);
    narrow = [await sling.seed.token(OWNER, { scopes: ['links:read'] })];
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('a domain’s counts and their export, with their 400 and 404; keeping each visit, with its 400', async () => {
    const added = await call('POST', '/api/v1/domains', { body: { hostname: 'go.contract-orphans.test' } });
    expect(added.status).toBe(201);
    const id = (added.body as Json).domain.id as number;

    const counts = await call('GET', '/api/v1/domains/{id}/orphan-visits', { values: { id }, query: 'limit=5' });
    expect(counts.status).toBe(200);
    expect((counts.body as Json).totals).toEqual({ code: 0, root: 0, path: 0, all: 0 });
    expect((await call('GET', '/api/v1/domains/{id}/orphan-visits', { values: { id }, query: 'limit=0' })).status).toBe(400);
    expect((await call('GET', '/api/v1/domains/{id}/orphan-visits', { values: { id: 999999 } })).status).toBe(404);

    const csv = await call('GET', '/api/v1/domains/{id}/orphan-visits/export', { values: { id }, auth: 'cookie' });
    expect(csv.status).toBe(200);
    expect(csv.body).toBe('day,kind,path,visits\r\n');
    expect((await call('GET', '/api/v1/domains/{id}/orphan-visits/export', { values: { id }, query: 'visits=yes' })).status).toBe(400);
    expect((await call('GET', '/api/v1/domains/{id}/orphan-visits/export', { values: { id: 999999 } })).status).toBe(404);

    const on = await call('PUT', '/api/v1/workspace/orphan-visits', { body: { log_orphan_visits: true } });
    expect(on.body).toEqual({ log_orphan_visits: true });
    expect((await call('PUT', '/api/v1/workspace/orphan-visits', { body: { log_orphan_visits: 1 } })).status).toBe(400);
    expect(((await call('GET', '/api/v1/domains/{id}/orphan-visits', { values: { id } })).body as Json).log_orphan_visits).toBe(true);
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  }, 120_000);

  test('429 once a workspace has spent its windows', async () => {
    const cookie = await signUpAndInVia(api, 'oscar@example.com');
    const bearer = ((await call('POST', '/api/v1/tokens', { auth: { cookie }, body: { name: 'limited' } })).body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie }, () => spendWindows(api, bearer, cookie));
  }, 120_000);

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
