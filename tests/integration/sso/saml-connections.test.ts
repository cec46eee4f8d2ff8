// SAML 2.0 connections on Sling in the test process (the API through its router; the IdP, the ACS
// and the SP metadata reach it on its loopback port, as a browser and an IdP would), against a real SAML identity provider (samlify as
// the IdP, signing with its own generated key, tests/helpers/saml-idp.ts) and a real DNS server on
// loopback: the form's fields (metadata URL, or entity ID, SSO URL and certificate), the ACS URL,
// entity ID and SP metadata shown for the IdP, "Test connection" with each check (an expired
// signing certificate fails and enabling is refused), then SP-initiated and IdP-initiated sign-in:
// the newcomer joins with the default role, under the name from the mapped attribute, audited.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { CookieJar, hiddenField, postToAcs, sessionOf } from '../../helpers/saml-flow';
import { makeSigningKey, startSamlIdp, type SamlIdp } from '../../helpers/saml-idp';
import { challtestsrvPath } from '../../helpers/services';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { freePort } from '../../helpers/sling-process';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const challtestsrv = challtestsrvPath();
const OWNER = 'ann@saml.test';

describe.skipIf(!challtestsrv)('SAML 2.0 connections (PGlite)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let api: ApiClient;
  let owner: ApiClient;
  let connection: Record<string, any>;

  const action = (name: 'test' | 'verify-domain' | 'enable') => owner.call('ssoConnectionAction', { params: { id: connection.id, action: name } });
  const checksOf = (c: { test: { checks: { id: string; status: string }[] } }) => c.test.checks.map((k) => [k.id, k.status]);

  beforeAll(async () => {
    let idpPort: number;
    [tdb, dns, idpPort] = await Promise.all([suiteDatabase.migrated(), startDnsServer(challtestsrv!), freePort()]);
    idp = await startSamlIdp(idpPort, undefined, { email: 'mail', name: 'displayName' });
    sling = await startInProcessSling({ ...tdb.env, SSO_ALLOW_PRIVATE_ISSUERS: 'true', DNS_SERVERS: dns.address });
    await sling.seed.user(OWNER, { password: PASSWORD, name: OWNER.split('@')[0] });
    await makeEnterpriseTeam(sling.handle, 'saml-co', OWNER);
    api = apiClient(inProcess(sling));
    owner = api.as({ token: await sling.seed.token(OWNER, { workspace: 'saml-co' }) });
  }, 240_000); // a DNS server, an IdP and Sling start on a shared machine
  afterAll(async () => {
    await sling?.close();
    await idp?.stop();
    await dns?.stop();
    await tdb?.drop();
  });

  test('a SAML connection needs its IdP described: metadata, or entity ID, SSO URL and certificate', async () => {
    const res = await owner.call('createSsoConnection', { body: offSchema({ type: 'saml', domain: 'saml.test', saml: {} }) });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.details)).toEqual(['saml']);
    const bad = await owner.call('createSsoConnection', {
      body: offSchema({ type: 'saml', domain: 'saml.test', saml: { sso_url: 'not a url', certificate: '<oops>' } }),
    });
    const { error } = bad.json;
    expect(Object.keys(error.details)).toEqual(['saml']);
    expect(error.details.saml).toMatch(/the SSO URL must be an http\(s\) URL|the certificate must be/);
  });

  test('an expired signing certificate fails its check, and enabling is refused', async () => {
    const expired = await makeSigningKey(new Date(Date.now() - 30 * 86_400_000), new Date(Date.now() - 86_400_000));
    const res = await owner.call('createSsoConnection', {
      body: {
        type: 'saml',
        name: 'Acme SAML',
        domain: 'saml.test',
        saml: { entity_id: idp.entityId, sso_url: idp.ssoUrl, certificate: expired.cert },
        mapping: { email: 'mail', name: 'displayName' },
      },
    });
    expect(res.status).toBe(201);
    connection = res.json.connection;
    const acs = `${sling.url}/api/auth/sso/saml2/sp/acs/${connection.id}`;
    const entity = `${sling.url}/api/auth/sso/saml2/sp/metadata?providerId=${connection.id}`;
    expect(connection).toMatchObject({
      protocol: 'saml',
      type_label: 'SAML 2.0',
      callback_url: null,
      mapping: { email: 'mail', name: 'displayName' },
      enabled: false,
    });
    expect(connection.saml).toMatchObject({ acs_url: acs, sp_entity_id: entity, sp_metadata_url: entity, entity_id: idp.entityId, sso_url: idp.ssoUrl });

    const { connection: tested } = (await action('test')).json;
    expect(checksOf(tested)).toEqual([
      ['metadata', 'passed'],
      ['certificate', 'failed'],
      ['acs', 'passed'],
    ]);
    expect(tested.test.checks[1].detail).toMatch(/expired on \d{4}-\d{2}-\d{2}/);
    expect(tested.test.passed).toBe(false);
    const enable = await action('enable');
    expect(enable.status).toBe(409);
    expect(enable.json.error.details.missing).toEqual(['test', 'domain']);
  });

  test('Sling serves its SP metadata for the IdP (a draft too): the ACS URL and the entity ID', async () => {
    const res = await fetch(connection.saml.sp_metadata_url);
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${connection.saml.sp_entity_id.replace(/&/g, '&amp;')}"`);
    expect(xml).toContain(`Location="${connection.saml.acs_url}"`);
    expect(xml).toContain('WantAssertionsSigned="true"');
    expect((await fetch(`${sling.url}/api/auth/sso/saml2/sp/metadata?providerId=00000000-0000-0000-0000-000000000000`)).status).toBe(404);
  });

  test('with the IdP metadata URL every check passes; the DNS proof, then enabling', async () => {
    const patched = await owner.call('updateSsoConnection', { params: { id: connection.id }, body: { saml: { metadata_url: idp.metadataUrl } } });
    expect(patched.json.connection.saml).toMatchObject({ metadata_url: idp.metadataUrl, certificate: null });
    const { connection: tested } = (await action('test')).json;
    expect(checksOf(tested)).toEqual([
      ['metadata', 'passed'],
      ['certificate', 'passed'],
      ['acs', 'passed'],
    ]);
    expect(tested.saml.idp).toEqual({ entity_id: idp.entityId, sso_url: idp.ssoUrl });
    await dns.addTxt('_sling-sso.saml.test', connection.domain_verification.value);
    expect((await action('verify-domain')).json.verified).toBe(true);
    const enabled = await action('enable');
    expect(enabled.status).toBe(200);
    await idp.trustSp(connection.saml.sp_metadata_url);
  });

  test('SP-initiated: "Continue with SSO" → the IdP → back signed in, joined as Member under the mapped name', async () => {
    const jar = new CookieJar();
    const start = jar.take(
      await api.fetch('/api/auth/sign-in/sso', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify({ email: 'sam@saml.test' }),
      }),
    );
    expect(start.status).toBe(200);
    const to = new URL((await start.json()).url);
    expect(to.origin + to.pathname).toBe(idp.ssoUrl);
    expect(to.searchParams.get('SAMLRequest')).toBeTruthy();
    const loginPage = await (await fetch(to)).text();
    const form = new URLSearchParams({
      sp: hiddenField(loginPage, 'sp')!,
      request_id: hiddenField(loginPage, 'request_id')!,
      relay_state: hiddenField(loginPage, 'relay_state')!,
      email: 'sam@saml.test',
      name: 'Sam Sample',
    });
    expect(form.get('request_id')).toMatch(/^_/);
    const posting = await (await fetch(`${idp.url}/sso/login`, { method: 'POST', body: form })).text();
    const acs = await postToAcs(
      connection.saml.acs_url,
      { SAMLResponse: hiddenField(posting, 'SAMLResponse')!, RelayState: hiddenField(posting, 'RelayState')! },
      jar,
    );
    expect(acs.status).toBe(302);
    expect(acs.headers.get('location')).toBe(`${sling.url}/links`);
    expect(await sessionOf(sling.url, jar)).toMatchObject({ user: { email: 'sam@saml.test', name: 'Sam Sample' } });
    const { members } = (await owner.call('listMembers')).json;
    expect(members).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'sam@saml.test', role: 'member' })]));
    const { entries } = (await owner.call('listAudit')).json;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['sso.signed_in', 'member.provisioned']));
  });

  test('IdP-initiated: an unsolicited signed response posted to the ACS signs in and provisions', async () => {
    const launch = await (await fetch(`${idp.url}/launch?sp=${encodeURIComponent(connection.saml.sp_entity_id)}`)).text();
    const form = new URLSearchParams({ sp: hiddenField(launch, 'sp')!, request_id: '', relay_state: '', email: 'ida@saml.test', name: 'Ida Initiated' });
    const posting = await (await fetch(`${idp.url}/sso/login`, { method: 'POST', body: form })).text();
    expect(Buffer.from(hiddenField(posting, 'SAMLResponse')!, 'base64').toString()).not.toContain('InResponseTo');
    const jar = new CookieJar();
    const acs = await postToAcs(connection.saml.acs_url, { SAMLResponse: hiddenField(posting, 'SAMLResponse')! }, jar);
    expect(acs.status).toBe(302);
    expect(acs.headers.get('location')).toBe(`${sling.url}/links`);
    expect(await sessionOf(sling.url, jar)).toMatchObject({ user: { email: 'ida@saml.test', name: 'Ida Initiated' } });
    const { members } = (await owner.call('listMembers')).json;
    expect(members).toEqual(expect.arrayContaining([expect.objectContaining({ email: 'ida@saml.test', role: 'member' })]));
  });

  test('an existing password account is not joined by a SAML sign-in with its address: refused, its password kept', async () => {
    // Social sign-in joins such accounts (lib/auth/social-sign-in-rules.ts); single sign-on does
    // not, since the connection neither vouches for addresses nor is a trusted provider.
    await sling.seed.user('pat@saml.test', { password: PASSWORD });
    const byPassword = () =>
      api.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        as: 'none',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify({ email: 'pat@saml.test', password: PASSWORD }),
      });
    const before = new CookieJar();
    expect(before.take(await byPassword()).status).toBe(200);

    const launch = await (await fetch(`${idp.url}/launch?sp=${encodeURIComponent(connection.saml.sp_entity_id)}`)).text();
    const form = new URLSearchParams({ sp: hiddenField(launch, 'sp')!, request_id: '', relay_state: '', email: 'pat@saml.test', name: 'Pat Owner' });
    const posting = await (await fetch(`${idp.url}/sso/login`, { method: 'POST', body: form })).text();
    const jar = new CookieJar();
    const acs = await postToAcs(connection.saml.acs_url, { SAMLResponse: hiddenField(posting, 'SAMLResponse')! }, jar);
    expect(acs.status).toBe(302);
    expect(acs.headers.get('location')).toBe(`${sling.url}/login?error=account_not_linked`);
    expect(await sessionOf(sling.url, jar)).toBeNull();
    expect(await sessionOf(sling.url, before)).toMatchObject({ user: { email: 'pat@saml.test' } });
    expect((await byPassword()).status).toBe(200);
  });
});
