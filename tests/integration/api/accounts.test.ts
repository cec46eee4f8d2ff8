// Accounts over HTTP as a browser would use them: sign-up, sign-in, login history, new-device
// notices by mail (real SMTP listener), sessions and their revocation, password reset by mail.
// This suite stays on a server process over HTTP: the login history and the signed-out redirect
// are read on the Next-rendered /settings/security page, which the in-process Sling does not serve.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, overHttp, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';
import { startSmtpListener } from '../../helpers/smtp-listener';

const FIREFOX_WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';

describe(`accounts on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;

  beforeAll(async () => {
    tdb = await makeDb();
    smtp = await startSmtpListener();
    sling = await startSling({ ...tdb.env, SMTP_URL: smtp.url, MAIL_FROM: 'Sling <sling@test.example>', AUTH_ATTEMPTS_PER_MINUTE: '100' });
    api = apiClient(overHttp(sling.url));
  });
  afterAll(async () => {
    await sling?.stop();
    await smtp?.close();
    await tdb?.drop();
  });

  async function auth(path: string, body: unknown, init: { cookie?: string; ua?: string } = {}) {
    const res = await api.fetch(`/api/auth${path}`, {
      method: 'POST',
      as: init.cookie ? { cookie: init.cookie } : 'none',
      headers: { 'content-type': 'application/json', origin: sling.url, 'user-agent': init.ua ?? FIREFOX_WIN },
      body: JSON.stringify(body),
    });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { res, cookie, body: await res.json().catch(() => null) };
  }
  const tokensStatus = async (cookie: string) => (await api.call('listTokens', { as: { cookie } })).status;
  const settings = (cookie: string) => fetch(`${sling.url}/settings/security`, { headers: { cookie }, redirect: 'manual' });

  test('sign-up, wrong and right sign-ins in the login history, a mail for each new device after the first', async () => {
    const up = await auth('/sign-up/email', { email: 'eve@example.com', password: 'first password 1', name: 'Eve' });
    expect(up.res.status).toBe(200);
    const wrong = await auth('/sign-in/email', { email: 'eve@example.com', password: 'nope nope nope' });
    expect(wrong.res.status).toBe(401);
    // The account's first sign-in (the sign-up form's own) has no earlier device to differ from: no mail.
    const first = await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' });
    expect(first.res.status).toBe(200);
    await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' }); // same device: no mail
    await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' }, { ua: SAFARI_MAC });
    // A later new-device sign-in of another account is mailed after any mail the sign-ins above
    // would have caused: once it is here, Eve's mails are all here.
    await auth('/sign-up/email', { email: 'sentinel@example.com', password: 'first password 1', name: 'Sentinel' });
    await auth('/sign-in/email', { email: 'sentinel@example.com', password: 'first password 1' });
    await auth('/sign-in/email', { email: 'sentinel@example.com', password: 'first password 1' }, { ua: SAFARI_MAC });
    await until('the sentinel mail', async () => smtp.mails.some((m) => m.to.includes('sentinel@example.com')));
    const eves = smtp.mails.filter((m) => m.to.includes('eve@example.com'));
    expect(eves.map((m) => m.subject)).toEqual(['New sign-in to Sling from Safari on Mac OS']);
    expect(eves[0].text).toContain('IP address: 127.0.0.1');

    const page = await (await settings(first.cookie)).text();
    expect(page).toContain('Login history');
    expect((page.match(/data-testid="login-row"/g) ?? []).length).toBe(4);
    expect(page).toContain('wrong password');
    expect(page).toContain('Safari on Mac OS');
  });

  test('sessions are listed with device and IP; a revoked session is signed out; "everywhere else" keeps this one', async () => {
    type Listed = { id: string; token?: string; ipAddress: string; userAgent: string };
    const listSessions = async (cookie: string) => (await (await api.fetch('/api/auth/list-sessions', { as: { cookie } })).json()) as Listed[];
    const a = await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' });
    const earlier = new Set((await listSessions(a.cookie)).map((s) => s.id));
    const b = await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' }, { ua: SAFARI_MAC });
    const sessions = await listSessions(a.cookie);
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.every((s) => s.ipAddress === '127.0.0.1')).toBe(true);
    expect(sessions.every((s) => s.token === undefined && s.id)).toBe(true);

    // Revoked by the id the list shows (the list carries no tokens); b is the session that is new.
    const bId = sessions.find((s) => !earlier.has(s.id))!.id;
    expect(sessions.find((s) => s.id === bId)!.userAgent).toBe(SAFARI_MAC);
    expect(await tokensStatus(b.cookie)).toBe(200);
    const outsider = await auth('/sign-up/email', { email: 'mallory@example.com', password: 'mallory password 1', name: 'Mallory' });
    expect(outsider.res.status).toBe(200);
    const mallory = await auth('/sign-in/email', { email: 'mallory@example.com', password: 'mallory password 1' });
    const stranger = await auth('/revoke-session', { id: bId }, { cookie: mallory.cookie });
    expect(stranger.res.status).toBe(404);
    expect(stranger.body.error.code).toBe('not_found');
    expect(await tokensStatus(b.cookie)).toBe(200);
    expect((await auth('/revoke-session', { id: bId }, { cookie: a.cookie })).res.status).toBe(200);
    expect(await tokensStatus(b.cookie)).toBe(401);
    expect((await settings(b.cookie)).status).toBe(307);

    const c = await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' });
    expect((await auth('/revoke-other-sessions', {}, { cookie: a.cookie })).res.status).toBe(200);
    expect(await tokensStatus(c.cookie)).toBe(401);
    expect(await tokensStatus(a.cookie)).toBe(200);
  });

  test('password reset by mail: the link sets a new password, the old one stops working', async () => {
    const before = smtp.mails.length;
    const asked = await auth('/request-password-reset', { email: 'eve@example.com', redirectTo: '/reset-password' });
    expect(asked.res.status).toBe(200);
    const mails = await smtp.waitFor(before + 1);
    const mail = mails[before];
    expect(mail.subject).toBe('Reset your Sling password');
    const link = /(http:\/\/\S+)/.exec(mail.text)![1];
    const landing = await fetch(link, { redirect: 'manual' });
    const location = landing.headers.get('location')!;
    const token = new URL(location, sling.url).searchParams.get('token')!;
    expect(new URL(location, sling.url).pathname).toBe('/reset-password');

    expect((await auth('/reset-password', { newPassword: 'second password 2', token })).res.status).toBe(200);
    expect((await auth('/sign-in/email', { email: 'eve@example.com', password: 'first password 1' })).res.status).toBe(401);
    expect((await auth('/sign-in/email', { email: 'eve@example.com', password: 'second password 2' })).res.status).toBe(200);
    expect((await auth('/reset-password', { newPassword: 'third password 3', token })).res.status).toBe(400);
  });
});
