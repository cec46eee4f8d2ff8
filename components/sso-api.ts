// The shapes of /api/v1/workspace/sso as the Single sign-on settings page reads them.
export interface ProviderType {
  type: string;
  label: string;
  protocol: 'oidc' | 'saml';
  issuer_template: string;
  hint: string;
  available: boolean;
}

export interface Check {
  id: string;
  label: string;
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
}

export interface ConnectionDomain {
  id: string;
  domain: string;
  verification: { type: 'TXT'; name: string; value: string };
  verified: boolean;
  verified_at: string | null;
}

export interface Connection {
  id: string;
  name: string;
  type: string;
  type_label: string;
  issuer: string;
  client_id: string;
  domain: string | null;
  domain_verification: { name: string; value: string; verified: boolean } | null;
  domains: ConnectionDomain[];
  default_role: 'member' | 'admin';
  require_sso: boolean;
  enabled: boolean;
  test: { passed: boolean; tested_at: string | null; checks: Check[] };
  /** OpenID Connect only. */
  callback_url: string | null;
  protocol: 'oidc' | 'saml';
  mapping: { email: string; name: string };
  saml: SamlSettings | null;
}

export interface SamlSettings {
  metadata_url: string | null;
  metadata_xml: string | null;
  entity_id: string | null;
  sso_url: string | null;
  certificate: string | null;
  idp: { entity_id: string; sso_url: string } | null;
  acs_url: string;
  sp_entity_id: string;
  sp_metadata_url: string;
}

export const SSO_API = '/api/v1/workspace/sso';
