// An enabled SAML connection for `domain`, set up through the REST API as an admin would (metadata
// URL, test, DNS proof, enable), through the typed API client over HTTP to `baseUrl`, and the IdP
// told about Sling's SP metadata.
import { apiClient, overHttp, type ApiResult } from './api-client';
import type { TestDnsServer } from './dns-server';
import type { SamlIdp } from './saml-idp';

export interface SamlConnection {
  id: string;
  saml: { acs_url: string; sp_entity_id: string; sp_metadata_url: string };
}

export async function enableSamlConnection(baseUrl: string, token: string, idp: SamlIdp, dns: TestDnsServer, domain: string): Promise<SamlConnection> {
  const api = apiClient(overHttp(baseUrl), { token });
  type Answer = { connection: SamlConnection & { domain_verification: { value: string }; test: { passed: boolean } } };
  const ok = (label: string, res: ApiResult) => {
    if (res.status < 200 || res.status > 299) throw new Error(`${label}: HTTP ${res.status} ${res.text}`);
    return res.json as Answer;
  };
  const { connection } = ok(
    'create',
    await api.call('createSsoConnection', { body: { type: 'saml', name: 'Test SAML', domain, saml: { metadata_url: idp.metadataUrl } } }),
  );
  // The connection's actions, each with an empty JSON body (as the dashboard sends them).
  const act = async (action: string) =>
    ok(action, await api.call('ssoConnectionAction', { params: { id: connection.id, action }, raw: { type: 'application/json', data: '{}' } }));
  const tested = await act('test');
  if (!tested.connection.test.passed) throw new Error(`SAML test failed: ${JSON.stringify(tested.connection.test)}`);
  await dns.addTxt(`_sling-sso.${domain}`, connection.domain_verification.value);
  await act('verify-domain');
  await act('enable');
  await idp.trustSp(connection.saml.sp_metadata_url);
  return connection;
}
