// An enabled SAML connection for `domain`, set up through the REST API as an admin would (metadata
// URL, test, DNS proof, enable), and the IdP told about Sling's SP metadata.
import type { TestDnsServer } from './dns-server';
import type { SamlIdp } from './saml-idp';

export interface SamlConnection {
  id: string;
  saml: { acs_url: string; sp_entity_id: string; sp_metadata_url: string };
}

export async function enableSamlConnection(baseUrl: string, token: string, idp: SamlIdp, dns: TestDnsServer, domain: string): Promise<SamlConnection> {
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}/api/v1/workspace/sso${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { connection: SamlConnection & { domain_verification: { value: string }; test: { passed: boolean } } };
  };
  const { connection } = await call('', { type: 'saml', name: 'Test SAML', domain, saml: { metadata_url: idp.metadataUrl } });
  const tested = await call(`/${connection.id}/test`, {});
  if (!tested.connection.test.passed) throw new Error(`SAML test failed: ${JSON.stringify(tested.connection.test)}`);
  await dns.addTxt(`_sling-sso.${domain}`, connection.domain_verification.value);
  await call(`/${connection.id}/verify-domain`, {});
  await call(`/${connection.id}/enable`, {});
  await idp.trustSp(connection.saml.sp_metadata_url);
  return connection;
}
