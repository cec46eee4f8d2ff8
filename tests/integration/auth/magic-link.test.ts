// POST /api/auth/sign-in/magic-link and GET /api/auth/magic-link/verify on Sling in the test process,
// with a real SMTP listener: the mailed link signs in once, expires, and never reveals or makes an
// account; an account with two-factor on is not signed in past its second factor. Without SMTP the
// endpoints refuse. Requests count as sign-in attempts (AUTH_ATTEMPTS_PER_MINUTE).
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginEvents, sessions, users, verifications } from '../../../db/schema';
import { saveInstanceSettings } from '../../../lib/instance/instance-settings';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSmtpListener } from '../../helpers/smtp-listener';

const ANSWER = { status: true };

function helpers(get: () => { api: ApiClient; sling: InProcessSling }) {
  const ask = async (email: string) => {
    const { api, sling } = get();
    const res = await api.fetch('/api/auth/sign-in/magic-link', {
      method: 'POST',
      as: 'none',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify({ email, callbackURL: '/links', errorCallbackURL: '/login?method=magic-link' }),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  const open = async (link: string) => {
    const { api, sling } = get();
    const url = new URL(link);
    const res = await api.fetch(url.pathname + url.search, { as: 'none', headers: { origin: sling.url }, redirect: 'manual' });
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
      .join('; ');
    return { status: res.status, location: new URL(res.headers.get('location') ?? '/', sling.url), cookie };
  };
  return { ask, open };
}

describe(`sign-in links by mail on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  const { ask, open } = helpers(() => ({ api, sling }));

  const linkIn = (text: string) => /(https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+)/.exec(text)?.[1] ?? '';
  /**
   * Refused addresses get no mail: a request for Ada (whose link is mailed) after them is the barrier;
   * once her mail is in, any mail of the requests before it would be too, so exactly hers is new.
   */
  const noMailSince = async (before: number) => {
    expect(await ask('ada@example.com')).toEqual({ status: 200, body: ANSWER });
    const mails = await smtp.waitFor(before + 1);
    expect(mails.slice(before).map((m) => m.to)).toEqual([['ada@example.com']]);
  };
  const proven = (email: string) => sling.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signedInAs = async (cookie: string) => {
    const res = await api.fetch('/api/auth/get-session', { as: { cookie } });
    return ((await res.json()) as { user?: { email: string } } | null)?.user?.email ?? null;
  };

  beforeAll(async () => {
    tdb = await makeDb();
    smtp = await startSmtpListener();
    sling = await startInProcessSling({ ...tdb.env, SMTP_URL: smtp.url, MAIL_FROM: 'Sling <sling@test.example>', AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    api = apiClient(inProcess(sling));
    await sling.seed.user('ada@example.com');
    await proven('ada@example.com');
  });
  afterAll(async () => {
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  test('the mailed link signs in once, on the callback path; its token is stored hashed', async () => {
    expect(await ask('ada@example.com')).toEqual({ status: 200, body: ANSWER });
    const [mail] = await smtp.waitFor(1);
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.subject).toBe('Your Sling sign-in link');
    expect(mail.text).toContain('within 10 minutes');
    const link = linkIn(mail.text);
    expect(link).toContain('/api/auth/magic-link/verify?token=');
    const token = new URL(link).searchParams.get('token')!;
    const stored = await sling.handle.db.select().from(verifications).where(like(verifications.identifier, 'magic-link:%'));
    expect(stored).toHaveLength(1);
    expect(stored[0].identifier).not.toContain(token);

    const first = await open(link);
    expect(first.status).toBe(302);
    expect(first.location.pathname).toBe('/links');
    expect(await signedInAs(first.cookie)).toBe('ada@example.com');
    const logins = await sling.handle.db.select().from(loginEvents).where(eq(loginEvents.email, 'ada@example.com'));
    expect(logins.map((l) => [l.method, l.success])).toEqual([['magic-link', true]]);
    const [made] = await sling.handle.db
      .select({ method: sessions.signInMethod })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.email, 'ada@example.com'));
    expect(made?.method).toBe('magic-link'); // Settings → Security says "Email link", not "Password"

    expect(await sling.handle.db.select().from(verifications).where(like(verifications.identifier, 'magic-link:%'))).toEqual([]);

    const again = await open(link);
    expect(again.cookie).toBe('');
    expect(again.location.pathname).toBe('/login');
    expect(again.location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  test('an expired link is refused', async () => {
    const before = smtp.mails.length;
    await ask('ada@example.com');
    const mails = await smtp.waitFor(before + 1);
    await sling.handle.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verifications.identifier, 'magic-link:%'));
    const res = await open(linkIn(mails[before].text));
    expect(res.cookie).toBe('');
    expect(res.location.searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  test('an unknown address gets the same answer, no mail and no account, whether sign-ups are open or closed', async () => {
    const before = smtp.mails.length;
    expect(await ask('nobody@example.com')).toEqual({ status: 200, body: ANSWER });
    await saveInstanceSettings(sling.handle.db, { signups: 'closed' });
    expect(await ask('nobody2@example.com')).toEqual({ status: 200, body: ANSWER });
    await saveInstanceSettings(sling.handle.db, { signups: 'open' });
    await noMailSince(before);
    const made = await sling.handle.db.select().from(users).where(like(users.email, 'nobody%'));
    expect(made).toEqual([]);
  });

  test('an account with two-factor on gets no link, and a link mailed before it was on does not sign it in', async () => {
    await sling.seed.user('tess@example.com');
    await proven('tess@example.com');
    const before = smtp.mails.length;
    await ask('tess@example.com');
    const mails = await smtp.waitFor(before + 1);
    const link = linkIn(mails[before].text);
    await sling.handle.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.email, 'tess@example.com'));

    const res = await open(link);
    expect(res.cookie).toBe('');
    expect(res.location.pathname).toBe('/login');
    expect(res.location.searchParams.get('error')).toBeTruthy();

    expect(await ask('tess@example.com')).toEqual({ status: 200, body: ANSWER });
    await smtp.waitFor(before + 1);
    expect(smtp.mails.length).toBe(before + 1);
  });

  test('an account whose address is not proven gets no link (its password would be dropped)', async () => {
    await sling.seed.user('una@example.com');
    const before = smtp.mails.length;
    expect(await ask('una@example.com')).toEqual({ status: 200, body: ANSWER });
    await noMailSince(before);
  });
});

describe(`sign-in links without a mail server on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const { ask } = helpers(() => ({ api, sling }));

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '3' });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('POST /api/auth/sign-in/magic-link refuses with 404 and says why', async () => {
    const res = await ask('ada@example.com');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(res.body.error.message).toContain('no mail server');
    const verify = await api.fetch('/api/auth/magic-link/verify?token=x&callbackURL=/links', { as: 'none', redirect: 'manual' });
    expect(verify.status).toBe(404);
  });

  test('requests are counted at AUTH_ATTEMPTS_PER_MINUTE per client address, like the other sign-in paths', async () => {
    // One asked above; two more reach the limit of 3; the next is turned away before anything else.
    await ask('ada@example.com');
    await ask('ada@example.com');
    expect((await ask('ada@example.com')).status).toBe(429);
  });
});
