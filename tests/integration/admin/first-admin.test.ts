// Who is a platform admin, on every database: of two simultaneous first sign-ups exactly one becomes
// the admin, and later sign-ups never do; `sling users set-admin <email>` grants the role and
// `--off` takes it back (the admin API answers accordingly). Sling runs in the test process (its
// router answers the API); the commands run on it (sling.cli) as the running server runs the ones an
// operator's `sling` forwards over its admin socket (the process and the socket are
// tests/integration/cli/'s subject).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

describe(`platform admins on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling | undefined;
  let api: ApiClient;
  const cookies: Record<string, string> = {};

  const start = async () => {
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000', TRUST_PROXY: '1' });
    api = apiClient(inProcess(sling));
  };
  // Each sign-up from its own address (the server trusts one proxy): better-auth allows 3 sign-ups
  // per 10 s per address, and its counters outlive the Sling of the database before.
  let signUps = 0;
  const signUpAndIn = async (email: string) => {
    const headers = { 'content-type': 'application/json', origin: api.baseUrl, 'x-forwarded-for': `198.51.100.${++signUps}` };
    const up = await api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: 'correct horse 1', name: 'Test User' }),
    });
    if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
    return signIn(api, email);
  };
  const isAdmin = async (email: string) => (await api.call('adminSettings', { as: { cookie: cookies[email] } })).status === 200;
  const admins = async () => (await Promise.all(Object.keys(cookies).map(async (e) => ((await isAdmin(e)) ? e : null)))).filter(Boolean);

  beforeAll(async () => {
    tdb = await makeDb();
    await start();
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('two simultaneous first sign-ups: exactly one becomes the admin; later ones are users', async () => {
    const [a, b] = await Promise.all([signUpAndIn('first-a@example.com'), signUpAndIn('first-b@example.com')]);
    cookies['first-a@example.com'] = a;
    cookies['first-b@example.com'] = b;
    cookies['later@example.com'] = await signUpAndIn('later@example.com');
    const found = await admins();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^first-/);
  });

  test('sling users set-admin <email> grants the role; --off takes it back; an unknown address fails', async () => {
    const [winner] = await admins();
    const granted = await sling!.cli(['users', 'set-admin', 'later@example.com']);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout.trim().split('\n').at(-1)!)).toMatchObject({ email: 'later@example.com', role: 'admin' });
    const revoked = await sling!.cli(['users', 'set-admin', winner!, '--off']);
    expect(revoked.code, revoked.stderr).toBe(0);
    const unknown = await sling!.cli(['users', 'set-admin', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not_found/);
    const usage = await sling!.cli(['users', 'set-admin']);
    expect(usage.code).toBe(2);
    // The running server answers with the new roles.
    await until('the admin API to follow the roles', async () => JSON.stringify(await admins()) === JSON.stringify(['later@example.com']));
  });
});
