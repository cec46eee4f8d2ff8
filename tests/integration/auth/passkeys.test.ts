// better-auth's passkey endpoints (/api/auth/passkey/*) on Sling in the test process, answered by an
// authenticator in the test process (tests/helpers/software-passkey.ts): options for the relying
// party of BASE_URL's host; a passkey signs in past TOTP, as "Passkey" in the session and the login
// history, without the session token in the answer; refused without user verification, from another
// origin, to a suspended account and to a member of a workspace that requires SSO; nobody renames,
// deletes or lists another account's passkey. Bad input answers 4xx in the JSON error shape.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginEvents, passkeys, sessions, ssoConnections, users } from '../../../db/schema';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { softwarePasskey, type SoftwarePasskey } from '../../helpers/software-passkey';
import { makeEnterpriseTeam } from '../../helpers/sso-fixtures';

/** better-auth's refusals are `{code, message}`, Sling's own `{error: {code, message}}` (docs/api/errors.md). */
const errorCodeOf = (body: { code?: unknown; message?: unknown; error?: { code?: unknown; message?: unknown } } | null) => {
  const e = body?.error ?? body;
  return typeof e?.code === 'string' && typeof e.message === 'string' ? e.code : null;
};

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='));

describe(`passkeys on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const cookie: Record<string, string> = {};

  const json = { 'content-type': 'application/json' };
  const userId = async (email: string) => (await sling.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
  const post = (path: string, body: unknown, as: string) =>
    api.fetch(`/api/auth${path}`, { method: 'POST', as: { cookie: as }, headers: json, body: JSON.stringify(body) });

  /** Adds `key` to the account signed in with `session`, as Settings → Passkeys does. */
  async function register(session: string, key: SoftwarePasskey, name: string) {
    const optionsRes = await api.fetch('/api/auth/passkey/generate-register-options', { as: { cookie: session } });
    expect(optionsRes.status).toBe(200);
    const options = await optionsRes.json();
    const res = await post(
      '/passkey/verify-registration',
      { response: key.register(options, sling.url), name },
      [session, ...cookiesOf(optionsRes)].join('; '),
    );
    return { status: res.status, body: await res.json() };
  }

  /** "Continue with a passkey", signed out: the answer and the session cookie it set, if any. */
  async function signInWith(key: SoftwarePasskey, opts: { origin?: string; userVerified?: boolean } = {}) {
    const optionsRes = await api.fetch('/api/auth/passkey/generate-authenticate-options', { as: 'none' });
    const options = await optionsRes.json();
    const res = await api.fetch('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      as: 'none',
      headers: { ...json, origin: sling.url, cookie: cookiesOf(optionsRes).join('; ') },
      body: JSON.stringify({ response: key.authenticate(options, opts.origin ?? sling.url, opts) }),
    });
    return {
      status: res.status,
      body: await res.json(),
      cookie: cookiesOf(res)
        .filter((c) => c.includes('session_token'))
        .join('; '),
    };
  }
  const signedInAs = async (session: string) =>
    ((await (await api.fetch('/api/auth/get-session', { as: { cookie: session } })).json()) as { user?: { email: string } } | null)?.user?.email ?? null;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    api = apiClient(inProcess(sling));
    for (const who of ['ada', 'bob', 'cy', 'dee']) {
      await sling.seed.user(`${who}@example.com`);
      cookie[who] = await signIn(api, `${who}@example.com`);
    }
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('GET /api/auth/passkey/generate-register-options: for the public URL’s host, discoverable and verified; only with a session', async () => {
    const res = await api.fetch('/api/auth/passkey/generate-register-options', { as: { cookie: cookie.ada } });
    const options = await res.json();
    expect(options.rp).toEqual({ id: new URL(sling.url).hostname, name: 'Sling' });
    expect(options.user.name).toBe('ada@example.com');
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });

    const anonymous = await api.fetch('/api/auth/passkey/generate-register-options', { as: 'none' });
    expect(anonymous.status).toBe(401);
    expect(errorCodeOf(await anonymous.json())).toEqual(expect.any(String));
    const authOptions = await (await api.fetch('/api/auth/passkey/generate-authenticate-options', { as: 'none' })).json();
    expect(authOptions.rpId).toBe(new URL(sling.url).hostname);
    expect(authOptions.allowCredentials).toBeUndefined();
  });

  test('a passkey signs in past TOTP, as "Passkey", and the answer carries no session token', async () => {
    const key = softwarePasskey();
    const added = await register(cookie.ada, key, 'Ada’s laptop');
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Ada’s laptop', credentialID: key.id, deviceType: 'singleDevice', backedUp: false });
    await sling.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'ada@example.com'));

    const r = await signInWith(key);
    expect(r.status).toBe(200);
    expect(r.body.twoFactorRedirect).toBeUndefined();
    expect(r.body.session.token).toBeUndefined();
    expect(r.body.user.email).toBe('ada@example.com');
    expect(await signedInAs(r.cookie)).toBe('ada@example.com');
    const [made] = await sling.handle.db.select().from(sessions).where(eq(sessions.id, r.body.session.id));
    expect(made.signInMethod).toBe('passkey');
    expect(made.activeOrganizationId).toBeTruthy();
    const logins = await sling.handle.db
      .select()
      .from(loginEvents)
      .where(and(eq(loginEvents.email, 'ada@example.com'), eq(loginEvents.method, 'passkey')));
    expect(logins.map((l) => l.success)).toEqual([true]);
  });

  test('refused: an authenticator that did not verify its user, another origin, a suspended account, a member where SSO is required', async () => {
    const key = softwarePasskey();
    expect((await register(cookie.cy, key, 'Key')).status).toBe(200);

    const unverified = await signInWith(key, { userVerified: false });
    expect(unverified.status).toBe(401);
    expect(unverified.body).toMatchObject({ code: 'USER_NOT_VERIFIED' });
    expect(unverified.cookie).toBe('');
    const elsewhere = await signInWith(key, { origin: 'https://phish.example' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.cookie).toBe('');

    await sling.handle.db.update(users).set({ banned: true }).where(eq(users.email, 'cy@example.com'));
    const banned = await signInWith(key);
    expect(banned.status).toBe(403);
    expect(banned.body.message).toContain('suspended');
    expect(banned.cookie).toBe('');
    await sling.handle.db.update(users).set({ banned: false }).where(eq(users.email, 'cy@example.com'));

    const team = await makeEnterpriseTeam(sling.handle, 'acme', 'dee@example.com', ['cy@example.com']);
    await sling.handle.db.insert(ssoConnections).values({
      id: randomUUID(),
      workspaceId: team,
      name: 'Acme Okta',
      type: 'oidc',
      issuer: 'https://idp.acme.example',
      clientId: 'sling',
      clientSecretCiphertext: 'unused',
      scopes: ['openid', 'email'],
      domain: 'example.com',
      domainToken: 'unused',
      mapping: {} as never,
      requireSso: true,
      enabled: true,
    });
    const ssoRequired = await signInWith(key);
    expect(ssoRequired.status).toBe(403);
    expect(ssoRequired.body).toMatchObject({ code: 'SSO_REQUIRED' });
    expect(ssoRequired.cookie).toBe('');
    const cysSessions = await sling.handle.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await userId('cy@example.com')));
    expect(cysSessions).toHaveLength(1);
  });

  test('POST /api/auth/passkey/delete-passkey and update-passkey: only the owner’s; list shows only one’s own', async () => {
    const key = softwarePasskey();
    const added = await register(cookie.bob, key, 'Bob’s phone');
    const id = added.body.id as string;
    const rowOf = async () => (await sling.handle.db.select().from(passkeys).where(eq(passkeys.id, id)))[0];
    const before = await rowOf();

    for (const [path, body] of [
      ['/passkey/delete-passkey', { id }],
      ['/passkey/update-passkey', { id, name: 'Mine now' }],
    ] as const) {
      const res = await post(path, body, cookie.ada);
      expect(res.status, path).toBe(404);
      expect(errorCodeOf(await res.json())).toBe('not_found');
    }
    expect(await rowOf()).toEqual(before);
    const adas = await (await api.fetch('/api/auth/passkey/list-user-passkeys', { as: { cookie: cookie.ada } })).json();
    expect(adas.map((p: { id: string }) => p.id)).not.toContain(id);
    expect((await post('/passkey/delete-passkey', { id }, '')).status).toBe(401);

    expect((await post('/passkey/update-passkey', { id, name: 'n'.repeat(101) }, cookie.bob)).status).toBe(400);
    expect((await post('/passkey/update-passkey', { id, name: 'Bob’s old phone' }, cookie.bob)).status).toBe(200);
    expect((await rowOf()).name).toBe('Bob’s old phone');
    expect((await post('/passkey/delete-passkey', { id }, cookie.bob)).status).toBe(200);
    expect(await rowOf()).toBeUndefined();
    expect((await signInWith(key)).status).toBe(401);
  });

  test('bad input answers 4xx in the JSON error shape', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/passkey/delete-passkey', {}, cookie.bob],
      ['/passkey/update-passkey', { id: 'x', name: '' }, cookie.bob],
      ['/passkey/verify-registration', { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} }, name: 'n'.repeat(101) }, cookie.bob],
      ['/passkey/verify-registration', { response: { id: 'x' } }, cookie.bob],
      ['/passkey/verify-authentication', { response: { id: 'x' } }, ''],
      ['/passkey/verify-authentication', { response: 'nope' }, ''],
    ];
    // With a challenge issued, answers that do not verify.
    const options = await api.fetch('/api/auth/passkey/generate-register-options', { as: { cookie: cookie.bob } });
    const withChallenge = [cookie.bob, ...cookiesOf(options)].join('; ');
    const garbage = { id: 'eA', rawId: 'eA', type: 'public-key', response: { clientDataJSON: 'eA', attestationObject: 'eA' } };
    cases.push(['/passkey/verify-registration', { response: garbage }, withChallenge]);
    const signInOptions = await api.fetch('/api/auth/passkey/generate-authenticate-options', { as: 'none' });
    cases.push(['/passkey/verify-authentication', { response: { ...garbage, id: { $ne: null } } }, cookiesOf(signInOptions).join('; ')]);
    for (const [path, body, as] of cases) {
      const res = await post(path, body, as);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      expect(errorCodeOf(await res.json()), `${path} ${JSON.stringify(body)}`).toEqual(expect.any(String));
    }
  });
});
