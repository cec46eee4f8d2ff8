// better-auth's endpoints as Sling serves them (endpoint-policy.ts), on Sling in the test process
// (its router, no socket): every endpoint the policy refuses answers 404 in the JSON error shape,
// even signed in; answers carry no session token; a sign-up with a known address answers as for a
// new one and mails the account instead. Without SMTP_URL a skipped mail is logged without its
// body: that suite stays on a server process over HTTP, since the process's log output is its subject.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_ENDPOINT_POLICY } from '../../../lib/auth/endpoint-policy';
import { apiClient, inProcess, overHttp, type ApiClient } from '../../helpers/api-client';
import { routedAuthEndpoints } from '../../helpers/auth-endpoints';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { until } from '../../helpers/until';

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** Each call from its own address (the server trusts one proxy), so better-auth's sign-up limit of 3 per 10 s per address does not bite. */
function client(api: () => ApiClient) {
  let n = 0;
  return async (method: string, path: string, body?: unknown, cookie?: string) => {
    n += 1;
    const res = await api().fetch(path, {
      method,
      as: cookie ? { cookie } : 'none',
      headers: {
        origin: api().baseUrl,
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { res, status: res.status, cookie: cookieOf(res), type: res.headers.get('content-type') ?? '', text, json };
  };
}

describe(`better-auth endpoints on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let cookie: string;
  const call = client(() => api);
  const password = 'ivy password 1';

  beforeAll(async () => {
    tdb = await makeDb();
    smtp = await startSmtpListener();
    sling = await startInProcessSling({
      ...tdb.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Sling <sling@test.example>',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      TRUST_PROXY: '1',
    });
    api = apiClient(inProcess(sling));
    expect((await call('POST', '/api/auth/sign-up/email', { email: 'ivy@example.com', password, name: 'Ivy' })).status).toBe(200);
    const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'ivy@example.com', password });
    expect(signIn.status).toBe(200);
    cookie = signIn.cookie;
  });
  afterAll(async () => {
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  const expectRefused = (r: Awaited<ReturnType<typeof call>>, what: string) => {
    expect(r.status, what).toBe(404);
    expect(r.type, what).toMatch(/^application\/json/);
    expect(r.json, what).toEqual({ error: { code: 'not_found', message: 'There is no such endpoint.', doc_url: 'docs/api/errors.md#not_found' } });
  };

  test('every endpoint the policy refuses answers 404 in the JSON error shape, signed in or not', async () => {
    const endpoints = routedAuthEndpoints();
    const refused = endpoints.filter((e) => AUTH_ENDPOINT_POLICY[e.path] !== 'allowed' && AUTH_ENDPOINT_POLICY[e.path] !== 'wrapped');
    expect(refused.length).toBeGreaterThan(30);
    for (const { path, methods } of refused) {
      const url = `/api/auth${path.replace(/:\w+/g, 'x')}`;
      for (const method of methods) {
        const body = method === 'GET' ? undefined : { password, organizationId: 'x', email: 'ivy2@example.com', newEmail: 'ivy2@example.com' };
        expectRefused(await call(method, url, body, cookie), `${method} ${path} (signed in)`);
        expectRefused(await call(method, url, body), `${method} ${path}`);
      }
    }
    // Served ones are not refused (whatever else they answer without the right input).
    for (const { path, methods } of endpoints.filter((e) => !refused.includes(e))) {
      // Without the cookie: sign-out and revoke-sessions would end the session the test uses.
      const r = await call(methods[0], `/api/auth${path.replace(/:\w+/g, 'x')}`, methods[0] === 'GET' ? undefined : {});
      expect(r.json?.error?.message, `${methods[0]} ${path}`).not.toBe('There is no such endpoint.');
    }
    // The account is as it was: still signed in, name and address unchanged.
    const session = await call('GET', '/api/auth/get-session', undefined, cookie);
    expect(session.json.user).toMatchObject({ email: 'ivy@example.com', name: 'Ivy' });
  });

  test('unknown paths, other spellings and wrong methods under /api/auth answer the JSON error shape too', async () => {
    for (const path of ['/api/auth/nope', '/api/auth/Two-Factor/disable', '/api/auth/two-factor/%64isable', '/api/auth/two-factor%2Fdisable']) {
      const r = await call('POST', path, { password }, cookie);
      expect(r.status, path).toBe(404);
      expect(r.json?.error?.code, path).toBe('not_found');
    }
    // Next answers a trailing or doubled slash with a 308 to the plain path, which is refused.
    for (const path of ['/api/auth/two-factor/disable/', '/api/auth//two-factor/disable']) {
      const r = await call('POST', path, { password }, cookie);
      expect(r.status, path).toBe(308);
      expect(new URL(r.res.headers.get('location')!, sling.url).pathname, path).toBe('/api/auth/two-factor/disable');
    }
    const wrongMethod = await call('GET', '/api/auth/sign-in/email');
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.json.error.code).toBe('not_found');
  });

  test('sign-in, sign-up and session answers carry no session token; the cookie is the session', async () => {
    const signIn = await call('POST', '/api/auth/sign-in/email', { email: 'ivy@example.com', password });
    expect(signIn.status).toBe(200);
    expect(signIn.json).not.toHaveProperty('token');
    expect(signIn.json.user.email).toBe('ivy@example.com');
    const secret = decodeURIComponent(signIn.cookie.match(/session_token=([^;]+)/)![1]).split('.')[0];
    expect(secret.length).toBeGreaterThan(20);
    const session = await call('GET', '/api/auth/get-session', undefined, signIn.cookie);
    expect(session.json.session.id).toBeTruthy();
    expect(session.json.session).not.toHaveProperty('token');
    const sessions = await call('GET', '/api/auth/list-sessions', undefined, signIn.cookie);
    expect(sessions.json.length).toBeGreaterThanOrEqual(2);
    for (const r of [signIn, session, sessions]) expect(r.text).not.toContain(secret);

    const up = await call('POST', '/api/auth/sign-up/email', { email: 'jo@example.com', password: 'jo password 1', name: 'Jo' });
    expect(up.status).toBe(200);
    expect(up.json).not.toHaveProperty('token');
    expect(up.cookie).toBe(''); // sign-up does not sign in
  });

  test('a sign-up with a known address answers as for a new one, changes nothing, and mails the account', async () => {
    const before = smtp.mails.length;
    const fresh = await call('POST', '/api/auth/sign-up/email', { email: 'kim@example.com', password: 'kim password 1', name: 'Kim' });
    const again = await call('POST', '/api/auth/sign-up/email', { email: 'Ivy@Example.com', password: 'attacker password 1', name: 'Not Ivy' });
    for (const r of [fresh, again]) {
      expect(r.status).toBe(200);
      expect(r.cookie).toBe('');
    }
    const shape = (body: any) => ({ keys: Object.keys(body).sort(), user: Object.keys(body.user).sort(), emailVerified: body.user.emailVerified });
    expect(shape(again.json)).toEqual(shape(fresh.json));
    expect(again.json.user.email).toBe('ivy@example.com');
    expect(again.json.user.name).toBe('Not Ivy');

    const mails = await smtp.waitFor(before + 1);
    const notice = mails.slice(before).filter((m) => m.to.includes('ivy@example.com'));
    expect(notice).toHaveLength(1);
    expect(notice[0].subject).toBe('Someone tried to sign up to Sling with your address');
    expect(notice[0].text).toContain(`${sling.url}/forgot-password`);
    expect(mails.slice(before).some((m) => m.to.includes('kim@example.com'))).toBe(false);

    // Ivy's account is unchanged: her password still signs in, the other one does not.
    expect((await call('POST', '/api/auth/sign-in/email', { email: 'ivy@example.com', password: 'attacker password 1' })).status).toBe(401);
    const ivy = await call('POST', '/api/auth/sign-in/email', { email: 'ivy@example.com', password });
    expect(ivy.status).toBe(200);
    expect(ivy.json.user.name).toBe('Ivy');
  });
});

// Over HTTP to a server process: what the process writes to its log is the subject.
describe('mail without SMTP_URL', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  const call = client(() => apiClient(overHttp(sling.url)));

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    sling = await startSling({ ...tdb.env, LOG_LEVEL: 'info', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('a skipped mail is logged with its kind, recipient and subject, never its body or reset link', async () => {
    expect((await call('POST', '/api/auth/sign-up/email', { email: 'lee@example.com', password: 'lee password 1', name: 'Lee' })).status).toBe(200);
    expect((await call('POST', '/api/auth/request-password-reset', { email: 'lee@example.com', redirectTo: '/reset-password' })).status).toBe(200);
    expect((await call('POST', '/api/auth/sign-up/email', { email: 'lee@example.com', password: 'other password 1', name: 'Lee' })).status).toBe(200);
    const skipped = await until('two skipped mails in the log', async () => {
      const lines = sling
        .output()
        .split('\n')
        .filter((l) => l.includes('mail not sent'))
        .map((l) => JSON.parse(l));
      return lines.length >= 2 && lines;
    });
    expect(skipped.map((l) => l.mail).sort((a: { kind: string }, b: { kind: string }) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'password-reset', to: 'lee@example.com', subject: 'Reset your Sling password' },
      { kind: 'sign-up-existing-account', to: 'lee@example.com', subject: 'Someone tried to sign up to Sling with your address' },
    ]);
    expect(sling.output()).not.toMatch(/reset-password\/[A-Za-z0-9]/);
    expect(sling.output()).not.toContain('open this link');
  });
});
