// The audit log records workspace creation, custom domains and link deletions (issue 32, bug 16):
// a team workspace created; a domain added, changed, verified over real DNS (pebble-challtestsrv on
// loopback) and deleted with its links; links deleted one at a time and in bulk, by REST v1 and by
// /api.php. Each entry names who did it in its sentence. Creating and editing a link are in the
// link's own history (its events), not here: docs/guide/workspaces.md, "Audit log".
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { challtestsrvPath } from '../../helpers/services';

const LINK_HOST = 'links.sling.test';
const binary = challtestsrvPath();

type Entry = {
  action: string;
  summary: string;
  actor: { label: string };
  target: { type: string; id: string; label: string } | null;
  details: Record<string, unknown>;
};

if (binary) {
  describe(`audit log: workspaces, domains and link deletions on ${suiteDatabase.name}`, () => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let sling: InProcessSling;
    let ada: ApiClient;

    beforeAll(async () => {
      tdb = await suiteDatabase.migrated();
      dns = await startDnsServer(binary);
      sling = await startInProcessSling({ ...tdb.env, LINK_HOST, DNS_SERVERS: dns.address });
      await sling.seed.user('ada@example.com', { plan: 'business', name: 'Ada' });
      const nobody = apiClient(inProcess(sling));
      ada = nobody.as({ cookie: await signIn(nobody, 'ada@example.com') });
    });
    afterAll(async () => {
      await sling?.close();
      await dns?.stop();
      await tdb?.drop();
    });

    const entries = async (prefix: string) =>
      ((await ada.call('listAudit', { query: { limit: 100 } })).json.entries as Entry[]).filter((e) => e.action.startsWith(prefix)).reverse();

    test('a domain added, changed, verified over DNS and deleted with its link', async () => {
      const added = await ada.call('addDomain', { body: { hostname: 'go.acme.test' } });
      expect(added.status).toBe(201);
      const d = added.json.domain;
      expect((await ada.call('updateDomain', { params: { id: d.id }, body: { not_found_url: 'https://acme.test/missing' } })).status).toBe(200);
      // Nothing found: no change of status, so no entry.
      expect((await ada.call('verifyDomain', { params: { id: d.id } })).status).toBe(200);
      await dns.setCname('go.acme.test', LINK_HOST);
      const txt = d.records.find((r: { type: string }) => r.type === 'TXT');
      await dns.addTxt(txt.name, txt.value);
      expect((await ada.call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);
      expect((await ada.call('createLink', { body: { url: 'https://acme.test/a', domain_id: d.id } })).status).toBe(201);
      expect((await ada.call('deleteDomain', { params: { id: d.id } })).status).toBe(204);

      const mine = await entries('domain.');
      expect(mine.map((e) => e.summary)).toEqual([
        'Ada added the domain go.acme.test',
        'Ada changed the domain go.acme.test (not_found_url)',
        'Ada verified the domain go.acme.test',
        'Ada deleted the domain go.acme.test and its link',
      ]);
      expect(mine.map((e) => e.target)).toEqual(Array(4).fill({ type: 'domain', id: String(d.id), label: 'go.acme.test' }));
      // The domain's link went with the domain's entry, not one of its own.
      expect(await entries('link.')).toEqual([]);
    });

    test('links deleted one at a time (REST v1 and /api.php) and in bulk: one entry a request, naming the codes', async () => {
      const make = async (alias: string) => (await ada.call('createLink', { body: { url: `https://example.com/${alias}`, alias } })).json;
      const one = await make('gone-one');
      const viaPhp = await make('gone-php');
      const bulk = await Promise.all(['b-1', 'b-2', 'b-3'].map(make));
      expect((await ada.call('deleteLink', { params: { id: one.id } })).status).toBe(204);
      const token = (await ada.call('createToken', { body: { name: 'php', scopes: ['links:write'] } })).json.secret as string;
      const php = await fetch(`${sling.url}/api.php?slug=gone-php`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      expect(php.status).toBe(204);
      const bulkDeleted = await ada.call('bulkDeleteLinks', { body: { ids: bulk.map((l: { id: number }) => l.id) } });
      expect(bulkDeleted.json).toEqual({ deleted: 3 });

      const mine = await entries('link.');
      expect(mine.map((e) => [e.summary, e.target?.label ?? null])).toEqual([
        ['Ada deleted the link gone-one', 'gone-one'],
        ['Ada deleted the link gone-php', 'gone-php'],
        ['Ada deleted 3 links (b-1, b-2, b-3)', null],
      ]);
      expect(mine[1].target).toEqual({ type: 'link', id: String(viaPhp.id), label: 'gone-php' });
    });

    test("creating a team workspace is the new workspace's first entry (the session moves there)", async () => {
      expect((await ada.call('createWorkspace', { body: { name: 'Acme' } })).status).toBe(201);
      const [created] = await entries('workspace.');
      expect(created).toMatchObject({ action: 'workspace.created', summary: 'Ada created the workspace Acme', target: { type: 'workspace', label: 'Acme' } });
    });
  });
}
