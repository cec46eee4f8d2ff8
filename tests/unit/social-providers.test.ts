// The social sign-in settings: a client id without its secret (or the reverse) stops the start with
// a clear line; only complete pairs become providers, on the providers' real endpoints unless the
// stand-in URL is set.
import { describe, expect, test } from 'vitest';
import { parseEnv } from '../../lib/config/env';
import { enabledSocialProviders, socialProviderConfigs } from '../../lib/auth/social-providers';
import { signInMethodLabel } from '../../lib/auth/sign-in-method';
import { socialErrorMessage } from '../../lib/auth/social-error-message';

describe('social sign-in configuration', () => {
  test('a client id needs its secret, and a secret its id', () => {
    expect(() => parseEnv({ GITHUB_CLIENT_ID: 'abc' })).toThrow(
      'Invalid configuration: GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together (or neither, for no github sign-in)',
    );
    expect(() => parseEnv({ MICROSOFT_CLIENT_SECRET: 'x' })).toThrow('MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET must be set together');
    expect(() => parseEnv({ MICROSOFT_TENANT_ID: 'a b' })).toThrow('MICROSOFT_TENANT_ID must be common, organizations, consumers');
    expect(() => parseEnv({ SOCIAL_PROVIDERS_STAND_IN_URL: 'ftp://x' })).toThrow('SOCIAL_PROVIDERS_STAND_IN_URL must be a URL');
  });

  test('only complete pairs become providers, in the page order', () => {
    expect(enabledSocialProviders(parseEnv({}))).toEqual([]);
    const config = parseEnv({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_CLIENT_SECRET: 'ms', GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs' });
    expect(enabledSocialProviders(config)).toEqual(['google', 'microsoft']);
    expect(config.MICROSOFT_TENANT_ID).toBe('common');
  });

  test("the providers' real endpoints, or the same host and path under the stand-in", () => {
    const env = {
      GITHUB_CLIENT_ID: 'id',
      GITHUB_CLIENT_SECRET: 'secret',
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      MICROSOFT_TENANT_ID: 'contoso.onmicrosoft.com',
    };
    const real = socialProviderConfigs(parseEnv(env));
    expect(real.map((p) => [p.providerId, p.authorizationUrl, p.tokenUrl])).toEqual([
      ['github', 'https://github.com/login/oauth/authorize', 'https://github.com/login/oauth/access_token'],
      [
        'microsoft',
        'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/authorize',
        'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      ],
    ]);
    const standIn = socialProviderConfigs(parseEnv({ ...env, SOCIAL_PROVIDERS_STAND_IN_URL: 'http://127.0.0.1:9/' }));
    expect(standIn[0].tokenUrl).toBe('http://127.0.0.1:9/github.com/login/oauth/access_token');
  });

  test('Settings → Security names the provider; the sign-in page puts each refusal in words', () => {
    expect(['social:github', 'social:google', 'social:microsoft', 'social:other'].map(signInMethodLabel)).toEqual([
      'GitHub',
      'Google',
      'Microsoft',
      'Social sign-in',
    ]);
    expect(['magic-link', 'passkey', null].map(signInMethodLabel)).toEqual(['Email link', 'Passkey', 'Password']);
    expect(socialErrorMessage('signup_disabled')).toContain('does not take new accounts');
    expect(socialErrorMessage('constructor')).toBe('Sign-in with the provider did not complete. Try again, or sign in with your password.');
  });
});
