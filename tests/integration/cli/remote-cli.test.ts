// The remote CLI as a user runs it: the built `sling` logging in to a running Sling and acting through
// its REST API (the SDK), each process with its own config folder (XDG_CONFIG_HOME) so no login of
// the machine's leaks in. Each `sling` process costs about a second of CPU, so each test checks
// several things one command shows (table and --json, exit code, stderr).
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOKEN_SCOPES } from '../../../lib/tenancy/permissions';
import { createUserWithToken } from '../../helpers/accounts';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { seedToken } from '../../helpers/seed-in-process';
import { freePort, runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { TEST_TMPDIR } from '../../helpers/test-tmp';

describe('the remote CLI against a running Sling', () => {
  let tdb: TestDatabase;
  let server: SlingProcess;
  let token: string;
  let readToken: string;
  const config = mkdtempSync(join(TEST_TMPDIR, 'sling-remote-cli-'));
  const file = join(config, 'sling', 'credentials.json');
  const sling = (args: string[], input?: string, env: Record<string, string> = {}) => runSling(args, { XDG_CONFIG_HOME: config, ...env }, input);

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    // Business: the Free plan's 10 calls a minute would have the SDK wait out Retry-After mid-suite.
    await createUserWithToken(tdb.env, 'remote@example.com', 'business');
    token = await seedToken(tdb.env, 'remote@example.com', { name: 'laptop', scopes: [...TOKEN_SCOPES] });
    readToken = await seedToken(tdb.env, 'remote@example.com', { name: 'reader', scopes: ['links:read'] });
    server = await startSling({ ...tdb.env, LINK_HOST: 'edge.remote.test' });
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
    rmSync(config, { recursive: true, force: true });
  });

  test('login refuses a bad token (exit 3, the error code named, nothing stored), then stores a good one 0600 and whoami shows it', async () => {
    const bad = await sling(['login', '--url', server.url, '--token-stdin'], 'sl_not-a-real-token\n');
    expect(bad.code).toBe(3);
    expect(bad.stderr).toMatch(/^error unauthorized: /);
    expect(existsSync(file)).toBe(false);

    const good = await sling(['login', '--url', `${server.url}/`], `${token}\n`);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/^Logged in to http:\/\/127\.0\.0\.1:\d+ as owner of the workspace /);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(config, 'sling')).mode & 0o777).toBe(0o700);

    const who = await sling(['whoami', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout)).toMatchObject({ url: server.url, workspace: { role: 'owner', plan: 'business' }, credentials: file });
  });

  test('links create, list, get and stats: tables for people, the API’s JSON with --json', async () => {
    const made = await sling(['links', 'create', '--url', 'https://example.com/remote', '--alias', 'remote-one', '--tags', 'cli,remote', '--json']);
    expect(made.code, made.stderr).toBe(0);
    const link = JSON.parse(made.stdout);
    expect(link).toMatchObject({
      short_code: 'remote-one',
      long_url: 'https://example.com/remote',
      tags: ['cli', 'remote'],
      short_url: `${server.url}/remote-one`,
    });

    const table = await sling(['links', 'list', '--search', 'remote-one']);
    expect(table.code, table.stderr).toBe(0);
    const [header, row, ...rest] = table.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID\s+SHORT URL\s+DESTINATION\s+CLICKS\s+STATUS\s+CREATED$/);
    expect(row).toMatch(new RegExp(`^${link.id}\\s+${server.url}/remote-one\\s+https://example.com/remote\\s+0\\s+active\\s+\\d{4}-`));
    expect(rest).toEqual([]);
    // Columns line up: each header starts where its cells do.
    expect(row.indexOf(server.url)).toBe(header.indexOf('SHORT URL'));

    const listed = JSON.parse((await sling(['links', 'list', '--all', '--json'])).stdout);
    expect(listed.links.map((l: { id: number }) => l.id)).toEqual([link.id]);

    // By its code: looked up, then the same link as by id.
    const got = await sling(['links', 'get', 'remote-one']);
    expect(got.code, got.stderr).toBe(0);
    expect(got.stdout).toMatch(/^ID:\s+\d+\nShort URL:\s+\S+\/remote-one\nDestination:\s+https:\/\/example\.com\/remote\n/);
    expect(got.stdout).toMatch(/\nTags:\s+cli, remote\n/);

    const visit = await fetch(link.short_url, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    const stats = await sling(['links', 'stats', String(link.id), '--range', '7d', '--json']);
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({ short_code: 'remote-one', timeseries: { interval: 'day' } });
    const human = await sling(['links', 'stats', 'remote-one']);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^Link:\s+remote-one\nRange:.*\nClicks:\s+\d+\nUnique visitors:\s+\d+/);

    const missing = await sling(['links', 'get', 'no-such-code']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error not_found: /);
  });

  test('domains add and list; tokens list; an invalid body names its field', async () => {
    const added = await sling(['domains', 'add', 'go.remote.test']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Hostname:\s+go\.remote\.test\nStatus:\s+pending/);
    expect(added.stdout).toMatch(/\nTYPE\s+NAME\s+VALUE\s+FOR\s+FOUND\n/);
    const domains = await sling(['domains', 'list']);
    expect(domains.code, domains.stderr).toBe(0);
    expect(domains.stdout).toMatch(/^ID\s+HOSTNAME\s+STATUS\s+DEFAULT\s+VERIFIED\n/);
    expect(domains.stdout).toMatch(/\n\d+\s+go\.remote\.test\s+pending\s+no\s+-\n?/);

    const tokens = await sling(['tokens', 'list']);
    expect(tokens.code, tokens.stderr).toBe(0);
    expect(tokens.stdout).toMatch(/^ID\s+NAME\s+PREFIX\s+SCOPES/);
    expect(tokens.stdout).toMatch(/\n\S+\s+laptop\s+sl_/);
    expect(tokens.stdout).toMatch(/\n\S+\s+reader\s+sl_\S+\s+links:read\s/);

    // A token made by the logged-in one: its secret last; it works, and is gone once revoked.
    const made = await sling(['tokens', 'create', '--name', 'ci', '--scopes', 'links:read']);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Name:\s+ci\nPrefix:\s+sl_\S+\nScopes:\s+links:read\n/);
    const secret = made.stdout.trim().split('\n').at(-1)!;
    const id = made.stdout.match(/^ID:\s+(\S+)$/m)![1];
    const asChild = () => fetch(`${server.url}/api/v1/links`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asChild()).status).toBe(200);
    const minting = await sling(['tokens', 'create', '--name', 'minting', '--scopes', 'tokens:write']);
    expect(minting.code).toBe(1);
    expect(minting.stderr).toMatch(/^error forbidden: An API token cannot make a token that makes tokens/);
    const revoked = await sling(['tokens', 'revoke', id, '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ id, revoked: true });
    expect((await asChild()).status).toBe(401);

    // Removing a domain takes its links: refused until --yes, which the message asks for.
    const unconfirmed = await sling(['domains', 'remove', 'go.remote.test']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/This removes go\.remote\.test and its 0 links for good\. Run it again with --yes/);
    const removed = await sling(['domains', 'remove', 'go.remote.test', '--yes']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await sling(['domains', 'list'])).stdout).not.toContain('go.remote.test');

    const bad = await sling(['links', 'create', '--url', 'ftp://example.com/x']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^error invalid_request: .*\n {2}url: /);
  });

  test('SLING_URL and SLING_TOKEN take precedence: a links:read token’s create is forbidden (exit 1), its list works', async () => {
    const env = { SLING_URL: server.url, SLING_TOKEN: readToken };
    const refused = await sling(['links', 'create', '--url', 'https://example.com/nope'], undefined, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error forbidden: .*\n {2}required_scope: links:write\n/);
    const list = await sling(['links', 'list', '--json'], undefined, env);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).total).toBeGreaterThan(0);
  });

  test('an instance that does not answer is exit 4', async () => {
    const port = await freePort();
    const down = await sling(['links', 'list'], undefined, { SLING_URL: `http://127.0.0.1:${port}`, SLING_TOKEN: token });
    expect(down.code).toBe(4);
    expect(down.stderr).toMatch(new RegExp(`^error unreachable: Cannot reach http://127\\.0\\.0\\.1:${port}: ECONNREFUSED`));
  });

  test('with a login, --local (or an operator option) still runs the operator’s command on the database', async () => {
    // On PGlite it goes over the running server's admin socket; on PostgreSQL it opens the database.
    const local = await sling(['links', 'get', '--local', '--code', 'remote-one'], undefined, tdb.env);
    expect(local.code, local.stderr).toBe(0);
    expect(JSON.parse(local.stdout)).toMatchObject({ short_code: 'remote-one', long_url: 'https://example.com/remote' });
    const byOption = await sling(['tokens', 'list', '--email', 'remote@example.com'], undefined, tdb.env);
    expect(byOption.code, byOption.stderr).toBe(0);
    expect(
      byOption.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).name),
    ).toEqual(expect.arrayContaining(['laptop', 'reader']));
    // Without them, the same environment goes to the API (never to the server's admin socket).
    const remote = await sling(['links', 'list', '--json'], undefined, tdb.env);
    expect(remote.code, remote.stderr).toBe(0);
    expect(JSON.parse(remote.stdout).links.map((l: { short_code: string }) => l.short_code)).toEqual(['remote-one']);
  });

  test('logout removes the file; then a remote command is exit 3 with a hint', async () => {
    const out = await sling(['logout']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^Logged out/);
    expect(existsSync(file)).toBe(false);
    const after = await sling(['links', 'list']);
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/^error not_logged_in: .*sling login --url/);
  });
});
