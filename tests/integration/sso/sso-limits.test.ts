// The limits SSO works within, on Sling in the test process (the API through its router), with the
// operator's defaults for private issuers (SSO_ALLOW_PRIVATE_ISSUERS unset):
// - "Continue with SSO" is counted like every other sign-in step: AUTH_ATTEMPTS_PER_MINUTE per
//   address and minute, not better-auth's built-in 3 per 10 s, so colleagues behind one office NAT
//   are not turned away after the third;
// - a connection whose identity provider is on a private address (or plain http) is refused when it
//   is saved, not only when it is tested.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const OWNER = 'ann@acme.test';
const ATTEMPTS = 5;

describe(`SSO limits on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let owner: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // TRUST_PROXY: each test's requests come from an address of its own (X-Forwarded-For).
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: String(ATTEMPTS), TRUST_PROXY: '1' });
    await sling.seed.user(OWNER, { plan: 'free', password: PASSWORD, name: 'ann' });
    await makeEnterpriseTeam(sling.handle, 'acme', OWNER);
    api = apiClient(inProcess(sling));
    owner = api.as({ token: await sling.seed.token(OWNER, { workspace: 'acme' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const post = (path: string, from: string, body: object) =>
    api.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sling.url, 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
  const startSso = (from: string) => post('/api/auth/sign-in/sso', from, { email: 'someone@no-sso.test' });

  test('POST /api/auth/sign-in/sso: AUTH_ATTEMPTS_PER_MINUTE per address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ATTEMPTS; i++) statuses.push((await startSso('198.51.100.7')).status);
    // No connection for the domain (404) still counts as an attempt.
    expect(statuses).toEqual([...Array<number>(ATTEMPTS).fill(404), 429]);
    const refused = await startSso('198.51.100.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const { error } = await refused.json();
    expect(error).toMatchObject({ code: 'rate_limited', details: { limit: ATTEMPTS, window_seconds: 60 } });
    expect(error.message).toContain(`sign-in attempts from one address is ${ATTEMPTS} per minute`);
    // Counted per address: a colleague elsewhere is not held up.
    expect((await startSso('198.51.100.8')).status).toBe(404);
  });

  test('POST /api/auth/sign-in/email: the same number per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ATTEMPTS; i++)
      statuses.push((await post('/api/auth/sign-in/email', '198.51.100.9', { email: OWNER, password: 'wrong password' })).status);
    expect(statuses).toEqual([...Array<number>(ATTEMPTS).fill(401), 429]);
    // better-auth's refusal, in the same shape as Sling's own.
    const refused = await post('/api/auth/sign-in/email', '198.51.100.9', { email: OWNER, password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('rate_limited');
  });

  const oidc = (issuer: string) => ({ type: 'oidc' as const, issuer, client_id: 'c', client_secret: 's', domain: 'acme.test' });

  test('POST /api/v1/workspace/sso: an issuer on a private address is refused with 400 naming the issuer', async () => {
    for (const issuer of ['https://169.254.169.254', 'https://10.0.0.1/realms/acme', 'https://[fd00::1]', 'https://100.64.0.1:8443', 'https://localhost']) {
      const res = await owner.call('createSsoConnection', { body: oidc(issuer) });
      expect(res.status, issuer).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
      expect(Object.keys(res.json.error.details)).toEqual(['issuer']);
      expect(res.json.error.details.issuer).toContain('SSO_ALLOW_PRIVATE_ISSUERS');
    }
    const http = await owner.call('createSsoConnection', { body: oidc('http://login.acme.test') });
    expect(http.status).toBe(400);
    expect(http.json.error.details.issuer).toContain('https');
    const saml = await owner.call('createSsoConnection', { body: { type: 'saml', domain: 'acme.test', saml: { metadata_url: 'https://10.0.0.1/metadata' } } });
    expect(saml.status).toBe(400);
    expect(Object.keys(saml.json.error.details)).toEqual(['saml']);
    expect((await owner.call('listSsoConnections')).json.connections).toEqual([]);
  });

  test('PATCH /api/v1/workspace/sso/{id}: moving the issuer to a private address is refused; a public one is kept', async () => {
    // A name that does not resolve (yet) is saved: "Test connection" reports it.
    const created = await owner.call('createSsoConnection', { body: oidc('https://login.acme.test') });
    expect(created.status).toBe(201);
    const id = created.json.connection.id as string;
    const moved = await owner.call('updateSsoConnection', { params: { id }, body: { issuer: 'https://169.254.169.254/latest' } });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.json.error.details)).toEqual(['issuer']);
    expect((await owner.call('getSsoConnection', { params: { id } })).json.connection.issuer).toBe('https://login.acme.test');
  });
});
