// Contract test for CONTRACT_TAGS.privacy: both privacy operations are called with their success
// status and every error status they declare, against Sling in the test process (the API through its
// router; tests/helpers/contract.ts checks each answer against the document it serves).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn, signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

type Json = Record<string, any>;
const TAGS = CONTRACT_TAGS.privacy;
const OWNER = 'pia@example.com';

describe('privacy answers match the OpenAPI document', () => {
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
    // A Pro workspace (clicks kept a year): the calls below never run into its rate limits.
    await sling.seed.user(OWNER, { plan: 'pro', password: 'correct horse 1' });
    const cookie = await signIn(api, OWNER);
    client = await ContractClient.connect(api, await sling.seed.token(OWNER), cookie);
    narrow = [await sling.seed.token(OWNER, { scopes: ['links:read'] }), await sling.seed.token(OWNER, { scopes: ['workspace:read'] })];
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('read, change and go back to the defaults, with the 400s', async () => {
    const read = await call('GET', '/api/v1/workspace/privacy', { auth: 'cookie' });
    expect(read.status).toBe(200);
    expect((read.body as Json).privacy).toMatchObject({
      settings: { ip: null, user_agent: null, referrer: null, honor_opt_out: null, excluded_ranges: [], click_retention_days: null },
      defaults: { ip: 'none', user_agent: true, referrer: true, honor_opt_out: true, click_retention_days: 365 },
    });
    const changed = await call('PATCH', '/api/v1/workspace/privacy', {
      body: { ip: 'anonymized', excluded_ranges: ['10.1.2.3/24', '2001:DB8::/32'], click_retention_days: 90 },
    });
    expect(changed.status).toBe(200);
    expect((changed.body as Json).privacy.effective).toEqual({
      ip: 'anonymized',
      user_agent: true,
      referrer: true,
      honor_opt_out: true,
      excluded_ranges: ['10.1.2.0/24', '2001:db8::/32'],
      click_retention_days: 90,
    });
    expect((await call('PATCH', '/api/v1/workspace/privacy', { body: { excluded_ranges: ['office'] } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/workspace/privacy', { body: { click_retention_days: 400 } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/workspace/privacy', { body: {} })).status).toBe(400);
    const reset = await call('PATCH', '/api/v1/workspace/privacy', { body: { ip: null, excluded_ranges: [], click_retention_days: null } });
    expect((reset.body as Json).privacy.settings).toMatchObject({ ip: null, excluded_ranges: [], click_retention_days: null });
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  }, 120_000);

  test('429 once a workspace has spent its windows', async () => {
    const cookie = await signUpAndInVia(api, 'rory@example.com');
    const bearer = ((await call('POST', '/api/v1/tokens', { auth: { cookie }, body: { name: 'limited' } })).body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie }, () => spendWindows(api, bearer, cookie));
  }, 120_000);

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
