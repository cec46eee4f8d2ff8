// "Test connection" for SAML without a network: pasted metadata (from a real samlify IdP's
// metadata), hand-given fields, certificates generated valid, expired and not yet valid.
import { describe, expect, test } from 'vitest';
import type { SsoSamlSettings } from '../../db/schema';
import { testSamlConnection } from '../../lib/sso/test-saml-connection';
import { makeSigningKey } from '../helpers/saml-idp';
import samlifyDefault from 'samlify';

const DAY = 86_400_000;
const sp = { baseUrl: 'https://sling.example', connectionId: '6f1c2a9e-0000-4000-8000-000000000001' };
const none: SsoSamlSettings = { metadataUrl: null, metadataXml: null, entityId: null, ssoUrl: null, certificate: null, resolved: null };

function idpMetadata(cert: string, ssoUrl = 'https://idp.example/sso') {
  return samlifyDefault
    .IdentityProvider({
      entityID: 'https://idp.example/entity',
      signingCert: cert,
      singleSignOnService: [{ Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect', Location: ssoUrl }],
    })
    .getMetadata();
}
const statuses = (r: { checks: { id: string; status: string }[] }) => r.checks.map((c) => [c.id, c.status]);

describe('SAML test connection', () => {
  test('pasted metadata with a valid certificate passes every check and is kept for sign-in', async () => {
    const { cert } = await makeSigningKey();
    const r = await testSamlConnection({ ...none, metadataXml: idpMetadata(cert) }, sp, { allowPrivate: false });
    expect(statuses(r)).toEqual([
      ['metadata', 'passed'],
      ['certificate', 'passed'],
      ['acs', 'passed'],
    ]);
    expect(r.passed).toBe(true);
    expect(r.resolved).toMatchObject({ entityId: 'https://idp.example/entity', ssoUrl: 'https://idp.example/sso' });
    expect(r.checks[2].detail).toContain(`https://sling.example/api/auth/sso/saml2/sp/acs/${sp.connectionId}`);
  });

  test('an expired certificate fails, as does one not valid yet; nothing is kept', async () => {
    const expired = await makeSigningKey(new Date(Date.now() - 10 * DAY), new Date(Date.now() - DAY));
    const r = await testSamlConnection({ ...none, entityId: 'https://idp.example/entity', ssoUrl: 'https://idp.example/sso', certificate: expired.cert }, sp, {
      allowPrivate: false,
    });
    expect(statuses(r)).toEqual([
      ['metadata', 'passed'],
      ['certificate', 'failed'],
      ['acs', 'passed'],
    ]);
    expect(r.checks[1].detail).toMatch(/expired on/);
    expect(r).toMatchObject({ passed: false, resolved: null });
    const future = await makeSigningKey(new Date(Date.now() + DAY), new Date(Date.now() + 10 * DAY));
    const f = await testSamlConnection({ ...none, metadataXml: idpMetadata(future.cert) }, sp, { allowPrivate: false });
    expect(f.checks[1]).toMatchObject({ status: 'failed', detail: expect.stringMatching(/not valid before/) });
  });

  test('unreadable metadata, missing fields, a wrong entity ID or an http SSO URL fail the metadata check', async () => {
    const { cert } = await makeSigningKey();
    const bad = await testSamlConnection({ ...none, metadataXml: '<EntityDescriptor' }, sp, { allowPrivate: false });
    expect(statuses(bad)).toEqual([
      ['metadata', 'failed'],
      ['certificate', 'skipped'],
      ['acs', 'passed'],
    ]);
    const missing = await testSamlConnection({ ...none, entityId: 'x' }, sp, { allowPrivate: false });
    expect(missing.checks[0].detail).toMatch(/sign-in \(SSO\) URL, signing certificate/);
    const other = await testSamlConnection({ ...none, metadataXml: idpMetadata(cert), entityId: 'https://someone.else/' }, sp, { allowPrivate: false });
    expect(other.checks[0].detail).toMatch(/names the entity ID/);
    const http = await testSamlConnection({ ...none, metadataXml: idpMetadata(cert, 'http://idp.example/sso') }, sp, { allowPrivate: false });
    expect(http.checks[0].detail).toMatch(/must be an https URL/);
  });

  test('an http BASE_URL fails the ACS check unless private issuers are allowed', async () => {
    const { cert } = await makeSigningKey();
    const settings = { ...none, metadataXml: idpMetadata(cert) };
    const r = await testSamlConnection(settings, { ...sp, baseUrl: 'http://sling.example' }, { allowPrivate: false });
    expect(r.checks[2]).toMatchObject({ status: 'failed', detail: expect.stringMatching(/must use https/) });
  });
});
