// "Continue with Google / GitHub / Microsoft": each provider as better-auth's genericOAuth plugin
// config, on the provider's real endpoints, for the pairs of credentials the environment sets
// (docs/adr/0010-social-sign-in-generic-oauth.md says why not better-auth's built-in providers).
// Only the provider's word that an address is verified lets a sign-in join an existing account.
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { Config } from '../config/env';

export type SocialProviderId = 'google' | 'github' | 'microsoft';

/** In the order the sign-in page shows them. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProviderId, string> = { google: 'Google', github: 'GitHub', microsoft: 'Microsoft' };

type SocialConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GITHUB_CLIENT_ID'
  | 'GITHUB_CLIENT_SECRET'
  | 'MICROSOFT_CLIENT_ID'
  | 'MICROSOFT_CLIENT_SECRET'
  | 'MICROSOFT_TENANT_ID'
  | 'SOCIAL_PROVIDERS_STAND_IN_URL'
>;

/** The providers whose client id and secret are set (the pages learn only these names). */
export function enabledSocialProviders(config: SocialConfig): SocialProviderId[] {
  const on: SocialProviderId[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) on.push('google');
  if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) on.push('github');
  if (config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET) on.push('microsoft');
  return on;
}

/**
 * A provider's real URL, or with SOCIAL_PROVIDERS_STAND_IN_URL the same host and path under that
 * base (`https://api.github.com/user` → `<base>/api.github.com/user`): a stand-in speaking the
 * providers' protocols (the tests') then answers every call.
 */
function endpoint(config: SocialConfig, url: string): string {
  const base = config.SOCIAL_PROVIDERS_STAND_IN_URL;
  if (!base) return url;
  const { host, pathname, search } = new URL(url);
  return `${base.replace(/\/+$/, '')}/${host}${pathname}${search}`;
}

async function getJson<T>(url: string, accessToken: string): Promise<T | null> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Sling' },
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  return res.ok ? ((await res.json()) as T) : null;
}

type GitHubUser = { id: number; login: string; name: string | null; avatar_url?: string };
type GitHubEmail = { email: string; primary: boolean; verified: boolean };

/** GitHub: the profile from /user, the address from /user/emails: the primary one, verified only when GitHub says so. */
function github(config: SocialConfig): GenericOAuthConfig {
  const api = (path: string) => endpoint(config, `https://api.github.com${path}`);
  return {
    providerId: 'github',
    name: 'GitHub',
    clientId: String(config.GITHUB_CLIENT_ID),
    clientSecret: config.GITHUB_CLIENT_SECRET,
    authorizationUrl: endpoint(config, 'https://github.com/login/oauth/authorize'),
    tokenUrl: endpoint(config, 'https://github.com/login/oauth/access_token'),
    scopes: ['read:user', 'user:email'],
    getUserInfo: async (tokens) => {
      if (!tokens.accessToken) return null;
      const [user, emails] = await Promise.all([
        getJson<GitHubUser>(api('/user'), tokens.accessToken),
        getJson<GitHubEmail[]>(api('/user/emails'), tokens.accessToken),
      ]);
      const primary = emails?.find((e) => e.primary);
      if (!user || !primary) return null;
      return { id: String(user.id), name: user.name || user.login, email: primary.email, emailVerified: primary.verified === true, image: user.avatar_url };
    },
  };
}

/** Google: OpenID Connect; the ID token (straight from the token endpoint over TLS) carries sub, email and email_verified. */
function google(config: SocialConfig): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    clientId: String(config.GOOGLE_CLIENT_ID),
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    authorizationUrl: endpoint(config, 'https://accounts.google.com/o/oauth2/v2/auth'),
    tokenUrl: endpoint(config, 'https://oauth2.googleapis.com/token'),
    userInfoUrl: endpoint(config, 'https://openidconnect.googleapis.com/v1/userinfo'),
    scopes: ['openid', 'email', 'profile'],
  };
}

/** The claims of an ID token received straight from the provider's token endpoint over TLS (no signature check needed: OpenID Connect Core 3.1.3.7). */
function idTokenClaims<T>(idToken: string): T | null {
  try {
    return JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

type MicrosoftClaims = {
  oid?: string;
  tid?: string;
  email?: string;
  name?: string;
  email_verified?: unknown;
  xms_edov?: unknown;
  verified_primary_email?: string[];
};
type GraphMe = { displayName?: string | null; mail?: string | null };

/**
 * Microsoft (Entra ID and personal accounts, v2.0 endpoints): the account is the ID token's `oid`; the
 * name from Graph /me. Entra does not vouch for the `email` claim by itself (any tenant can set it),
 * so it counts as verified only with `email_verified`, `xms_edov` (the domain's owner verified it) or
 * `verified_primary_email` naming it.
 */
function microsoft(config: SocialConfig): GenericOAuthConfig {
  const tenant = config.MICROSOFT_TENANT_ID;
  return {
    providerId: 'microsoft',
    name: 'Microsoft',
    clientId: String(config.MICROSOFT_CLIENT_ID),
    clientSecret: config.MICROSOFT_CLIENT_SECRET,
    authorizationUrl: endpoint(config, `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`),
    tokenUrl: endpoint(config, `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`),
    scopes: ['openid', 'profile', 'email', 'User.Read'],
    getUserInfo: async (tokens) => {
      if (!tokens.idToken || !tokens.accessToken) return null;
      const claims = idTokenClaims<MicrosoftClaims>(tokens.idToken);
      if (!claims) return null;
      const me = await getJson<GraphMe>(endpoint(config, 'https://graph.microsoft.com/v1.0/me'), tokens.accessToken);
      const email = claims.email ?? me?.mail ?? undefined;
      if (!claims.oid || !email || !me) return null;
      const vouched = claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true || claims.xms_edov === '1';
      const verified = email === claims.email && (vouched || Boolean(claims.verified_primary_email?.includes(email)));
      return { id: claims.oid, name: me.displayName ?? claims.name ?? '', email, emailVerified: verified };
    },
  };
}

const BUILDERS: Record<SocialProviderId, (config: SocialConfig) => GenericOAuthConfig> = { google, github, microsoft };

/** The genericOAuth plugin's config list for the configured providers (empty: no social sign-in). */
export function socialProviderConfigs(config: SocialConfig): GenericOAuthConfig[] {
  return enabledSocialProviders(config).map((id) => BUILDERS[id](config));
}
