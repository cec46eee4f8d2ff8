// Environment variables of single sign-on and social sign-in.
import { z } from 'zod';
import { envDocs, httpUrl } from './env-fields';
import { isAddressOrRange } from '../core/address-range';

export const sso = {
  SSO_ALLOW_PRIVATE_ISSUERS: z
    .string()
    .trim()
    .default('false')
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every(isAddressOrRange), {
      error: 'must be true, false, or a comma-separated list of addresses and ranges (10.20.0.0/16, fd00:1::/64)',
    })
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((a) => a.trim())))
    .register(envDocs, {
      description:
        'Let SSO connections use identity providers on loopback and private addresses, and over `http://` (a local Keycloak or Dex): `true` for any such address, or a comma-separated list of the addresses and ranges allowed (`10.20.0.0/16,fd00:1::/64`; others stay refused). Without it, a connection whose issuer or SAML metadata URL is such an address is refused when saved (`400`), and "Test connection" refuses it again as it connects.',
      example: '10.20.0.0/16',
    }),
};

const oauthCredential = z.string().trim().min(1);
/** A provider's client id: with its secret it shows the provider's button. */
const clientId = (name: string, where: string) =>
  oauthCredential.optional().register(envDocs, {
    description: `The client id of Sling's OAuth app at ${name} (${where}); with the matching secret the sign-in and sign-up pages show “Continue with ${name}” ([social sign-in](../guide/social-sign-in.md)). Set both, or neither.`,
    unset: `no “Continue with ${name}”`,
  });
const clientSecret = (id: string) => oauthCredential.optional().register(envDocs, { description: `The client secret that goes with \`${id}\`.` });

export const social = {
  GOOGLE_CLIENT_ID: clientId('Google', 'Google Cloud console → APIs & Services → Credentials'),
  GOOGLE_CLIENT_SECRET: clientSecret('GOOGLE_CLIENT_ID'),
  GITHUB_CLIENT_ID: clientId('GitHub', 'Settings → Developer settings → OAuth Apps'),
  GITHUB_CLIENT_SECRET: clientSecret('GITHUB_CLIENT_ID'),
  MICROSOFT_CLIENT_ID: clientId('Microsoft', 'Microsoft Entra admin center → App registrations'),
  MICROSOFT_CLIENT_SECRET: clientSecret('MICROSOFT_CLIENT_ID'),
  MICROSOFT_TENANT_ID: z
    .string()
    .regex(/^[\w.-]{1,100}$/, 'must be common, organizations, consumers, a tenant id or a tenant domain')
    .default('common')
    .register(envDocs, {
      description:
        'Which Microsoft accounts may sign in: `common` (work, school and personal accounts), `organizations` (work and school), `consumers` (personal), or one tenant (its id or domain).',
      example: 'contoso.onmicrosoft.com',
    }),
  SOCIAL_PROVIDERS_STAND_IN_URL: httpUrl.optional().register(envDocs, {
    description:
      "For tests only: send every call to Google, GitHub and Microsoft to this base instead, the provider's host first in the path (`https://api.github.com/user` becomes `<base>/api.github.com/user`). Sling's own tests point it at a stand-in on loopback. Never set it in production.",
    unset: "the providers' real endpoints",
  }),
};
