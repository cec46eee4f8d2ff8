// `sling` commands while `sling start` holds the embedded database: they go over the server's admin
// socket (DATA_DIR/sling.sock, owner-only) and run inside it, printing what they print offline, and
// the change shows through the running server at once. A lock held by anything but a live server
// still gives the old one-line refusal. A built server process (`sling start` opens the admin
// socket) and `sling` processes: they are the subject; the API is called through the typed client over HTTP.
import { lstatSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, overHttp, type ApiClient } from '../../helpers/api-client';
import { createPgliteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

describe('the CLI while the server runs on PGlite', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let token: string;
  let socket: string;
  /** The typed client on the running server, with the token. */
  const api = (): ApiClient => apiClient(overHttp(sling.url), { token });

  /** The operator's account, made over the socket with the password on stdin (checked below). */
  let created: Awaited<ReturnType<typeof runSling>>;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    socket = join(tdb.dataDir, 'sling.sock');
    // Left by a server that was killed: replaced at start.
    writeFileSync(socket, 'stale');
    sling = await startSling(tdb.env);
    // The account and its token over the socket, as an operator makes them while the server runs
    // (not in the test process: that would load the server's modules and open PGlite here too).
    created = await runSling(['users', 'create', '--email', 'ops@example.com', '--password-stdin'], { ...tdb.env, BASE_URL: sling.url }, 'correct horse 2\n');
    const made = await runSling(['tokens', 'create', '--email', 'ops@example.com'], { ...tdb.env, BASE_URL: sling.url });
    expect(made.code, made.stderr).toBe(0);
    token = made.stdout.trim().split('\n').at(-1)!;
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  test('the admin socket is a socket in DATA_DIR with mode 0600', () => {
    const st = lstatSync(socket);
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
  });

  test('a second server on the same DATA_DIR is refused in one line: the embedded database admits one process', async () => {
    const second = await runSling(['start', '--role', 'worker'], tdb.env);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toMatch(/^DATA_DIR .* is in use by Sling process \d+/);
  });

  test('users set-plan and links disable succeed, and the running server shows the change', async () => {
    const plan = await runSling(['users', 'set-plan', '--email', 'ops@example.com', '--plan', 'business'], { ...tdb.env, BASE_URL: sling.url });
    expect(plan.stderr).toBe('');
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ plan: 'business', workspace: { slug: expect.any(String) } });
    await until(
      'the new plan through the API',
      async () => ((await api().call('getWorkspace')).json as { workspace: { plan: string } }).workspace.plan === 'business',
    );

    const made = await api().call('createLink', { body: { url: 'https://example.com/spam', alias: 'bad-one' } });
    expect(made.status).toBe(201);
    const { id } = made.json as { id: number };
    expect((await fetch(`${sling.url}/bad-one`, { redirect: 'manual' })).status).toBe(302);
    const off = await runSling(['links', 'disable', '--code', 'bad-one', '--reason', 'Reported as phishing'], { ...tdb.env, BASE_URL: sling.url });
    expect(off.stderr).toBe('');
    expect(off.code).toBe(0);
    expect(JSON.parse(off.stdout)).toMatchObject({ id, short_code: 'bad-one', status: 'disabled', disabled_reason: 'Reported as phishing' });
    expect(((await api().call('getLink', { params: { id } })).json as { status: string }).status).toBe('disabled');
    await until('451 for visitors', async () => (await fetch(`${sling.url}/bad-one`, { redirect: 'manual' })).status === 451);
  });

  test('stdin (--password-stdin) and errors travel too: exit codes and messages as offline', async () => {
    // The account beforeAll made: `users create --password-stdin` over the socket.
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ email: 'ops@example.com', plan: 'free' });
    const missing = await runSling(['links', 'disable', '--code', 'no-such', '--reason', 'x'], { ...tdb.env, BASE_URL: sling.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^Error \(not_found\): No link "no-such" on /);
    const usage = await runSling(['links', 'disable', '--code', 'bad-one'], { ...tdb.env, BASE_URL: sling.url });
    expect([usage.code, usage.stderr.trim()]).toEqual([2, '--reason is required']);
  });

  test('after the server stops, the socket is gone and the same commands print the same output offline', async () => {
    // A link nobody visits, so nothing (a click) changes it between the two outputs.
    expect((await api().call('createLink', { body: { url: 'https://example.com/quiet', alias: 'quiet' } })).status).toBe(201);
    const online = await runSling(['links', 'disable', '--code', 'quiet', '--reason', 'Checked'], { ...tdb.env, BASE_URL: sling.url });
    expect(online.code).toBe(0);
    expect(await sling.stop()).toBe(0);
    expect(() => lstatSync(socket)).toThrow(/ENOENT/);
    // One command's output compared (the forwarding carries any command's output as it is).
    const offline = await runSling(['links', 'get', '--code', 'quiet'], { ...tdb.env, BASE_URL: sling.url });
    expect(offline.code).toBe(0);
    expect(offline.stdout).toBe(online.stdout);
  });
});

test('a lock held by a live process that is not a server (no socket answering) keeps the one-line refusal', async () => {
  const dir = tempDir();
  // This test process is alive and holds nothing but the pid file; the "socket" is a plain file.
  writeFileSync(join(dir, 'sling.pid'), String(process.pid));
  writeFileSync(join(dir, 'sling.sock'), '');
  const run = await runSling(['links', 'create', '--url', 'https://example.com'], { DATA_DIR: dir });
  expect(run.code).toBe(1);
  expect(run.stderr.trim()).toBe(
    `DATA_DIR ${dir} is in use by Sling process ${process.pid}; the embedded database allows one process (stop it, or use DATABASE_URL)`,
  );
});
