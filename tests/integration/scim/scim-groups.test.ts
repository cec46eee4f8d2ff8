// SCIM /Groups on Sling in the test process (its router serves /api/scim/v2), with Okta's and Entra's request shapes: a group created
// with a member, found by displayName, members added and removed by PATCH (Okta's
// `members[value eq "…"]` path and Entra's value list), renamed, replaced and deleted; a user of
// another workspace cannot be made a member, and another workspace does not see the group.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { provenDomainOn } from '../../helpers/scim-fixtures';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

describe(`SCIM directory sync: groups (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  const token: Record<'acme' | 'other', string> = { acme: '', other: '' };
  const user: Record<string, string> = {};
  let groupId: string;

  /** A SCIM request (no Operation describes SCIM) with the workspace's directory-sync token. */
  const scim = (who: 'acme' | 'other', path: string, init: { method?: string; body?: unknown } = {}) =>
    api.fetch(`/api/scim/v2${path}`, {
      as: { token: token[who] },
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? {} : { 'content-type': 'application/scim+json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const memberNames = async () =>
    ((await (await scim('acme', `/Groups/${groupId}`)).json()).members as Array<{ display: string }>).map((m) => m.display).sort();

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env);
    api = apiClient(inProcess(sling));
    for (const email of ['ann@acme.test', 'ola@other.test']) await sling.seed.user(email, { password: PASSWORD, name: email.split('@')[0] });
    const acme = await makeEnterpriseTeam(sling.handle, 'acme', 'ann@acme.test');
    const other = await makeEnterpriseTeam(sling.handle, 'other', 'ola@other.test');
    await provenDomainOn(sling.handle, acme, 'acme.test');
    await provenDomainOn(sling.handle, other, 'other.test');
    const [annToken, olaToken] = [
      await sling.seed.token('ann@acme.test', { workspace: 'acme' }),
      await sling.seed.token('ola@other.test', { workspace: 'other' }),
    ];
    for (const [who, apiToken] of [
      ['acme', annToken],
      ['other', olaToken],
    ] as const) {
      token[who] = (await api.call('issueDirectorySyncToken', { as: { token: apiToken } })).json.token;
    }
    for (const [who, email] of [
      ['acme', 'mia@acme.test'],
      ['acme', 'noa@acme.test'],
      ['other', 'oz@other.test'],
    ] as const) {
      const res = await scim(who, '/Users', { body: { schemas: [USER], userName: email, emails: [{ value: email, primary: true }] } });
      user[email] = (await res.json()).id;
    }
  }, 300_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('a group is created with a member and found by displayName', async () => {
    const res = await scim('acme', '/Groups', {
      body: { schemas: [GROUP], displayName: 'Engineering', externalId: 'okta-g1', members: [{ value: user['mia@acme.test'], display: 'mia@acme.test' }] },
    });
    expect(res.status).toBe(201);
    const group = await res.json();
    groupId = group.id;
    expect(res.headers.get('location')).toBe(`${sling.url}/api/scim/v2/Groups/${groupId}`);
    expect(group).toMatchObject({
      schemas: [GROUP],
      displayName: 'Engineering',
      externalId: 'okta-g1',
      members: [{ value: user['mia@acme.test'], display: 'mia@acme.test' }],
      meta: { resourceType: 'Group' },
    });
    const found = await (await scim('acme', `/Groups?filter=${encodeURIComponent('displayName eq "engineering"')}&startIndex=1&count=100`)).json();
    expect(found).toMatchObject({ totalResults: 1, Resources: [{ id: groupId }] });
    const dup = await scim('acme', '/Groups', { body: { schemas: [GROUP], displayName: 'Engineering' } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).scimType).toBe('uniqueness');
  });

  test("PATCH adds and removes members (Okta's and Entra's forms) and renames", async () => {
    const patch = (Operations: unknown[]) => scim('acme', `/Groups/${groupId}`, { method: 'PATCH', body: { schemas: [PATCH_OP], Operations } });
    expect((await patch([{ op: 'add', path: 'members', value: [{ value: user['noa@acme.test'], display: 'noa@acme.test' }] }])).status).toBe(200);
    expect(await memberNames()).toEqual(['mia@acme.test', 'noa@acme.test']);
    expect((await patch([{ op: 'remove', path: `members[value eq "${user['mia@acme.test']}"]` }])).status).toBe(200);
    expect(await memberNames()).toEqual(['noa@acme.test']);
    expect(
      (
        await patch([
          { op: 'Remove', path: 'members', value: [{ value: user['noa@acme.test'] }] },
          { op: 'Replace', path: 'displayName', value: 'Eng' },
        ])
      ).status,
    ).toBe(200);
    expect(await memberNames()).toEqual([]);
    expect((await (await scim('acme', `/Groups/${groupId}`)).json()).displayName).toBe('Eng');
    // A user of another workspace is not a member to be had.
    const foreign = await patch([{ op: 'add', path: 'members', value: [{ value: user['oz@other.test'] }] }]);
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).scimType).toBe('invalidValue');
  });

  test('another workspace does not see the group; PUT replaces it and DELETE removes it', async () => {
    expect((await (await scim('other', '/Groups')).json()).totalResults).toBe(0);
    expect((await scim('other', `/Groups/${groupId}`)).status).toBe(404);
    expect((await scim('other', `/Groups/${groupId}`, { method: 'DELETE' })).status).toBe(404);
    const put = await scim('acme', `/Groups/${groupId}`, {
      method: 'PUT',
      body: { schemas: [GROUP], displayName: 'Engineering', members: [{ value: user['mia@acme.test'] }, { value: user['noa@acme.test'] }] },
    });
    expect(put.status).toBe(200);
    expect(await memberNames()).toEqual(['mia@acme.test', 'noa@acme.test']);
    expect((await scim('acme', `/Groups/${groupId}`, { method: 'DELETE' })).status).toBe(204);
    expect((await scim('acme', `/Groups/${groupId}`)).status).toBe(404);
  });
});
