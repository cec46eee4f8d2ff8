// Where the remote CLI keeps its login and when it uses it: the OS config folder per platform, the
// file's mode (tightened again when widened), the environment's precedence, and the choice between
// the API and the operator's local commands. The commands themselves: tests/integration/cli/remote-cli.test.ts.
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { configDir, deleteCredentials, readCredentials, writeCredentials } from '../../cli/remote/credentials';
import { runsRemotely } from '../../cli/remote/remote-mode';
import { statsQuery } from '../../cli/remote/stats-query';

const dir = mkdtempSync(join(tmpdir(), 'sling-credentials-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const env = { XDG_CONFIG_HOME: dir };

test('the config folder follows each platform’s convention', () => {
  expect(configDir({ XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/sling');
  expect(configDir({}, 'linux')).toBe(join(homedir(), '.config', 'sling'));
  expect(configDir({}, 'darwin')).toBe(join(homedir(), 'Library', 'Application Support', 'sling'));
  expect(configDir({ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32')).toBe(join('C:\\Users\\ann\\AppData\\Roaming', 'sling'));
});

describe.skipIf(process.platform === 'win32')('credentials.json', () => {
  test('written 0600 in a 0700 folder, read back, tightened again when widened, deleted', () => {
    const path = writeCredentials({ url: 'https://sling.example.com', token: 'sl_abc' }, env);
    expect(path).toBe(join(dir, 'sling', 'credentials.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'sling')).mode & 0o777).toBe(0o700);
    expect(readCredentials(env)).toEqual({ url: 'https://sling.example.com', token: 'sl_abc', source: path });

    chmodSync(path, 0o644);
    readCredentials(env);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    expect(deleteCredentials(env)).toBe(true);
    expect(readCredentials(env)).toBeUndefined();
    expect(deleteCredentials(env)).toBe(false);
  });

  test('SLING_URL and SLING_TOKEN, both set, win over the file; one alone does not count', () => {
    writeCredentials({ url: 'https://file.example', token: 'sl_file' }, env);
    expect(readCredentials({ ...env, SLING_URL: 'https://env.example', SLING_TOKEN: 'sl_env' })).toEqual({
      url: 'https://env.example',
      token: 'sl_env',
      source: 'env',
    });
    expect(readCredentials({ ...env, SLING_URL: 'https://env.example' })?.url).toBe('https://file.example');
    deleteCredentials(env);
  });
});

test('links, domains and tokens go remote when logged in, unless --local or an operator option says otherwise', () => {
  const loggedIn = { SLING_URL: 'https://sling.example.com', SLING_TOKEN: 'sl_x' };
  const loggedOut = { XDG_CONFIG_HOME: join(dir, 'nobody') };
  expect(runsRemotely('links', 'create', {}, loggedIn)).toBe(true);
  expect(runsRemotely('links', 'create', { local: true }, loggedIn)).toBe(false);
  expect(runsRemotely('links', 'get', { code: 'abc' }, loggedIn)).toBe(false);
  expect(runsRemotely('links', 'disable', {}, loggedIn)).toBe(false);
  expect(runsRemotely('domains', 'list', { email: 'a@example.com' }, loggedIn)).toBe(false);
  expect(runsRemotely('tokens', 'list', { workspace: 'acme' }, loggedIn)).toBe(false);
  // Logged out: the operator forms as before; actions only the API has still go remote (and say "log in").
  expect(runsRemotely('links', 'create', {}, loggedOut)).toBe(false);
  expect(runsRemotely('links', 'list', {}, loggedOut)).toBe(true);
  expect(runsRemotely('domains', 'status', {}, loggedOut)).toBe(true);
  expect(runsRemotely('login', undefined, {}, loggedOut)).toBe(true);
  // Operator-only commands never.
  for (const command of ['start', 'migrate', 'users', 'jobs', 'events']) expect(runsRemotely(command, 'list', {}, loggedIn)).toBe(false);
});

test('links stats --range counts back from now (or --to), by hour up to two days', () => {
  const now = new Date('2026-11-29T12:00:00.000Z');
  expect(statsQuery({ range: '24h' }, now)).toEqual({ from: '2026-11-28T12:00:00.000Z', to: now.toISOString(), interval: 'hour' });
  expect(statsQuery({ range: '7d' }, now)).toMatchObject({ from: '2026-11-22T12:00:00.000Z', interval: 'day' });
  expect(statsQuery({ range: '2w', interval: 'week' }, now)).toMatchObject({ from: '2026-11-15T12:00:00.000Z', interval: 'week' });
  expect(statsQuery({ from: '2026-11-01' }, now)).toEqual({ from: '2026-11-01', to: undefined, interval: undefined });
  expect(() => statsQuery({ range: 'a week' }, now)).toThrow(/--range is a number and a unit/);
});
