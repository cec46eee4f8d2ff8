// What each kind of identity provider is called and what it asks for. The named ones prefill the
// issuer (with a placeholder the admin replaces) and the scopes and speak OpenID Connect here; any
// SAML 2.0 identity provider (Okta, Entra ID and Google Workspace included) is the `saml` type.
import type { SsoProviderType } from '../../db/schema';

export interface ProviderTemplate {
  label: string;
  protocol: 'oidc' | 'saml';
  /** The issuer URL with {placeholders}; empty when there is no usual shape. */
  issuerTemplate: string;
  scopes: string[];
  /** Where the admin finds the client id and secret, for the form and docs/guide/single-sign-on.md. */
  hint: string;
  available: boolean;
}

const OIDC_SCOPES = ['openid', 'email', 'profile'];

export const PROVIDER_TEMPLATES: Record<SsoProviderType, ProviderTemplate> = {
  entra: {
    label: 'Microsoft Entra ID',
    protocol: 'oidc',
    issuerTemplate: 'https://login.microsoftonline.com/{tenant-id}/v2.0',
    scopes: OIDC_SCOPES,
    hint: 'App registrations → New registration → Web redirect URI; the client secret is under Certificates & secrets.',
    available: true,
  },
  google: {
    label: 'Google Workspace',
    protocol: 'oidc',
    issuerTemplate: 'https://accounts.google.com',
    scopes: OIDC_SCOPES,
    hint: 'Google Cloud console → APIs & Services → Credentials → OAuth client ID (Web application).',
    available: true,
  },
  okta: {
    label: 'Okta',
    protocol: 'oidc',
    issuerTemplate: 'https://{your-org}.okta.com',
    scopes: OIDC_SCOPES,
    hint: 'Applications → Create App Integration → OIDC, Web Application; grant type Authorization Code.',
    available: true,
  },
  oidc: {
    label: 'OpenID Connect',
    protocol: 'oidc',
    issuerTemplate: '',
    scopes: OIDC_SCOPES,
    hint: 'Any provider with OpenID Connect discovery (/.well-known/openid-configuration) and the authorization code flow.',
    available: true,
  },
  saml: {
    label: 'SAML 2.0',
    protocol: 'saml',
    issuerTemplate: '',
    scopes: [],
    hint: 'Any SAML 2.0 identity provider (Okta, Microsoft Entra ID, Google Workspace, ADFS, …): give its metadata URL or XML, or its entity ID, sign-in URL and signing certificate.',
    available: true,
  },
};
