// "Continue with Google / GitHub / Microsoft": POST /api/auth/sign-in/social → the provider (a stand-in
// on loopback speaking each one's protocol, tests/helpers/oauth-providers.ts) → GET
// /api/auth/callback/{provider} → a session cookie that calls the API. A verified address joins the
// existing account (an unproven one loses its password); sign-ups closed make no account; banned,
// two-factor and SSO-required accounts are refused; unconfigured providers are refused at the start.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, loginEvents, sessions, ssoConnections, users, workspaceInvitations } from '../../../db/schema';
import { saveInstanceSettings } from '../../../lib/instance/instance-settings';
import { personalWorkspaceOf } from '../../../lib/workspaces/find-workspace';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { makeEnterpriseTeam } from '../../helpers/sso-fixtures';
import { startOAuthProviders, type OAuthProviders, type Person, type Provider } from '../../helpers/oauth-providers';

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

describe(`social sign-in on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let providers: OAuthProviders;

  /** The browser's trip: start, the provider's consent, the callback. */
  const signIn = async (provider: Provider, person: Person | null) => {
    providers.signInAs(provider, person);
    const start = await api.fetch('/api/auth/sign-in/social', {
      method: 'POST',
      as: 'none',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify({ provider, callbackURL: '/links', errorCallbackURL: '/login?method=social' }),
    });
    expect(start.status).toBe(200);
    const { url } = (await start.json()) as { url: string };
    expect(url.startsWith(`${providers.url}/`)).toBe(true);
    const consent = await fetch(url, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${sling.url}/api/auth/callback/${provider}`);
    const callback = await api.fetch(back.pathname + back.search, { as: 'none', headers: { cookie: cookiesOf(start) }, redirect: 'manual' });
    expect(callback.status).toBe(302);
    const location = new URL(callback.headers.get('location') ?? '/', sling.url);
    const cookie = cookiesOf(callback);
    return { location, cookie, error: location.searchParams.get('error') };
  };
  const signedInAs = async (cookie: string) => {
    const res = await api.fetch('/api/auth/get-session', { as: { cookie } });
    return ((await res.json()) as { user?: { email: string } } | null)?.user?.email ?? null;
  };
  const userNamed = async (email: string) => (await sling.handle.db.select().from(users).where(eq(users.email, email)))[0];
  const person = (id: string, email: string, verified = true): Person => ({ id, email, verified, name: `${email.split('@')[0]} Person` });

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    providers = await startOAuthProviders();
    sling = await startInProcessSling({ ...tdb.env, ...providers.env, AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await providers?.close();
    await tdb?.drop();
  });

  test.each([
    [
      'github',
      ['GET /github.com/login/oauth/authorize', 'POST /github.com/login/oauth/access_token', 'GET /api.github.com/user', 'GET /api.github.com/user/emails'],
    ],
    ['google', ['GET /accounts.google.com/o/oauth2/v2/auth', 'POST /oauth2.googleapis.com/token']],
    [
      'microsoft',
      [
        'GET /login.microsoftonline.com/common/oauth2/v2.0/authorize',
        'POST /login.microsoftonline.com/common/oauth2/v2.0/token',
        'GET /graph.microsoft.com/v1.0/me',
      ],
    ],
  ] as const)('%s: a new person gets an account, a session cookie that calls the API, and the same account next time', async (provider, calls) => {
    const email = `new-${provider}@example.com`;
    const from = providers.requests.length;
    const first = await signIn(provider, person('1001', email));
    expect(first.error).toBeNull();
    expect(first.location.pathname).toBe('/links');
    expect(providers.requests.slice(from)).toEqual(calls);
    expect(await signedInAs(first.cookie)).toBe(email);
    const links = await api.call('listLinks', { as: { cookie: first.cookie } });
    expect(links.status).toBe(200);

    const user = await userNamed(email);
    expect(user.emailVerified).toBe(true);
    const linked = await sling.handle.db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(linked.map((a) => [a.providerId, a.accountId])).toEqual([[provider, '1001']]);
    expect(linked[0].accessToken).toBeTruthy();
    expect(linked[0].accessToken).not.toContain(`${provider}-at-`);
    const [session] = await sling.handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.signInMethod).toBe(`social:${provider}`);
    const logins = await sling.handle.db.select().from(loginEvents).where(eq(loginEvents.email, email));
    expect(logins.map((l) => [l.method, l.success])).toEqual([[`social:${provider}`, true]]);

    const again = await signIn(provider, person('1001', email));
    expect(await signedInAs(again.cookie)).toBe(email);
    expect(await sling.handle.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  test('a verified address joins the existing account; one whose address Sling had not proven loses its password and sessions', async () => {
    await sling.seed.user('ada@example.com');
    const ada = await userNamed('ada@example.com');
    expect(ada.emailVerified).toBe(false);
    const byPassword = () =>
      api.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        as: 'none',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse 1' }),
      });
    const passwordCookie = cookiesOf(await byPassword());
    expect(await signedInAs(passwordCookie)).toBe('ada@example.com');

    const res = await signIn('github', person('4242', 'ada@example.com'));
    expect(res.error).toBeNull();
    expect(await signedInAs(res.cookie)).toBe('ada@example.com');
    const linked = await sling.handle.db.select().from(accounts).where(eq(accounts.userId, ada.id));
    expect(linked.map((a) => a.providerId)).toEqual(['github']);
    expect((await userNamed('ada@example.com')).emailVerified).toBe(true);
    expect(await signedInAs(passwordCookie)).toBeNull();
    expect((await byPassword()).status).toBe(401);
    expect(await signedInAs(res.cookie)).toBe('ada@example.com');

    // Proven now: the next provider with the same verified address joins without taking anything away.
    const google = await signIn('google', person('1002', 'ada@example.com'));
    expect(await signedInAs(google.cookie)).toBe('ada@example.com');
    expect(await signedInAs(res.cookie)).toBe('ada@example.com');
    const both = await sling.handle.db.select().from(accounts).where(eq(accounts.userId, ada.id));
    expect(both.map((a) => a.providerId).sort()).toEqual(['github', 'google']);
  });

  test('an address the provider does not vouch for never joins an existing account', async () => {
    await sling.seed.user('bob@example.com');
    const bob = await userNamed('bob@example.com');
    await sling.handle.db.update(users).set({ emailVerified: true }).where(eq(users.id, bob.id));
    for (const provider of ['github', 'google', 'microsoft'] as const) {
      const res = await signIn(provider, person('6660', 'bob@example.com', false));
      expect(res.cookie).toBe('');
      expect(res.location.pathname).toBe('/login');
      expect(res.error).toBe('account_not_linked');
    }
    const linked = await sling.handle.db.select().from(accounts).where(eq(accounts.userId, bob.id));
    expect(linked.map((a) => a.providerId)).toEqual(['credential']);
  });

  test('no account is made on an address the provider does not vouch for', async () => {
    for (const provider of ['github', 'google', 'microsoft'] as const) {
      const res = await signIn(provider, person('5150', `unproven-${provider}@example.com`, false));
      expect(res.cookie).toBe('');
      expect(res.location.pathname).toBe('/login');
      expect(res.error).toBe('email_not_verified');
      expect(await userNamed(`unproven-${provider}@example.com`)).toBeUndefined();
    }
  });

  test('invitation-only: a provider-verified address with a pending invitation may sign up, another may not', async () => {
    const owner = await userNamed('new-github@example.com');
    const workspace = await personalWorkspaceOf(sling.handle.db, owner.id);
    await sling.handle.db.insert(workspaceInvitations).values({
      id: crypto.randomUUID(),
      organizationId: workspace.id,
      email: 'invited@example.com',
      role: 'member',
      status: 'pending',
      inviterId: owner.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await saveInstanceSettings(sling.handle.db, { signups: 'invite_only' });
    try {
      const stranger = await signIn('google', person('3001', 'stranger@example.com'));
      expect(stranger.error).toBe('signup_disabled');
      const invited = await signIn('google', person('3002', 'invited@example.com'));
      expect(invited.error).toBeNull();
      expect(await signedInAs(invited.cookie)).toBe('invited@example.com');
    } finally {
      await saveInstanceSettings(sling.handle.db, { signups: 'open' });
    }
  });

  test('with sign-ups closed a provider makes no account, and still signs in an existing one', async () => {
    await saveInstanceSettings(sling.handle.db, { signups: 'closed' });
    try {
      const res = await signIn('github', person('7001', 'closed@example.com'));
      expect(res.cookie).toBe('');
      expect(res.location.pathname).toBe('/login');
      expect(res.location.searchParams.get('method')).toBe('social');
      expect(res.error).toBe('signup_disabled');
      expect(await userNamed('closed@example.com')).toBeUndefined();
      const known = await signIn('github', person('1001', 'new-github@example.com'));
      expect(await signedInAs(known.cookie)).toBe('new-github@example.com');
    } finally {
      await saveInstanceSettings(sling.handle.db, { signups: 'open' });
    }
  });

  test('banned and two-factor accounts are refused', async () => {
    const banned = await signIn('google', person('8001', 'banned@example.com'));
    expect(banned.error).toBeNull();
    await sling.handle.db.update(users).set({ banned: true }).where(eq(users.email, 'banned@example.com'));
    const refused = await signIn('google', person('8001', 'banned@example.com'));
    expect(refused.cookie).toBe('');
    expect(refused.location.pathname).toBe('/login');
    expect(refused.error).toBe('BANNED_USER');

    await signIn('microsoft', person('9001', 'tess@example.com'));
    await sling.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'tess@example.com'));
    const second = await signIn('microsoft', person('9001', 'tess@example.com'));
    expect(second.cookie).toBe('');
    expect(second.error).toBe('two_factor_required');
  });

  test('a member of a workspace that requires SSO is refused', async () => {
    const member = await signIn('github', person('4401', 'sam@corp.example'));
    expect(member.error).toBeNull();
    await sling.seed.user('olga@corp.example');
    const team = await makeEnterpriseTeam(sling.handle, 'corp', 'olga@corp.example', ['sam@corp.example']);
    await sling.handle.db.insert(ssoConnections).values({
      id: crypto.randomUUID(),
      workspaceId: team,
      name: 'Corp Okta',
      type: 'oidc',
      issuer: 'https://idp.corp.example',
      clientId: 'sling',
      clientSecretCiphertext: 'unused',
      scopes: ['openid', 'email'],
      domain: 'corp.example',
      domainToken: 'unused',
      mapping: {} as never,
      requireSso: true,
      enabled: true,
    });
    const refused = await signIn('github', person('4401', 'sam@corp.example'));
    expect(refused.cookie).toBe('');
    expect(refused.error).toBe('sso_required');
  });

  test('a person who declines at the provider is back on the sign-in page, signed out', async () => {
    const res = await signIn('github', null);
    expect(res.cookie).toBe('');
    expect(res.location.pathname).toBe('/login');
    expect(res.error).toBe('access_denied');
  });

  test('a callback without a valid state or code, and malformed starts, answer 4xx or the sign-in page, never 5xx', async () => {
    for (const path of [
      '/api/auth/callback/github',
      '/api/auth/callback/github?code=abc&state=forged',
      '/api/auth/callback/github?error=access_denied&state=x',
      '/api/auth/callback/nope?code=abc&state=forged',
      '/api/auth/callback/google?code=%ff&state=%00',
    ]) {
      const res = await api.fetch(path, { as: 'none', headers: { origin: sling.url }, redirect: 'manual' });
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('set-cookie') ?? '', path).not.toContain('session_token=');
      if (res.status === 302) expect(new URL(res.headers.get('location') ?? '', sling.url).pathname, path).toBe('/login');
    }
    for (const body of ['{', '[]', JSON.stringify({ provider: 42 })]) {
      const res = await api.fetch('/api/auth/sign-in/social', {
        method: 'POST',
        as: 'none',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body,
      });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
    }
  });

  test('a provider that is not configured, and an ID token sent directly, are refused with 4xx', async () => {
    const post = (body: unknown) =>
      api.fetch('/api/auth/sign-in/social', {
        method: 'POST',
        as: 'none',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify(body),
      });
    expect((await post({ provider: 'facebook', callbackURL: '/links' })).status).toBe(404);
    const idToken = await post({ provider: 'google', idToken: { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' } });
    expect(idToken.status).toBeGreaterThanOrEqual(400);
    expect(idToken.status).toBeLessThan(500);
  });
});

describe(`social sign-in without providers on ${suiteDatabase.name}`, () => {
  test('the start is refused for every provider', async () => {
    const tdb = await suiteDatabase.migrated();
    const sling = await startInProcessSling(tdb.env);
    try {
      const api = apiClient(inProcess(sling));
      for (const provider of ['google', 'github', 'microsoft']) {
        const res = await api.fetch('/api/auth/sign-in/social', {
          method: 'POST',
          as: 'none',
          headers: { 'content-type': 'application/json', origin: sling.url },
          body: JSON.stringify({ provider, callbackURL: '/links' }),
        });
        expect(res.status).toBe(404);
      }
    } finally {
      await sling.close();
      await tdb.drop();
    }
  });
});
