// Contract test: real answers of Sling (in the test process, the API through its router) match the OpenAPI document it serves, for the
// operations of CONTRACT_TAGS.core: every operation is called with its success status and with every
// error status it declares (tests/helpers/contract.ts checks each answer: status declared, body valid
// by the declared schema, content type, required headers).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { feedHost, hostList } from '../../helpers/threat-feeds';
import { until } from '../../helpers/until';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver';

type Json = Record<string, unknown>;
const TAGS = CONTRACT_TAGS.core;

describe('real answers match the OpenAPI document', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let ann: ApiClient;
  let receiver: Receiver;
  let client: ContractClient;
  let feed: Server;
  /** A link made before its destination's host was listed: duplicating it is refused (422). */
  let listedLinkId: number;
  const LISTED = `https://${feedHost(0)}/payload`;
  let token: string;
  /** Ann's tokens with one read scope each: every operation refuses one of them (403). */
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    receiver = await startReceiver();
    // The threat feed the workers import at start answers only once a link to its host exists.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    feed = createServer((_req, res) => void released.then(() => res.end(hostList(1))));
    await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
    const feedUrl = `http://127.0.0.1:${(feed.address() as { port: number }).port}/hosts.txt`;
    // DNS answers come from a closed local port: a domain check fails fast instead of asking the internet.
    sling = await startInProcessSling({ ...tdb.env, WEBHOOKS_ALLOW_PRIVATE: 'true', DNS_SERVERS: '127.0.0.1:9', SAFETY_FEEDS: feedUrl });
    token = await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' });
    narrow = [await sling.seed.token('ann@example.com', { scopes: ['links:read'] }), await sling.seed.token('ann@example.com', { scopes: ['webhooks:read'] })];
    api = apiClient(inProcess(sling));
    ann = api.as({ token });
    client = await ContractClient.connect(api, token, await signUpAndInVia(api, 'sam@example.com'));
    listedLinkId = (await ann.call('createLink', { body: { url: LISTED } })).json.id;
    release();
    await until('the feed is imported', async () => {
      await ann.call('aliasAvailability', { query: { alias: 'x' } });
      return (await ann.call('apiPhpCreate', { body: { url: `${LISTED}?probe` } })).status === 422;
    });
  }, 400_000);
  afterAll(async () => {
    await sling?.close();
    await receiver?.close();
    feed?.close();
    await tdb?.drop();
  });

  test('the document is served, public and cacheable', async () => {
    const res = await api.call('getOpenApiDocument');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(res.json).toMatchObject({ openapi: '3.1.0', servers: [{ url: sling.url }] });
    await call('GET', '/api/v1/openapi.json', { auth: 'none' });
  });

  test('links, statistics and exports (REST v1)', async () => {
    const made = await call('POST', '/api/v1/links', { body: { url: 'https://example.com/contract', alias: 'contract', tags: ['Launch'] } });
    expect(made.status).toBe(201);
    const id = (made.body as Json).id as number;
    const other = ((await call('POST', '/api/v1/links', { body: { url: 'https://example.com/other' } })).body as Json).id as number;
    expect((await call('POST', '/api/v1/links', { body: { url: 'https://example.com', bogus: 1, alias: 5 } })).body).toMatchObject({
      error: { code: 'invalid_request', details: { bogus: 'Unknown field.', alias: expect.any(String) } },
    });
    expect((await call('POST', '/api/v1/links', { body: { url: 'https://example.com', alias: 'contract' } })).status).toBe(409);
    expect((await call('POST', '/api/v1/links', { body: { url: 'https://example.com' }, auth: 'none' })).status).toBe(401);
    expect((await call('GET', '/api/v1/links', { query: 'tag=launch' })).status).toBe(200);
    expect((await call('GET', '/api/v1/links', { query: 'limit=0' })).status).toBe(400);
    expect((await call('GET', '/api/v1/links/{id}', { values: { id } })).status).toBe(200);
    expect((await call('GET', '/api/v1/links/{id}', { values: { id: 999999 } })).status).toBe(404);
    expect((await call('PATCH', '/api/v1/links/{id}', { values: { id }, body: { archived: true, max_clicks: null } })).status).toBe(200);
    expect((await call('PATCH', '/api/v1/links/{id}', { values: { id }, body: {} })).status).toBe(400);
    expect((await call('GET', '/api/v1/links/tags')).status).toBe(200);
    expect((await call('GET', '/api/v1/links/availability', { query: 'alias=free-one' })).status).toBe(200);
    expect((await call('GET', '/api/v1/links/availability')).status).toBe(400);
    expect((await call('GET', '/api/v1/links/{id}/events', { values: { id } })).status).toBe(200);
    expect((await call('GET', '/api/v1/links/{id}/events', { values: { id }, query: 'limit=0' })).status).toBe(400);
    expect((await call('GET', '/api/v1/links/{id}/stats', { values: { id }, query: 'compare=previous&country=FR' })).status).toBe(200);
    const badFrom = await call('GET', '/api/v1/links/{id}/stats', { values: { id }, query: 'from=bad' });
    expect(badFrom.body).toMatchObject({ error: { code: 'invalid_request', details: { from: expect.stringMatching(/^"from" must be/) } } });
    expect((await call('GET', '/api/v1/analytics', { query: 'interval=hour&from=2026-01-01&to=2026-01-02' })).status).toBe(200);
    expect((await call('GET', '/api/v1/analytics', { query: 'interval=year' })).status).toBe(400);
    expect((await call('GET', '/api/v1/analytics/export')).status).toBe(200);
    expect((await call('GET', '/api/v1/analytics/export', { query: 'format=xml' })).status).toBe(400);
    expect((await call('GET', '/api/v1/links/{id}/clicks/export', { values: { id }, query: 'format=json' })).status).toBe(200);
    // Link power features: a rename keeps the old code (previous_codes) until it is freed; duplicate; bulk create.
    expect(
      (await call('PATCH', '/api/v1/links/{id}', { values: { id: other }, body: { alias: 'contract-renamed', note: 'n', utm_source: 'news' } })).status,
    ).toBe(200);
    const renamed = (await call('GET', '/api/v1/links/{id}', { values: { id: other } })).body as Json;
    const oldCode = (renamed.previous_codes as Json[])[0]!.code as string;
    expect((await call('DELETE', '/api/v1/links/{id}/previous-codes/{code}', { values: { id: other, code: oldCode } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/links/{id}/previous-codes/{code}', { values: { id: other, code: oldCode } })).status).toBe(404);
    expect((await call('POST', '/api/v1/links/{id}/duplicate', { values: { id: other } })).status).toBe(201);
    expect((await call('POST', '/api/v1/links/{id}/duplicate', { values: { id: 999999 } })).status).toBe(404);
    // Smart links: a link with rules and an A/B test, its statistics per variant, a conversion.
    const smart = await call('POST', '/api/v1/links', {
      body: {
        url: 'https://example.com/smart',
        rules: [{ conditions: [{ type: 'device', values: ['mobile'] }], url: 'https://example.com/phone' }],
        ab_test: {
          variants: [
            { id: 'a', url: 'https://example.com/a', weight: 60 },
            { id: 'b', url: 'https://example.com/b', weight: 40 },
          ],
        },
      },
    });
    expect(smart.status).toBe(201);
    const smartId = (smart.body as Json).id as number;
    expect((await call('GET', '/api/v1/links/{id}/stats', { values: { id: smartId } })).status).toBe(200);
    expect((await call('POST', '/api/v1/links/{id}/conversions', { values: { id: smartId }, body: { variant: 'a' } })).status).toBe(200);
    expect((await call('POST', '/api/v1/links/{id}/conversions', { values: { id: smartId }, body: { variant: 'c' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/links/{id}/conversions', { values: { id: 999999 }, body: { variant: 'a' } })).status).toBe(404);
    const bulk = await call('POST', '/api/v1/links/bulk', { body: { links: [{ url: 'https://example.com/bulk' }, { url: 'not a url' }] } });
    expect(bulk.body).toMatchObject({ created: 1, failed: 1 });
    expect((await call('POST', '/api/v1/links/bulk', { body: { links: [] } })).status).toBe(400);
    expect((await call('POST', '/api/v1/links/bulk-update', { body: { ids: [other], add_tags: ['bulk'], archived: false } })).status).toBe(200);
    expect((await call('POST', '/api/v1/links/bulk-update', { body: { ids: [other] } })).status).toBe(400);
    expect((await call('POST', '/api/v1/links/bulk-update', { body: { ids: [999999], archived: true } })).status).toBe(404);
    expect((await call('POST', '/api/v1/links/bulk-delete', { body: { ids: [] } })).status).toBe(400);
    expect((await call('POST', '/api/v1/links/bulk-delete', { body: { ids: [other] } })).status).toBe(200);
    expect((await call('DELETE', '/api/v1/links/{id}', { values: { id } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/links/{id}', { values: { id } })).status).toBe(404);
  });

  test('Variant A (/api.php) and Variant B (/api)', async () => {
    expect((await call('POST', '/api.php', { body: { url: 'https://example.com/a', alias: 'variant-a' } })).status).toBe(201);
    expect((await call('POST', '/api.php', { body: { url: 'https://example.com/a', tags: ['no'] } })).status).toBe(400);
    expect((await call('GET', '/api.php', { query: 'action=list' })).status).toBe(200);
    expect((await call('GET', '/api.php', { query: 'action=stats&slug=variant-a' })).status).toBe(200);
    expect((await call('GET', '/api.php', { query: 'action=domains' })).status).toBe(200);
    expect((await call('GET', '/api.php', { query: 'action=nope' })).status).toBe(400);
    expect((await call('GET', '/api.php', { query: 'action=stats&slug=missing' })).status).toBe(404);
    expect((await call('PATCH', '/api.php', { query: 'slug=variant-a', body: { max_clicks: 10 } })).status).toBe(200);
    expect((await call('PUT', '/api.php', { query: 'slug=variant-a', body: { password: 'four' } })).status).toBe(200);
    expect((await call('PUT', '/api.php', { body: { password: 'four' } })).status).toBe(400);
    expect((await call('PATCH', '/api.php', { body: { max_clicks: 10 } })).status).toBe(400);
    expect((await call('DELETE', '/api.php', { query: 'slug=variant-a' })).status).toBe(204);
    expect((await call('GET', '/api.php', { query: 'action=list', auth: 'none' })).status).toBe(401);

    expect((await call('POST', '/api', { auth: 'none', query: `token=${token}&long_url=${encodeURIComponent('https://example.com/b')}` })).status).toBe(201);
    expect(
      (await call('POST', '/api', { auth: 'none', body: { token, long_url: 'https://example.com/c', expiration_date: '2099-01-01 00:00:00' } })).status,
    ).toBe(201);
    expect((await call('POST', '/api', { auth: 'none', body: { token, long_url: 'https://example.com/c', expiration_date: 'soon' } })).status).toBe(400);
    expect((await call('POST', '/api', { auth: 'none', body: { long_url: 'https://example.com/c' } })).status).toBe(401);
  });

  test('webhooks', async () => {
    const made = await call('POST', '/api/v1/webhooks', { body: { url: receiver.url, events: ['link.created'] } });
    expect(made.status).toBe(201);
    const id = ((made.body as Json).webhook as Json).id as string;
    expect((await call('POST', '/api/v1/webhooks', { body: { url: 'ftp://x', events: ['nope'] } })).body).toMatchObject({
      error: { details: { url: expect.any(String), events: expect.any(String) } },
    });
    expect((await call('GET', '/api/v1/webhooks')).status).toBe(200);
    expect((await call('GET', '/api/v1/webhooks/{id}', { values: { id } })).status).toBe(200);
    expect((await call('GET', '/api/v1/webhooks/{id}', { values: { id: 'wh_nope' } })).status).toBe(404);
    expect((await call('PATCH', '/api/v1/webhooks/{id}', { values: { id }, body: { link_id: null, enabled: true } })).status).toBe(200);
    expect((await call('PATCH', '/api/v1/webhooks/{id}', { values: { id }, body: { enabled: 'yes' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/webhooks/{id}/rotate-secret', { values: { id }, body: { grace_hours: 1 } })).status).toBe(200);
    expect((await call('POST', '/api/v1/webhooks/{id}/rotate-secret', { values: { id }, body: { grace_hours: 1000 } })).status).toBe(400);
    const tested = await call('POST', '/api/v1/webhooks/{id}/test', { values: { id } });
    expect(tested.status).toBe(202);
    const deliveryId = ((tested.body as Json).delivery as Json).id as string;
    expect((await call('GET', '/api/v1/webhooks/{id}/deliveries', { values: { id } })).status).toBe(200);
    expect((await call('GET', '/api/v1/webhooks/{id}/deliveries', { values: { id }, query: 'status=bogus' })).status).toBe(400);
    expect((await call('GET', '/api/v1/webhooks/{id}/deliveries/{deliveryId}', { values: { id, deliveryId } })).status).toBe(200);
    // A delivery still queued cannot be re-sent; once the receiver has it, it can.
    await until('the test delivery is delivered', async () => {
      return (await ann.call('getDelivery', { params: { id, deliveryId } })).json.delivery.status !== 'pending';
    });
    expect((await call('POST', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { values: { id, deliveryId } })).status).toBe(202);
    expect((await call('DELETE', '/api/v1/webhooks/{id}', { values: { id } })).status).toBe(204);
  });

  test('domains', async () => {
    const made = await call('POST', '/api/v1/domains', { body: { hostname: 'go.contract-example.org' } });
    expect(made.status).toBe(201);
    const id = ((made.body as Json).domain as Json).id as number;
    expect((await call('POST', '/api/v1/domains', { body: { hostname: 42, default: 'yes' } })).body).toMatchObject({
      error: { details: { hostname: expect.any(String), default: expect.any(String) } },
    });
    expect((await call('POST', '/api/v1/domains', { body: { hostname: 'go.contract-example.org' } })).status).toBe(409);
    expect((await call('GET', '/api/v1/domains')).status).toBe(200);
    expect((await call('GET', '/api/v1/domains/{id}', { values: { id } })).status).toBe(200);
    expect((await call('GET', '/api/v1/domains/{id}', { values: { id: 999999 } })).status).toBe(404);
    expect((await call('PATCH', '/api/v1/domains/{id}', { values: { id }, body: { root_behavior: 'nope' } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/domains/{id}', { values: { id }, body: { not_found_url: 'https://example.com/404' } })).status).toBe(200);
    expect((await call('POST', '/api/v1/domains/{id}/verify', { values: { id } })).status).toBe(200);
    expect((await call('DELETE', '/api/v1/domains/{id}', { values: { id } })).status).toBe(204);
  });

  test('API tokens (a session; a token only with the tokens scopes, tests/integration/api/tokens-made-by-tokens.test.ts)', async () => {
    const made = await call('POST', '/api/v1/tokens', { auth: 'cookie', body: { name: 'contract', scopes: ['links:read'] } });
    expect(made.status).toBe(201);
    const id = ((made.body as Json).token as Json).id as string;
    expect((await call('POST', '/api/v1/tokens', { auth: 'cookie', body: { scopes: ['nope'], expires_at: 'never' } })).body).toMatchObject({
      error: { details: { scopes: expect.any(String), expires_at: expect.any(String) } },
    });
    expect((await call('GET', '/api/v1/tokens', { auth: 'cookie' })).status).toBe(200);
    expect((await call('GET', '/api/v1/tokens')).status).toBe(403);
    expect((await call('GET', '/api/v1/tokens', { auth: 'none' })).status).toBe(401);
    expect((await call('POST', '/api/v1/tokens/{id}/rotate', { auth: 'cookie', values: { id }, body: { grace_hours: 2 } })).status).toBe(200);
    expect((await call('POST', '/api/v1/tokens/{id}/rotate', { auth: 'cookie', values: { id }, body: { grace_hours: -1 } })).status).toBe(400);
    expect((await call('POST', '/api/v1/tokens/{id}/regenerate', { auth: 'cookie', values: { id } })).status).toBe(200);
    expect((await call('DELETE', '/api/v1/tokens/{id}', { auth: 'cookie', values: { id } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/tokens/{id}', { auth: 'cookie', values: { id: 'nope' } })).status).toBe(404);
  });

  test('errors particular to each operation', async () => {
    const link = ((await call('POST', '/api/v1/links', { body: { url: 'https://example.com/particular', alias: 'particular' } })).body as Json).id as number;
    await call('POST', '/api/v1/links', { body: { url: 'https://example.com/held', alias: 'held' } });
    const none = { id: 999999 };
    // Links (REST v1)
    // An unknown domain_id is a bad field (400), not a missing resource.
    expect.soft((await call('GET', '/api/v1/links/availability', { query: 'alias=x&domain_id=999999' })).status).toBe(400);
    expect.soft((await call('POST', '/api/v1/links/bulk-delete', { body: { ids: [999999] } })).status).toBe(404);
    expect.soft((await call('POST', '/api/v1/links', { body: { url: 'https://example.com', domain_id: 999999 } })).status).toBe(400);
    expect.soft((await call('POST', '/api/v1/links', { body: { url: LISTED } })).status).toBe(422);
    expect.soft((await call('PATCH', '/api/v1/links/{id}', { values: none, body: { note: 'x' } })).status).toBe(404);
    expect.soft((await call('PATCH', '/api/v1/links/{id}', { values: { id: link }, body: { alias: 'held' } })).status).toBe(409);
    expect.soft((await call('PATCH', '/api/v1/links/{id}', { values: { id: link }, body: { url: LISTED } })).status).toBe(422);
    expect.soft((await call('POST', '/api/v1/links/{id}/duplicate', { values: { id: listedLinkId } })).status).toBe(422);
    // Statistics and exports
    expect.soft((await call('GET', '/api/v1/links/{id}/events', { values: none })).status).toBe(404);
    expect.soft((await call('GET', '/api/v1/links/{id}/stats', { values: none })).status).toBe(404);
    expect.soft((await call('GET', '/api/v1/links/{id}/clicks/export', { values: none })).status).toBe(404);
    expect.soft((await call('GET', '/api/v1/links/{id}/clicks/export', { values: { id: link }, query: 'format=xml' })).status).toBe(400);
    expect.soft((await call('GET', '/api/v1/analytics', { query: 'link_id=999999' })).status).toBe(404);
    expect.soft((await call('GET', '/api/v1/analytics/export', { query: 'link_id=999999' })).status).toBe(404);
    // Webhooks
    const wh = { id: 'wh_nope' };
    expect.soft((await call('PATCH', '/api/v1/webhooks/{id}', { values: wh, body: { enabled: true } })).status).toBe(404);
    expect.soft((await call('DELETE', '/api/v1/webhooks/{id}', { values: wh })).status).toBe(404);
    expect.soft((await call('POST', '/api/v1/webhooks/{id}/rotate-secret', { values: wh })).status).toBe(404);
    expect.soft((await call('POST', '/api/v1/webhooks/{id}/test', { values: wh })).status).toBe(404);
    expect.soft((await call('GET', '/api/v1/webhooks/{id}/deliveries', { values: wh })).status).toBe(404);
    const made = await call('POST', '/api/v1/webhooks', { body: { url: receiver.url, events: ['link.created'] } });
    const webhookId = ((made.body as Json).webhook as Json).id as string;
    const delivery = (((await call('POST', '/api/v1/webhooks/{id}/test', { values: { id: webhookId } })).body as Json).delivery as Json).id as string;
    expect.soft((await call('GET', '/api/v1/webhooks/{id}/deliveries/{deliveryId}', { values: { id: webhookId, deliveryId: 'dl_nope' } })).status).toBe(404);
    expect
      .soft((await call('POST', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { values: { id: webhookId, deliveryId: 'dl_nope' } })).status)
      .toBe(404);
    await call('PATCH', '/api/v1/webhooks/{id}', { values: { id: webhookId }, body: { enabled: false } });
    expect
      .soft((await call('POST', '/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { values: { id: webhookId, deliveryId: delivery } })).status)
      .toBe(400);
    // API tokens: a Free workspace's cap
    expect.soft((await call('POST', '/api/v1/tokens/{id}/regenerate', { auth: 'cookie', values: { id: 'nope' } })).status).toBe(404);
    expect.soft((await call('POST', '/api/v1/tokens/{id}/rotate', { auth: 'cookie', values: { id: 'nope' } })).status).toBe(404);
    for (let i = 0; i < 50 && (await call('POST', '/api/v1/tokens', { auth: 'cookie', body: { name: `cap ${i}` } })).status === 201; i++);
    // Domains
    expect.soft((await call('PATCH', '/api/v1/domains/{id}', { values: none, body: { default: true } })).status).toBe(404);
    expect.soft((await call('DELETE', '/api/v1/domains/{id}', { values: none })).status).toBe(404);
    expect.soft((await call('POST', '/api/v1/domains/{id}/verify', { values: none })).status).toBe(404);
    // Variant A and Variant B
    expect.soft((await call('POST', '/api.php', { body: { url: 'https://example.com', domain_id: 999999 } })).status).toBe(400);
    expect.soft((await call('POST', '/api.php', { body: { url: 'https://example.com', alias: 'held' } })).status).toBe(409);
    expect.soft((await call('POST', '/api.php', { body: { url: LISTED } })).status).toBe(422);
    expect.soft((await call('GET', '/api.php', { query: 'action=list', auth: { bearer: narrow[1] } })).status).toBe(403);
    expect.soft((await call('DELETE', '/api.php')).status).toBe(400);
    expect.soft((await call('DELETE', '/api.php', { query: 'slug=missing' })).status).toBe(404);
    for (const method of ['PUT', 'PATCH']) {
      expect.soft((await call(method, '/api.php', { query: 'slug=missing', body: { max_clicks: 5 } })).status).toBe(404);
      expect.soft((await call(method, '/api.php', { query: 'slug=particular', body: { alias: 'held' } })).status).toBe(409);
      expect.soft((await call(method, '/api.php', { query: 'slug=particular', body: { url: LISTED } })).status).toBe(422);
      expect.soft((await call(method, '/api.php', { query: 'slug=particular', rawBody: { data: 'max_clicks=5', type: 'text/plain' } })).status).toBe(415);
    }
    expect.soft((await call('POST', '/api', { auth: 'none', body: { token: narrow[0], long_url: 'https://example.com/b' } })).status).toBe(403);
    expect.soft((await call('POST', '/api', { auth: 'none', body: { token, long_url: LISTED } })).status).toBe(422);
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  });

  test('429 once a workspace has spent its windows', async () => {
    const cookie = await signUpAndInVia(api, 'rita@example.com');
    const made = await call('POST', '/api/v1/tokens', { auth: { cookie }, body: { name: 'limited' } });
    const bearer = (made.body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie }, () => spendWindows(api, bearer, cookie));
  });

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
