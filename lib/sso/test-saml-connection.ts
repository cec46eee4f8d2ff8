// "Test connection" for a SAML 2.0 identity provider, each check reported on its own:
// - metadata: the metadata URL is fetched (or the pasted XML, or the fields given by hand, read)
//   and names the IdP's entity ID, its HTTP-Redirect sign-in URL and a signing certificate;
// - certificate: every signing certificate is valid X.509 and valid now (an expired one fails);
// - acs: the ACS URL and entity ID Sling gives the IdP are on this instance's BASE_URL (https unless
//   SSO_ALLOW_PRIVATE_ISSUERS), and the SP metadata samlify builds for the connection names that
//   ACS URL with the HTTP-POST binding, so what the IdP is told and what Sling checks agree.
// The description read here is kept (`resolved`); sign-in uses it, never refetching the URL.
import * as samlifyNs from 'samlify';
import type { SsoCheck, SsoSamlSettings } from '../../db/schema';
import { CheckFailed, fetchChecked, type TestOptions } from './check-fetch';
import { checkCertificate, describeManualIdp, MetadataError, readIdpMetadata, SAML_BINDING_POST, type IdpDescription } from './saml-idp-metadata';
import { samlAcsUrl, samlSpEntityId } from './saml-urls';

// samlify is CommonJS: its namespace has every export only under `default` when loaded as ESM.
const samlify = ((samlifyNs as unknown as { default?: typeof samlifyNs }).default ?? samlifyNs) as typeof samlifyNs;

const LABELS = {
  metadata: 'Identity provider metadata read',
  certificate: 'Signing certificate valid and not expired',
  acs: 'ACS URL and entity ID consistent',
} as const;

export interface SamlTestResult {
  passed: boolean;
  checks: SsoCheck[];
  resolved: SsoSamlSettings['resolved'];
}

export async function testSamlConnection(
  settings: SsoSamlSettings,
  sp: { baseUrl: string; connectionId: string },
  opts: TestOptions,
  now = new Date(),
): Promise<SamlTestResult> {
  const checks: SsoCheck[] = [];
  const report = (id: keyof typeof LABELS, status: SsoCheck['status'], detail: string) => checks.push({ id, label: LABELS[id], status, detail });

  let idp: IdpDescription | null = null;
  let metadataXml: string | null = null;
  try {
    if (settings.metadataXml) metadataXml = settings.metadataXml;
    else if (settings.metadataUrl) {
      const { status, text } = await fetchChecked(settings.metadataUrl, opts, {
        headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      });
      if (status !== 200) throw new CheckFailed(`${settings.metadataUrl} answered HTTP ${status}.`);
      metadataXml = text;
    }
    idp = metadataXml ? readIdpMetadata(metadataXml) : describeManualIdp(settings);
    if (settings.entityId && settings.entityId !== idp.entityId)
      throw new CheckFailed(`The metadata names the entity ID "${idp.entityId}", not "${settings.entityId}".`);
    const sso = URL.canParse(idp.ssoUrl) ? new URL(idp.ssoUrl) : null;
    if (!sso || (sso.protocol !== 'https:' && !(opts.allowPrivate && sso.protocol === 'http:')))
      throw new CheckFailed(`The sign-in URL ${idp.ssoUrl} must be an https URL.`);
    report('metadata', 'passed', `${idp.entityId}; sign-in at ${idp.ssoUrl}`);
  } catch (err) {
    const known = err instanceof CheckFailed || err instanceof MetadataError;
    report('metadata', 'failed', known ? err.message : 'The metadata could not be read.');
    idp = null;
  }

  if (!idp) report('certificate', 'skipped', 'Not checked: the metadata could not be read.');
  else {
    const verdicts = idp.certificates.map((c) => checkCertificate(c, now));
    const bad = verdicts.find((v) => !v.ok);
    report('certificate', bad ? 'failed' : 'passed', bad ? bad.detail : verdicts.map((v) => v.detail).join('; '));
  }

  report('acs', ...checkAcs(sp, opts));
  const passed = checks.every((c) => c.status === 'passed');
  return { passed, checks, resolved: passed && idp ? { ...idp, metadataXml } : null };
}

function checkAcs(sp: { baseUrl: string; connectionId: string }, opts: TestOptions): [SsoCheck['status'], string] {
  const acs = samlAcsUrl(sp.baseUrl, sp.connectionId);
  const entityId = samlSpEntityId(sp.baseUrl, sp.connectionId);
  const base = new URL(sp.baseUrl);
  if (base.protocol !== 'https:' && !opts.allowPrivate) return ['failed', `BASE_URL (${sp.baseUrl}) must use https for identity providers to post to ${acs}.`];
  const metadata = samlify.SPMetadata({
    entityID: entityId,
    assertionConsumerService: [{ Binding: SAML_BINDING_POST, Location: acs }],
    wantAssertionsSigned: true,
  });
  const advertised = metadata.getAssertionConsumerService('post');
  if (advertised !== acs || metadata.getEntityID() !== entityId || new URL(acs).origin !== base.origin) {
    return ['failed', `Sling's service-provider metadata does not name ${acs}; check BASE_URL.`];
  }
  return ['passed', `ACS URL ${acs} (HTTP-POST), entity ID ${entityId}`];
}
