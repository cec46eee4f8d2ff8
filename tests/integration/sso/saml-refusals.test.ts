// What a SAML ACS must refuse, each against a real samlify IdP on loopback: a tampered assertion
// (its signature broken, or removed), an assertion for another audience, an expired one, and the same
// response posted twice (the assertion ID is remembered in the database until it expires). Each
// refusal ends on the sign-in page with the reason, never a 500, and signs nobody in. It stays on a
// server process over HTTP: the reason is read on the Next-rendered sign-in page, which the
// in-process Sling does not serve.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestContext } from '../../helpers/open-test-handle';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { CookieJar, postToAcs, sessionOf, tamper } from '../../helpers/saml-flow';
import { startSamlIdp, type SamlIdp } from '../../helpers/saml-idp';
import { enableSamlConnection, type SamlConnection } from '../../helpers/saml-setup';
import { challtestsrvPath } from '../../helpers/services';
import { freePort, startSling, type SlingProcess } from '../../helpers/sling-process';
import { createEnterpriseTeam, createToken, createUser } from '../../helpers/sso-fixtures';

const challtestsrv = challtestsrvPath();

describe.skipIf(!challtestsrv)('SAML ACS refusals (PGlite)', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let dns: TestDnsServer;
  let idp: SamlIdp;
  let connection: SamlConnection;

  beforeAll(async () => {
    let idpPort: number;
    [tdb, dns, idpPort] = await Promise.all([suiteDatabase.migrated(), startDnsServer(challtestsrv!), freePort()]);
    idp = await startSamlIdp(idpPort);
    await createUser(tdb.env, 'owner@refuse.test');
    await createEnterpriseTeam(tdb, 'refuse', 'owner@refuse.test');
    const token = await createToken(tdb.env, 'owner@refuse.test', 'refuse');
    sling = await startSling({ ...tdb.env, SSO_ALLOW_PRIVATE_ISSUERS: 'true', DNS_SERVERS: dns.address });
    connection = await enableSamlConnection(sling.url, token, idp, dns, 'refuse.test');
  }, 240_000); // several processes start on a shared machine
  afterAll(async () => {
    await sling?.stop();
    await idp?.stop();
    await dns?.stop();
    await tdb?.drop();
  });

  const respond = (email: string, over: Partial<Parameters<SamlIdp['respond']>[0]> = {}) =>
    idp.respond({ spEntityId: connection.saml.sp_entity_id, email, ...over });

  /** Posts the response; expects the sign-in page with an error and no session. */
  async function expectRefused(SAMLResponse: string): Promise<URL> {
    const jar = new CookieJar();
    const res = await postToAcs(connection.saml.acs_url, { SAMLResponse }, jar);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(`${sling.url}/login`);
    expect(to.searchParams.get('error')).toBeTruthy();
    expect(await sessionOf(sling.url, jar)).toBeNull();
    // The sign-in page shows why.
    const page = await (await fetch(to)).text();
    expect(page).toContain('Single sign-on did not complete');
    return to;
  }

  test('the control: a good response signs in', async () => {
    const { SAMLResponse } = await respond('good@refuse.test');
    const jar = new CookieJar();
    const res = await postToAcs(connection.saml.acs_url, { SAMLResponse }, jar);
    expect(res.headers.get('location')).toBe(`${sling.url}/links`);
    expect(await sessionOf(sling.url, jar)).toMatchObject({ user: { email: 'good@refuse.test' } });
  });

  test('a tampered assertion (another address after signing) is refused', async () => {
    const { SAMLResponse } = await respond('victim@refuse.test');
    await expectRefused(tamper(SAMLResponse, /victim@refuse\.test/g, 'mallory@refuse.test'));
  });

  test('an assertion with its signature removed is refused (signed assertions are required)', async () => {
    const { SAMLResponse } = await respond('unsigned@refuse.test');
    await expectRefused(tamper(SAMLResponse, /<ds:Signature[\s\S]*<\/ds:Signature>/, ''));
  });

  test('an assertion for another audience is refused', async () => {
    const { SAMLResponse } = await respond('aud@refuse.test', { audience: 'https://other-sp.example/metadata' });
    const to = await expectRefused(SAMLResponse);
    expect(to.searchParams.get('error_description')).toMatch(/audience/i);
  });

  test('an expired assertion (NotOnOrAfter in the past) is refused', async () => {
    const { SAMLResponse } = await respond('late@refuse.test', { notOnOrAfter: new Date(Date.now() - 60 * 60_000) });
    await expectRefused(SAMLResponse);
  });

  test('a replayed response is refused the second time', async () => {
    const { SAMLResponse } = await respond('replay@refuse.test');
    const first = new CookieJar();
    expect((await postToAcs(connection.saml.acs_url, { SAMLResponse }, first)).headers.get('location')).toBe(`${sling.url}/links`);
    const to = await expectRefused(SAMLResponse);
    expect(to.searchParams.get('error')).toBe('replay_detected');
  });

  test('nobody refused was signed up', async () => {
    await sling.stop();
    const ctx = await openTestContext(tdb);
    try {
      const rows = await ctx.handle.query<{ email: string }>(`SELECT email FROM users WHERE email LIKE '%@refuse.test' ORDER BY email`);
      expect(rows.map((r) => r.email)).toEqual(['good@refuse.test', 'owner@refuse.test', 'replay@refuse.test']);
      // The used assertion ID is kept in the database (so a second instance refuses it too).
      const [used] = await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM verifications WHERE identifier LIKE 'saml-used-assertion:%'`);
      expect(used.n).toBe(2);
    } finally {
      await ctx.handle.close();
    }
  });
});
