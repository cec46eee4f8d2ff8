// SSO connections on Sling in the test process (the API through its router), against a real OpenID provider (oidc-provider) and a real
// DNS server (pebble-challtestsrv) on loopback: Enterprise only, the client secret never returned
// nor stored readable, "Test connection" reporting each check (a wrong secret and an unreachable
// issuer fail), enabling refused until the test passes and the domain is proven by TXT record,
// "Continue with SSO" sent to the provider with PKCE, and "Require SSO" refusing a member's
// password sign-in while the owner keeps it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startIdp, type TestIdp } from '../../helpers/oidc-idp';
import { challtestsrvPath } from '../../helpers/services';
import { freePort } from '../../helpers/sling-process';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const challtestsrv = challtestsrvPath();
const OWNER = 'ann@acme.test';
const MEMBER = 'mia@acme.test';
const FREE = 'bob@example.com';

describe.skipIf(!challtestsrv)('SSO connections (PGlite)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let dns: TestDnsServer;
  let idp: TestIdp | undefined;
  let idpPort: number;
  let api: ApiClient;
  let owner: ApiClient;
  let free: ApiClient;
  let connection: Record<string, any>;

  const signIn = (email: string) =>
    api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
  const startSso = (email: string) =>
    api.fetch('/api/auth/sign-in/sso', { method: 'POST', headers: { 'content-type': 'application/json', origin: sling.url }, body: JSON.stringify({ email }) });
  const action = (name: string) => owner.call('ssoConnectionAction', { params: { id: connection.id, action: name } });

  beforeAll(async () => {
    [tdb, dns, idpPort] = await Promise.all([suiteDatabase.migrated(), startDnsServer(challtestsrv!), freePort()]);
    // TRUST_PROXY: a test's requests may come from an address of their own (X-Forwarded-For).
    sling = await startInProcessSling({
      ...tdb.env,
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      DNS_SERVERS: dns.address,
      AUTH_ATTEMPTS_PER_MINUTE: '100',
      TRUST_PROXY: '1',
    });
    for (const email of [OWNER, MEMBER, FREE]) await sling.seed.user(email, { plan: 'free', password: PASSWORD, name: email.split('@')[0] });
    await makeEnterpriseTeam(sling.handle, 'acme', OWNER, [MEMBER]);
    api = apiClient(inProcess(sling));
    owner = api.as({ token: await sling.seed.token(OWNER, { workspace: 'acme' }) });
    free = api.as({ token: await sling.seed.token(FREE) });
  });
  afterAll(async () => {
    await sling?.close();
    await idp?.stop();
    await dns?.stop();
    await tdb?.drop();
  });

  const body = (over: Record<string, unknown> = {}) => ({
    type: 'okta',
    name: 'Acme Okta',
    issuer: `http://127.0.0.1:${idpPort}`,
    client_id: 'sling-test-client',
    client_secret: 'wrong-secret-for-now',
    domain: 'acme.test',
    ...over,
  });

  test('a workspace on another plan gets 403 plan_required naming the plan', async () => {
    const res = await free.call('createSsoConnection', { body: body() });
    expect(res.status).toBe(403);
    const { error } = res.json;
    expect(error.code).toBe('plan_required');
    expect(error.message).toContain('Enterprise');
    expect(error.message).toContain('Free');
    expect(error.details).toMatchObject({ required_plan: 'enterprise', plan: 'free' });
  });

  test('bad input is a 400 naming the field; a SAML connection takes SAML settings, not client credentials', async () => {
    const bad = await owner.call('createSsoConnection', { body: body({ issuer: 'https://{your-org}.okta.com', domain: 'not a domain' }) });
    expect(bad.status).toBe(400);
    const { error } = bad.json;
    expect(Object.keys(error.details).sort()).toEqual(['domain', 'issuer']);
    const saml = await owner.call('createSsoConnection', { body: offSchema(body({ type: 'saml' })) });
    expect(saml.status).toBe(400);
    const samlDetails = saml.json.error.details;
    expect(samlDetails).toMatchObject({ issuer: 'Unknown field.', client_id: 'Unknown field.', client_secret: 'Unknown field.' });
    expect(samlDetails.saml).toBeTruthy();
  });

  test('a connection is created as a draft: callback URL and DNS record shown, the secret never', async () => {
    const res = await owner.call('createSsoConnection', { body: body() });
    expect(res.status).toBe(201);
    const text = res.text;
    expect(text).not.toContain('wrong-secret-for-now');
    connection = JSON.parse(text).connection;
    expect(connection).toMatchObject({
      type: 'okta',
      type_label: 'Okta',
      enabled: false,
      client_secret_set: true,
      default_role: 'member',
      scopes: ['openid', 'email', 'profile'],
      callback_url: `${sling.url}/api/auth/sso/callback/${connection.id}`,
      domain_verification: { type: 'TXT', name: '_sling-sso.acme.test', verified: false },
    });
    expect(connection.domain_verification.value).toMatch(/^sling-sso=[0-9a-f]{32}$/);
    const list = (await owner.call('listSsoConnections')).json;
    expect(list.connections.map((c: { id: string }) => c.id)).toEqual([connection.id]);
    expect(list.provider_types.find((t: { type: string }) => t.type === 'entra').issuer_template).toContain('login.microsoftonline.com');
    // Another workspace does not see it.
    expect((await free.call('getSsoConnection', { params: { id: connection.id } })).status).toBe(403);
  });

  test('an unreachable issuer fails discovery and the rest is not checked; enabling is refused', async () => {
    const res = await action('test');
    expect(res.status).toBe(200);
    const { connection: c } = res.json;
    expect(c.test.passed).toBe(false);
    expect(c.test.checks.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([
      ['discovery', 'failed'],
      ['issuer', 'skipped'],
      ['jwks', 'skipped'],
      ['client', 'skipped'],
    ]);
    expect(c.test.checks[0].detail).toMatch(/could not be reached/);
    const enable = await action('enable');
    expect(enable.status).toBe(409);
    const { error } = enable.json;
    expect(error.code).toBe('sso_not_ready');
    expect(error.details.missing).toEqual(['test', 'domain']);
  });

  test('with the provider up, a wrong client secret fails the client check only', async () => {
    idp = await startIdp(idpPort, [connection.callback_url]);
    const { connection: c } = (await action('test')).json;
    expect(c.test.checks.map((k: { id: string; status: string }) => [k.id, k.status])).toEqual([
      ['discovery', 'passed'],
      ['issuer', 'passed'],
      ['jwks', 'passed'],
      ['client', 'failed'],
    ]);
    expect(c.test.checks[3].detail).toContain('invalid_client');
    expect(c.test.passed).toBe(false);
    expect((await action('enable')).status).toBe(409);
  });

  test('the right secret passes every check', async () => {
    const patched = await owner.call('updateSsoConnection', { params: { id: connection.id }, body: { client_secret: idp!.clientSecret } });
    expect(patched.status).toBe(200);
    expect(patched.text).not.toContain(idp!.clientSecret);
    const { connection: c } = (await action('test')).json;
    expect(c.test.checks.every((k: { status: string }) => k.status === 'passed')).toBe(true);
    expect(c.test.passed).toBe(true);
  });

  test('the domain is proven by its TXT record, then the connection can be enabled', async () => {
    const early = await action('enable');
    expect(early.json.error.details.missing).toEqual(['domain']);
    const missing = (await action('verify-domain')).json;
    expect(missing.verified).toBe(false);
    await dns.addTxt('_sling-sso.acme.test', connection.domain_verification.value);
    const found = (await action('verify-domain')).json;
    expect(found.verified).toBe(true);
    expect(found.connection.domain_verification.verified).toBe(true);
    const enabled = await action('enable');
    expect(enabled.status).toBe(200);
    expect(enabled.json.connection.enabled).toBe(true);
  });

  test('"Continue with SSO" sends an address of the domain to the provider, with PKCE', async () => {
    const res = await startSso('New.Person@ACME.test');
    expect(res.status).toBe(200);
    const url = new URL((await res.json()).url);
    expect(url.origin).toBe(idp!.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp!.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(connection.callback_url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
    const other = await startSso('someone@elsewhere.test');
    expect(other.status).toBe(404);
  });

  test('"Continue with SSO" by colleagues behind one address: AUTH_ATTEMPTS_PER_MINUTE, not better-auth\'s 3 per 10 s', async () => {
    const office = (i: number) =>
      api.fetch('/api/auth/sign-in/sso', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: sling.url, 'x-forwarded-for': '203.0.113.40' },
        body: JSON.stringify({ email: `colleague${i}@acme.test` }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await office(i)).status);
    expect(statuses).toEqual(Array<number>(8).fill(200));
  });

  // The browser coming back from the provider (GET, no redirects followed).
  const callback = (query: Record<string, string>, cookie?: string) =>
    api.fetch(`/api/auth/sso/callback/${connection.id}?${new URLSearchParams(query)}`, { headers: cookie ? { cookie } : {} });
  const started = async (email: string) => {
    const res = await startSso(email);
    expect(res.status).toBe(200);
    const state = new URL((await res.json()).url).searchParams.get('state')!;
    return {
      state,
      cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
  };

  test('GET /api/auth/sso/callback/{id} with a tampered or missing state ends on /login with the reason', async () => {
    const { cookie } = await started('tampered@acme.test');
    for (const [query, error] of [
      [{ code: 'x', state: 'not-the-state' }, 'state_mismatch'],
      [{ code: 'x' }, 'state_not_found'],
    ] as const) {
      const res = await callback(query, cookie);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${sling.url}/login?error=${error}`);
    }
  });

  test('GET /api/auth/sso/callback/{id} for a flow that expired, was used already (the back button) or was started again in another tab ends on /login?error=state_mismatch', async () => {
    const toLogin = `${sling.url}/login?error=state_mismatch`;
    // Expired: better-auth deletes expired states; so does this test, at once.
    const expired = await started('late@acme.test');
    await sling.handle.query(`DELETE FROM verifications WHERE value LIKE '%' || $1 || '%'`, [expired.state]);
    expect((await callback({ code: 'x', state: expired.state }, expired.cookie)).headers.get('location')).toBe(toLogin);
    // Used: the provider's code is refused (it is made up), which uses the state up.
    const used = await started('twice@acme.test');
    const first = await callback({ code: 'made-up', state: used.state }, used.cookie);
    expect(first.headers.get('location')).toMatch(new RegExp(`^${sling.url}/login\\?error=invalid_provider`));
    expect((await callback({ code: 'made-up', state: used.state }, used.cookie)).headers.get('location')).toBe(toLogin);
    // Another tab, or the cookie gone (another browser).
    const tab = await started('tabs@acme.test');
    const again = await started('tabs@acme.test');
    expect((await callback({ code: 'x', state: tab.state }, again.cookie)).headers.get('location')).toBe(toLogin);
    expect((await callback({ code: 'x', state: again.state })).headers.get('location')).toBe(toLogin);
  });

  test('a second email domain has its own TXT proof; sign-in by email picks the connection by any verified domain', async () => {
    const added = await owner.call('addSsoDomain', { params: { id: connection.id }, body: { domain: 'Acme-Labs.test' } });
    expect(added.status).toBe(201);
    const c = added.json.connection;
    expect(c.domains.map((d: { domain: string; verified: boolean }) => [d.domain, d.verified])).toEqual([
      ['acme.test', true],
      ['acme-labs.test', false],
    ]);
    const labs = c.domains[1];
    expect(labs.verification).toMatchObject({ type: 'TXT', name: '_sling-sso.acme-labs.test' });
    expect(labs.verification.value).not.toBe(c.domains[0].verification.value);
    expect((await owner.call('addSsoDomain', { params: { id: connection.id }, body: { domain: 'acme-labs.test' } })).status).toBe(400);
    // Not proven yet: no SSO for its addresses.
    expect((await startSso('lee@acme-labs.test')).status).toBe(404);
    const pending = (await owner.call('verifySsoDomain', { params: { id: connection.id, domainId: labs.id } })).json;
    expect(pending.verified).toBe(false);
    await dns.addTxt('_sling-sso.acme-labs.test', labs.verification.value);
    const proven = (await owner.call('verifySsoDomain', { params: { id: connection.id, domainId: labs.id } })).json;
    expect(proven.verified).toBe(true);
    const start = await startSso('lee@acme-labs.test');
    expect(start.status).toBe(200);
    expect(new URL((await start.json()).url).searchParams.get('client_id')).toBe(idp!.clientId);
    // Removed, its addresses no longer go to the provider; the connection stays enabled by acme.test.
    const removed = await owner.call('removeSsoDomain', { params: { id: connection.id, domainId: labs.id } });
    expect(removed.json.connection).toMatchObject({ enabled: true, domains: [{ domain: 'acme.test' }] });
    expect((await startSso('lee@acme-labs.test')).status).toBe(404);
    // Another workspace cannot touch this connection's domains.
    expect((await free.call('addSsoDomain', { params: { id: connection.id }, body: { domain: 'x.test' } })).status).toBe(403);
  });

  test('"Require SSO" refuses a member\'s password sign-in, pointing to SSO; the owner keeps it', async () => {
    expect((await signIn(MEMBER)).status).toBe(200);
    const on = await owner.call('updateSsoConnection', { params: { id: connection.id }, body: { require_sso: true } });
    expect(on.json.connection.require_sso).toBe(true);
    const refused = await signIn(MEMBER);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/Continue with SSO/);
    expect((await signIn(OWNER)).status).toBe(200);
    const off = await action('disable');
    expect(off.json.connection.enabled).toBe(false);
    // A disabled connection requires nothing.
    expect((await signIn(MEMBER)).status).toBe(200);
    expect((await action('enable')).status).toBe(200);
  });

  test('the database holds neither the client secret nor the provider config readable', async () => {
    const db = sling.handle;
    const dump = JSON.stringify([await db.query('SELECT * FROM sso_connections'), await db.query('SELECT * FROM sso_providers')]);
    expect(dump).toContain(connection.id);
    expect(dump).not.toContain(idp!.clientSecret);
    expect(dump).not.toContain('clientSecret');
    const [row] = await db.query<{ oidc_config: string }>('SELECT oidc_config FROM sso_providers');
    expect(row.oidc_config).toMatch(/^v1\./);
  });
});
