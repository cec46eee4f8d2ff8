// TOTP two-factor authentication over HTTP: enable with a confirm code, then every sign-in needs
// a code (or a one-time backup code); disabling needs the password and a current code.
// This suite stays on a server process over HTTP: a session finished with a code is checked on the
// Next-rendered /settings/security page, which the in-process Sling does not serve.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, overHttp, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { secretFromUri, totp } from '../../helpers/totp';

describe(`two-factor on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let api: ApiClient;
  let secret: string;
  let backupCodes: string[];
  const email = 'fay@example.com';
  const password = 'fay password 1';

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' });
    api = apiClient(overHttp(sling.url));
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  async function post(path: string, body: unknown, cookie?: string) {
    const res = await api.fetch(path, {
      method: 'POST',
      as: cookie ? { cookie } : 'none',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify(body),
    });
    const cookies = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='));
    return { res, cookie: cookies.join('; '), body: res.status === 204 ? null : await res.json().catch(() => null) };
  }
  const signedIn = async (cookie: string) => (await api.call('listTokens', { as: { cookie } })).status === 200;

  test('enable: the password gives a TOTP URI and backup codes; a confirm code turns it on', async () => {
    await post('/api/auth/sign-up/email', { email, password, name: 'Fay' });
    const { cookie } = await post('/api/auth/sign-in/email', { email, password });
    const enable = await post('/api/auth/two-factor/enable', { password }, cookie);
    expect(enable.res.status).toBe(200);
    expect(enable.body.totpURI).toMatch(/^otpauth:\/\/totp\/Sling:fay%40example\.com\?/);
    expect(enable.body.backupCodes).toHaveLength(10);
    secret = secretFromUri(enable.body.totpURI);
    backupCodes = enable.body.backupCodes;

    expect((await post('/api/auth/two-factor/verify-totp', { code: '000000' }, cookie)).res.status).toBe(401);
    const ok = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, cookie);
    expect(ok.res.status).toBe(200);
    const session = await (await api.fetch('/api/auth/get-session', { as: { cookie: ok.cookie || cookie } })).json();
    expect(session.user.twoFactorEnabled).toBe(true);
  });

  test('sign-in then asks for a code: the password alone gives no session', async () => {
    const step1 = await post('/api/auth/sign-in/email', { email, password });
    expect(step1.res.status).toBe(200);
    expect(step1.body.twoFactorRedirect).toBe(true);
    expect(await signedIn(step1.cookie)).toBe(false);
    expect((await post('/api/auth/two-factor/verify-totp', { code: '123456' }, step1.cookie)).res.status).toBe(401);
    const step2 = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, step1.cookie);
    expect(step2.res.status).toBe(200);
    expect(await signedIn(step2.cookie)).toBe(true);
    const settings = await (await fetch(`${sling.url}/settings/security`, { headers: { cookie: step2.cookie } })).text();
    expect(settings).toContain('signed in');
  });

  test('a backup code works once', async () => {
    const step1 = await post('/api/auth/sign-in/email', { email, password });
    const step2 = await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, step1.cookie);
    expect(step2.res.status).toBe(200);
    expect(await signedIn(step2.cookie)).toBe(true);
    const again = await post('/api/auth/sign-in/email', { email, password });
    expect((await post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again.cookie)).res.status).toBe(401);
  });

  test('disable needs the password and a current code; afterwards the password alone signs in', async () => {
    const step1 = await post('/api/auth/sign-in/email', { email, password });
    const { cookie } = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, step1.cookie);
    // better-auth's own endpoints would remove or reveal the second factor with the password alone.
    for (const path of ['/api/auth/two-factor/disable', '/api/auth/two-factor/get-totp-uri', '/api/auth/two-factor/generate-backup-codes']) {
      const refused = await post(path, { password }, cookie);
      expect(refused.res.status, path).toBe(404);
      expect(refused.body.error.code, path).toBe('not_found');
    }
    expect((await (await api.fetch('/api/auth/get-session', { as: { cookie } })).json()).user.twoFactorEnabled).toBe(true);
    expect((await post('/api/auth/sign-in/email', { email, password })).body.twoFactorRedirect).toBe(true);
    const disable = (body: { password: string; code: string }) => api.call('disableTwoFactor', { as: { cookie }, body });
    const badCode = await disable({ password, code: '000000' });
    expect(badCode.status).toBe(400);
    expect(badCode.json.error.details).toHaveProperty('code');
    const badPassword = await disable({ password: 'wrong password', code: totp(secret) });
    expect([400, 401]).toContain(badPassword.status);
    expect((await disable({ password, code: totp(secret) })).status).toBe(204);
    const plain = await post('/api/auth/sign-in/email', { email, password });
    expect(plain.body.twoFactorRedirect).toBeUndefined();
    expect(await signedIn(plain.cookie)).toBe(true);
  });
});
