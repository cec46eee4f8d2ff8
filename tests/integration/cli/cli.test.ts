// The `sling` command as a user runs it: clear one-line errors, no stack traces. Each `sling`
// process costs more than a second of CPU before it does anything, so this file runs one per thing
// the process shows (exit status, stdin, stderr); what a message says for each bad value is
// tests/unit/config.test.ts's, what a command does is in the command's own suite.
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { bcryptCompare } from '../../../lib/passwords/bcrypt';
import { openDatabase } from '../../../lib/db/open-database';
import { createPgliteDatabase, tempDir } from '../../helpers/databases';
import { runSling } from '../../helpers/sling-process';

const dirs: string[] = [];
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
/** A DATA_DIR with an empty database (initdb done, as a first start leaves it) or a migrated one. */
const databaseDir = async (migrated: boolean) => {
  const { dataDir } = await createPgliteDatabase({ migrated });
  dirs.push(dataDir);
  return dataDir;
};
const migratedDir = () => databaseDir(true);
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

// One bad value refused by the environment's parsing and one by the secret key's resolution: the two
// ways configuration fails a start (every value's message is checked in tests/unit/config.test.ts).
describe('bad configuration stops start-up with one clear line', () => {
  test.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ DATABASE_URL: 'postgres://127.0.0.1/x' }, /^Invalid configuration: SECRET_KEY is required when DATABASE_URL is set/],
  ])('%j', async (env, message) => {
    const { code, stderr, stdout } = await runSling(['start'], { DATA_DIR: dir(), ...env });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});

test('an unknown command or role is a usage error (exit 2)', async () => {
  const unknown = await runSling(['launch'], { DATA_DIR: dir() });
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toMatch(/Unknown command "launch"/);
  const role = await runSling(['start', '--role', 'boss'], { DATA_DIR: dir() });
  expect(role.code).toBe(2);
  expect(role.stderr).toMatch(/--role must be one of all, edge, app, worker/);
});

// Migrating an empty database is what a first start does (two-instances.test.ts starts two on one); here
// `migrate` runs again on a migrated one. The key's reuse is tests/unit/config.test.ts's.
test('migrate is idempotent: on a migrated database it succeeds and changes nothing; SECRET_KEY is generated into DATA_DIR', async () => {
  const d = await migratedDir();
  // The template has every migration this build ships applied; none is applied again.
  const shipped = JSON.parse(readFileSync(new URL('../../../db/migrations/meta/_journal.json', import.meta.url), 'utf8')).entries.length;
  expect(shipped).toBeGreaterThan(0);
  const run = await runSling(['migrate'], { DATA_DIR: d });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout.trim()).toBe(`Migrations applied: ${shipped}`);
  expect(readFileSync(`${d}/secret-key`, 'utf8').trim().length).toBeGreaterThanOrEqual(32);
});

// The refusal of a second process while a server holds DATA_DIR is in admin-socket.test.ts, on the
// server that suite runs anyway; here, with no server, commands run in their own process.
test('links create runs offline and refuses a bad URL in one line', async () => {
  const d = await migratedDir();
  const made = await runSling(['links', 'create', '--url', 'https://example.com/after', '--alias', 'after-stop'], { DATA_DIR: d });
  expect(made.code).toBe(0);
  expect(JSON.parse(made.stdout)).toMatchObject({ short_code: 'after-stop', long_url: 'https://example.com/after' });
  const bad = await runSling(['links', 'create', '--url', 'javascript:alert(1)'], { DATA_DIR: d });
  expect(bad.code).toBe(1);
  expect(bad.stderr.trim()).toMatch(/^Error \(invalid_request\): "javascript:" URLs are not allowed/);
});

test('users create reads the password from stdin, not the command line, and leaves no session behind; --password still works, with a warning', async () => {
  const d = await migratedDir();
  // Without --password-stdin and without a terminal to prompt on, it refuses rather than read stdin silently.
  const bare = await runSling(['users', 'create', '--email', 'pipe@example.com'], { DATA_DIR: d }, 'correct horse 1\n');
  expect(bare.code).toBe(2);
  expect(bare.stderr.trim()).toMatch(/^--password-stdin is required when stdin is not a terminal/);

  // (A short password and a taken address: users-plan.test.ts, in process.)
  const piped = await runSling(['users', 'create', '--email', 'pipe@example.com', '--password-stdin'], { DATA_DIR: d }, ' trailing space kept \n');
  expect(piped.code).toBe(0);
  expect(piped.stderr).toBe('');
  const { id } = JSON.parse(piped.stdout.trim().split('\n').at(-1)!);

  const flag = await runSling(['users', 'create', '--email', 'flag@example.com', '--password', 'correct horse 2'], { DATA_DIR: d });
  expect(flag.code).toBe(0);
  expect(flag.stderr).toMatch(/^Warning: --password leaves the password in your shell history/);

  // The piped password is the account's, byte for byte (one trailing newline dropped): the stored
  // hash is the one sign-in compares with (lib/passwords/password.ts runs this same bcrypt compare).
  // The account was made without signing in: no session is left behind.
  const handle = await openDatabase({ dataDir: d });
  try {
    const [row] = await handle.query<{ password: string }>(
      "SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.id = $1 AND a.provider_id = 'credential'",
      [id],
    );
    expect(await bcryptCompare(' trailing space kept', row.password)).toBe(false);
    expect(await bcryptCompare(' trailing space kept ', row.password)).toBe(true);
    const [{ n }] = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [id]);
    expect(n).toBe(0);
  } finally {
    await handle.close();
  }
});
