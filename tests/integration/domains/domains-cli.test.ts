// `sling domains list|add|verify|remove` on PGlite, with a real DNS server: the same checks as the
// API (hostname rules, plan allowance, one owner per hostname, the workspace scope), by workspace id
// or owner email. The commands run in this process through runCli (cli-in-process.ts), as a server
// runs them for its admin socket; the last test checks that the built CLI prints the same.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openCliInProcess, type CliRun, type InProcessCli } from '../../helpers/cli-in-process';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { challtestsrvPath } from '../../helpers/services';
import { runSling } from '../../helpers/sling-process';

const binary = challtestsrvPath();
const LINK_HOST = 'edge.cli.test';

if (binary) {
  describe('sling domains', () => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let env: Record<string, string>;
    let cli: InProcessCli;
    let owner: { id: string; workspace: { id: string; slug: string } };

    const withLines = (r: CliRun) => ({
      ...r,
      lines:
        r.stdout.trim() === ''
          ? []
          : r.stdout
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l)),
    });
    const sling = async (...args: string[]) => withLines(await cli.run(['domains', ...args]));

    beforeAll(async () => {
      [tdb, dns] = await Promise.all([suiteDatabase.migrated(), startDnsServer(binary)]);
      env = { ...tdb.env, BASE_URL: 'https://sl.ing', LINK_HOST, DNS_SERVERS: dns.address };
      cli = await openCliInProcess(env);
      const made = await cli.run(['users', 'create', '--email', 'cli-owner@example.com', '--password-stdin', '--plan', 'free'], 'correct horse 1\n');
      expect(made.code, made.stderr).toBe(0);
      owner = JSON.parse(made.stdout.trim().split('\n').at(-1)!);
      const other = await cli.run(['users', 'create', '--email', 'cli-other@example.com', '--password-stdin'], 'correct horse 2\n');
      expect(other.code, other.stderr).toBe(0);
    });
    afterAll(async () => {
      await cli?.close();
      await dns?.stop();
      await tdb?.drop();
    });

    test("add, list, verify and remove, with the API's checks", async () => {
      const added = await sling('add', '--email', 'cli-owner@example.com', '--hostname', 'Go.CLI.test');
      expect(added.code, added.stderr).toBe(0);
      const [domain] = added.lines;
      expect(domain).toMatchObject({ hostname: 'go.cli.test', status: 'pending', shared: false });
      expect(domain.records.map((r: { type: string; name: string }) => `${r.type} ${r.name}`)).toEqual(['CNAME go.cli.test', 'TXT _svc-verify.go.cli.test']);

      // The same rules as POST /api/v1/domains.
      const bad = await sling('add', '--email', 'cli-owner@example.com', '--hostname', 'not a host');
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^Error \(invalid_request\): /);
      const taken = await sling('add', '--email', 'cli-owner@example.com', '--hostname', 'go.cli.test');
      expect(taken.stderr).toContain('Error (domain_taken): go.cli.test is already in this workspace.');
      const overPlan = await sling('add', '--workspace', owner.workspace.id, '--hostname', 'two.cli.test');
      expect(overPlan.code).toBe(1);
      expect(overPlan.stderr).toContain('Error (plan_required): The Free plan includes 1 custom domain');

      const listed = await sling('list', '--workspace', owner.workspace.slug);
      expect(listed.lines.map((d: { hostname: string; shared: boolean }) => [d.hostname, d.shared])).toEqual([
        ['sl.ing', true],
        ['go.cli.test', false],
      ]);
      expect((await sling('list', '--email', 'cli-other@example.com')).lines.map((d: { hostname: string }) => d.hostname)).toEqual(['sl.ing']);

      // Verify: each record says what was found; once the records are there, verified.
      const early = await sling('verify', '--email', 'cli-owner@example.com', '--hostname', 'go.cli.test');
      expect(early.code, early.stderr).toBe(0);
      expect(early.lines[0]).toMatchObject({ status: 'pending', verified: false, records: [{ status: 'missing' }, { status: 'missing' }] });
      await dns.setCname('go.cli.test', LINK_HOST);
      await dns.addTxt('_svc-verify.go.cli.test', domain.records[1].value);
      const verified = await sling('verify', '--workspace', owner.workspace.id, '--id', String(domain.id));
      expect(verified.lines[0]).toMatchObject({ status: 'verified', verified: true, records: [{ status: 'found' }, { status: 'found' }] });

      // Another workspace's domain is not found, by id or by name; the owner's removal works.
      const foreign = await sling('remove', '--email', 'cli-other@example.com', '--id', String(domain.id));
      expect(foreign.code).toBe(1);
      expect(foreign.stderr).toContain('Error (not_found)');
      expect((await sling('remove', '--email', 'cli-other@example.com', '--hostname', 'go.cli.test')).stderr).toContain('Error (not_found)');
      const removed = await sling('remove', '--email', 'cli-owner@example.com', '--hostname', 'go.cli.test');
      expect(removed.lines).toEqual([{ id: domain.id, removed: true, links_removed: 0 }]);
      expect((await sling('list', '--email', 'cli-owner@example.com')).lines).toHaveLength(1);
    }, 300_000);

    test('usage errors exit 2 and say what is missing', async () => {
      const none = await sling('list');
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('Give one of --workspace or --email.');
      const nameless = await sling('add', '--email', 'cli-owner@example.com');
      expect(nameless.code).toBe(2);
      expect(nameless.stderr).toContain('--hostname is required');
      expect((await sling('frobnicate')).code).toBe(2);
      const nobody = await sling('list', '--email', 'nobody@example.com');
      expect(nobody.code).toBe(1);
      expect(nobody.stderr).toContain('Error (not_found): No user nobody@example.com with a personal workspace.');
    }, 120_000);

    test('the built CLI answers as the commands above: the same lines and exit codes', async () => {
      await cli.run(['domains', 'add', '--email', 'cli-owner@example.com', '--hostname', 'built.cli.test']);
      const inProcess = [await sling('list', '--workspace', owner.workspace.slug), await sling('list', '--email', 'nobody@example.com')];
      expect(inProcess.map((r) => r.code)).toEqual([0, 1]);
      await cli.close(); // the embedded database admits one process
      const built = [
        withLines(await runSling(['domains', 'list', '--workspace', owner.workspace.slug], env)),
        withLines(await runSling(['domains', 'list', '--email', 'nobody@example.com'], env)),
      ];
      expect(built.map(({ code, stdout, stderr }) => ({ code, stdout, stderr }))).toEqual(
        inProcess.map(({ code, stdout, stderr }) => ({ code, stdout, stderr })),
      );
      expect(built[0].lines.map((d: { hostname: string }) => d.hostname)).toEqual(['sl.ing', 'built.cli.test']);
    }, 120_000);
  });
}
