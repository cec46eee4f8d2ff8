// Who is a platform admin, on every database: of two simultaneous first sign-ups exactly one becomes
// the admin, and later sign-ups never do; `sling users set-admin <email>` grants the role and
// `--off` takes it back (the admin API answers accordingly).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndIn } from '../../helpers/accounts';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { runSling, startSling, type SlingProcess } from '../../helpers/sling-process';

describe.each(migratedDatabaseKinds(pgUrl()))('platform admins on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess | undefined;
  const cookies: Record<string, string> = {};

  const isAdmin = async (email: string) => (await fetch(`${sling!.url}/api/v1/admin/settings`, { headers: { cookie: cookies[email] } })).status === 200;
  const admins = async () => (await Promise.all(Object.keys(cookies).map(async (e) => ((await isAdmin(e)) ? e : null)))).filter(Boolean);

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('two simultaneous first sign-ups: exactly one becomes the admin; later ones are users', async () => {
    const [a, b] = await Promise.all([signUpAndIn(sling!.url, 'first-a@example.com'), signUpAndIn(sling!.url, 'first-b@example.com')]);
    cookies['first-a@example.com'] = a;
    cookies['first-b@example.com'] = b;
    cookies['later@example.com'] = await signUpAndIn(sling!.url, 'later@example.com');
    const found = await admins();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^first-/);
  });

  test('sling users set-admin <email> grants the role; --off takes it back; an unknown address fails', async () => {
    const [winner] = await admins();
    // PGlite allows one process at a time: the CLI runs while the server is stopped.
    await sling!.stop();
    const granted = await runSling(['users', 'set-admin', 'later@example.com'], tdb.env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(JSON.parse(granted.stdout.trim().split('\n').at(-1)!)).toMatchObject({ email: 'later@example.com', role: 'admin' });
    const revoked = await runSling(['users', 'set-admin', winner!, '--off'], tdb.env);
    expect(revoked.code, revoked.stderr).toBe(0);
    const unknown = await runSling(['users', 'set-admin', 'nobody@example.com'], tdb.env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/not_found/);
    const usage = await runSling(['users', 'set-admin'], tdb.env);
    expect(usage.code).toBe(2);
    sling = await startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    expect(await admins()).toEqual(['later@example.com']);
  }, 300_000); // four CLI runs and a restart, each opening the embedded database
});
