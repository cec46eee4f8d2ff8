// Directory sync on Sling in the test process (its router serves /api/scim/v2), with the request shapes of RFC 7644 as Okta and Microsoft
// Entra ID send them: a token made in Settings (Enterprise only; stored as SHA-256), users created,
// found by filter and paged, replaced (PUT) and patched (PATCH, Okta's and Entra's forms),
// deactivated — the session and the API token the user had stop working at once — reactivated and
// deleted; a wrong token is a 401 in SCIM's error shape; another workspace's users are not visible.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { provenDomainOn } from '../../helpers/scim-fixtures';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const OWNER = 'ann@acme.test';
const MIA = 'mia@acme.test'; // has a Sling account with a password already
const NOA = 'noa@acme.test'; // has none: directory sync makes it
const OTHER_OWNER = 'ola@other.test';
const FREE = 'bob@example.com';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

// PostgreSQL when there is one, as before the set-up moved into the test process.

describe(`SCIM directory sync: users (${suiteDatabase.name})`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let acmeId: string;
  let ownerToken: string;
  let owner: ApiClient;
  let other: ApiClient;
  let free: ApiClient;
  let scimToken: string;
  let otherScimToken: string;
  const ids: Record<string, string> = {};

  /** A SCIM request as identity providers send it: application/scim+json (no Operation describes SCIM). */
  const scim = (token: string, path: string, init: { method?: string; body?: unknown } = {}) =>
    api.fetch(`/api/scim/v2${path}`, {
      as: { token },
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { accept: 'application/scim+json', ...(init.body === undefined ? {} : { 'content-type': 'application/scim+json; charset=utf-8' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const members = async () =>
    ((await owner.call('listMembers')).json.members as Array<{ email: string; role: string }>).map((m) => `${m.email}:${m.role}`).sort();
  const auditActions = async () => ((await owner.call('listAudit')).json.entries as Array<{ action: string; actor: { label: string } }>).map((e) => e.action);

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' });
    api = apiClient(inProcess(sling));
    // The first account (the instance admin) alone, then the others.
    for (const email of [OWNER, MIA, OTHER_OWNER, FREE]) await sling.seed.user(email, { password: PASSWORD, name: email.split('@')[0] });
    acmeId = await makeEnterpriseTeam(sling.handle, 'acme', OWNER);
    const otherId = await makeEnterpriseTeam(sling.handle, 'other', OTHER_OWNER);
    await provenDomainOn(sling.handle, acmeId, 'acme.test');
    await provenDomainOn(sling.handle, otherId, 'other.test');
    ownerToken = await sling.seed.token(OWNER, { workspace: 'acme' });
    owner = api.as({ token: ownerToken });
    other = api.as({ token: await sling.seed.token(OTHER_OWNER, { workspace: 'other' }) });
    free = api.as({ token: await sling.seed.token(FREE) });
  }, 300_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('a workspace on another plan gets 403 plan_required naming the plan', async () => {
    const res = await free.call('issueDirectorySyncToken');
    expect(res.status).toBe(403);
    const { error } = res.json;
    expect(error).toMatchObject({ code: 'plan_required', details: { required_plan: 'enterprise', plan: 'free' } });
    expect(error.message).toMatch(/Enterprise.*Free/);
  });

  test('the token is shown once and stored as its SHA-256 only', async () => {
    const before = (await owner.call('getDirectorySync')).json;
    expect(before.directory_sync).toMatchObject({ enabled: false, token: null, base_url: `${sling.url}/api/scim/v2` });
    const res = await owner.call('issueDirectorySyncToken');
    expect(res.status).toBe(201);
    const body = res.json;
    scimToken = body.token;
    expect(scimToken).toMatch(/^scim_[A-Za-z0-9_-]{43}$/);
    expect(body.directory_sync.token.prefix).toBe(scimToken.slice(0, 11));
    const again = (await owner.call('getDirectorySync')).json;
    expect(JSON.stringify(again)).not.toContain(scimToken);
    otherScimToken = (await other.call('issueDirectorySyncToken')).json.token;
  });

  test("a missing or wrong token is a 401 in SCIM's error shape", async () => {
    for (const token of ['', 'scim_wrong', `${scimToken}x`, ownerToken]) {
      const res = await scim(token, '/Users');
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      expect(await res.json()).toMatchObject({ schemas: [ERROR], status: '401', detail: expect.any(String) });
    }
  });

  test('discovery: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await (await scim(scimToken, '/ServiceProviderConfig')).json();
    expect(config).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
      authenticationSchemes: [{ type: 'oauthbearertoken' }],
    });
    const types = await (await scim(scimToken, '/ResourceTypes')).json();
    expect(types.Resources.map((t: { endpoint: string }) => t.endpoint)).toEqual(['/Users', '/Groups']);
    const schemas = await (await scim(scimToken, '/Schemas')).json();
    expect(schemas.Resources.map((s: { id: string }) => s.id)).toEqual([USER, 'urn:ietf:params:scim:schemas:core:2.0:Group']);
  });

  test("Okta creates a user: the existing account joins with the connection's default role", async () => {
    // Okta first looks the user up, then creates it.
    const lookup = await (await scim(scimToken, `/Users?filter=${encodeURIComponent(`userName eq "${MIA}"`)}&startIndex=1&count=100`)).json();
    expect(lookup).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });
    const res = await scim(scimToken, '/Users', {
      body: {
        schemas: [USER],
        userName: MIA,
        name: { givenName: 'Mia', familyName: 'Moss' },
        emails: [{ primary: true, value: MIA, type: 'work' }],
        displayName: 'Mia Moss',
        locale: 'en-US',
        externalId: '00u1okta',
        groups: [],
        password: 'ignored-by-sling',
        active: true,
      },
    });
    expect(res.status).toBe(201);
    const user = await res.json();
    ids.mia = user.id;
    expect(res.headers.get('location')).toBe(`${sling.url}/api/scim/v2/Users/${user.id}`);
    expect(user).toMatchObject({
      schemas: [USER],
      userName: MIA,
      externalId: '00u1okta',
      active: true,
      name: { givenName: 'Mia', familyName: 'Moss' },
      emails: [{ value: MIA, primary: true }],
      meta: { resourceType: 'User' },
    });
    expect(await members()).toEqual([`${MIA}:member`, `${OWNER}:owner`].sort());
    const dup = await scim(scimToken, '/Users', { body: { schemas: [USER], userName: MIA.toUpperCase(), emails: [{ value: MIA, primary: true }] } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ schemas: [ERROR], status: '409', scimType: 'uniqueness' });
  });

  test('Entra creates a user with no Sling account yet; an address outside the proven domains is refused', async () => {
    const res = await scim(scimToken, '/Users', {
      body: {
        schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'noa',
        userName: NOA,
        active: true,
        displayName: 'Noa Nilsen',
        emails: [{ primary: true, type: 'work', value: NOA }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Noa Nilsen', familyName: 'Nilsen', givenName: 'Noa' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Sales' },
      },
    });
    expect(res.status).toBe(201);
    ids.noa = (await res.json()).id;
    expect(await members()).toEqual([`${MIA}:member`, `${NOA}:member`, `${OWNER}:owner`].sort());
    const outside = await scim(scimToken, '/Users', {
      body: { schemas: [USER], userName: 'eve@evil.test', emails: [{ value: 'eve@evil.test', primary: true }] },
    });
    expect(outside.status).toBe(400);
    expect(await outside.json()).toMatchObject({ status: '400', scimType: 'invalidValue' });
    const bad = await scim(scimToken, '/Users', { body: { schemas: [USER] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/userName/);
  });

  test('filter (case-insensitive userName, externalId), startIndex and count', async () => {
    const byName = await (await scim(scimToken, `/Users?filter=${encodeURIComponent('userName eq "MIA@ACME.TEST"')}`)).json();
    expect(byName.Resources.map((u: { id: string }) => u.id)).toEqual([ids.mia]);
    const byExternal = await (await scim(scimToken, `/Users?filter=${encodeURIComponent('externalId eq "noa"')}`)).json();
    expect(byExternal.Resources.map((u: { id: string }) => u.id)).toEqual([ids.noa]);
    const page2 = await (await scim(scimToken, '/Users?startIndex=2&count=1')).json();
    expect(page2).toMatchObject({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
    expect(page2.Resources.map((u: { id: string }) => u.id)).toEqual([ids.noa]);
    const unsupported = await scim(scimToken, `/Users?filter=${encodeURIComponent('title co "x"')}`);
    expect(unsupported.status).toBe(400);
    expect((await unsupported.json()).scimType).toBe('invalidFilter');
  });

  test("another workspace's directory sees none of these users", async () => {
    const list = await (await scim(otherScimToken, `/Users?filter=${encodeURIComponent(`userName eq "${MIA}"`)}`)).json();
    expect(list.totalResults).toBe(0);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] }],
      ['DELETE', undefined],
    ] as const) {
      const res = await scim(otherScimToken, `/Users/${ids.mia}`, { method, body });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ schemas: [ERROR], status: '404' });
    }
    expect(await members()).toContain(`${MIA}:member`);
  });

  test("PUT replaces (Okta) and PATCH updates (Entra's capitalised ops and paths)", async () => {
    const put = await scim(scimToken, `/Users/${ids.mia}`, {
      method: 'PUT',
      body: {
        schemas: [USER],
        id: ids.mia,
        userName: MIA,
        name: { givenName: 'Mia', familyName: 'Mossberg' },
        emails: [{ primary: true, value: MIA, type: 'work' }],
        displayName: 'Mia Mossberg',
        externalId: '00u1okta',
        active: true,
      },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ name: { familyName: 'Mossberg' }, displayName: 'Mia Mossberg', active: true });
    const patch = await scim(scimToken, `/Users/${ids.noa}`, {
      method: 'PATCH',
      body: {
        schemas: [PATCH_OP],
        Operations: [
          { op: 'Replace', path: 'displayName', value: 'Noa N.' },
          { op: 'Add', path: 'name.givenName', value: 'Nora' },
          { op: 'Replace', path: 'emails[type eq "work"].value', value: NOA },
          { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'Marketing' },
        ],
      },
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toMatchObject({ displayName: 'Noa N.', name: { givenName: 'Nora', familyName: 'Nilsen' }, active: true });
    const renamed = await scim(scimToken, `/Users/${ids.noa}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type eq "work"].value', value: 'other@acme.test' }] },
    });
    expect(renamed.status).toBe(400);
    expect((await renamed.json()).scimType).toBe('mutability');
    expect(await auditActions()).toEqual(expect.arrayContaining(['member.provisioned', 'member.updated']));
  });

  test('deactivating (Okta: replace active false) ends the session and the API token the user had, at once', async () => {
    const mia = api.as({ cookie: await signIn(api, MIA, PASSWORD) });
    expect((await mia.call('switchWorkspace', { params: { id: acmeId } })).status).toBe(200);
    const made = await mia.call('createToken', { body: { name: 'mia in acme' } });
    expect(made.status).toBe(201);
    const miaToken = made.json.secret as string;
    expect((await mia.call('getWorkspace')).status).toBe(200);
    expect((await api.call('listLinks', { as: { token: miaToken } })).status).toBe(200);

    const res = await scim(scimToken, `/Users/${ids.mia}`, {
      method: 'PATCH',
      body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).active).toBe(false);

    expect((await mia.call('getWorkspace')).status).toBe(401);
    expect(await (await mia.fetch('/api/auth/get-session')).json()).toBeNull();
    const viaToken = await api.call('listLinks', { as: { token: miaToken } });
    expect(viaToken.status).toBe(401);
    expect(await members()).toEqual([`${NOA}:member`, `${OWNER}:owner`].sort());
    // The SCIM user stays, inactive: the IdP may reactivate it.
    expect(await (await scim(scimToken, `/Users/${ids.mia}`)).json()).toMatchObject({ active: false });
    expect(await auditActions()).toContain('member.deprovisioned');
  });

  test('Entra\'s "False"/"True" strings deactivate and reactivate; DELETE removes the user', async () => {
    const patch = (value: string) =>
      scim(scimToken, `/Users/${ids.noa}`, { method: 'PATCH', body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value }] } });
    expect((await (await patch('False')).json()).active).toBe(false);
    expect(await members()).toEqual([`${OWNER}:owner`].sort());
    expect((await (await patch('True')).json()).active).toBe(true);
    expect(await members()).toEqual([`${NOA}:member`, `${OWNER}:owner`].sort());
    const del = await scim(scimToken, `/Users/${ids.noa}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await scim(scimToken, `/Users/${ids.noa}`)).status).toBe(404);
    expect(await members()).toEqual([`${OWNER}:owner`].sort());
    const state = (await owner.call('getDirectorySync')).json;
    expect(state.directory_sync).toMatchObject({ users: { total: 1, active: 0 }, last_activity: expect.stringContaining('Deleted') });
  });

  test('rotating ends the old token at once; revoking ends the new one; the database holds only a SHA-256', async () => {
    const rotated = await owner.call('issueDirectorySyncToken');
    expect(rotated.status).toBe(200);
    const next = rotated.json.token as string;
    expect((await scim(scimToken, '/Users')).status).toBe(401);
    expect((await scim(next, '/Users')).status).toBe(200);
    expect((await owner.call('revokeDirectorySyncToken')).status).toBe(204);
    expect((await scim(next, '/Users')).status).toBe(401);
    const fresh = await owner.call('issueDirectorySyncToken');
    expect(fresh.status).toBe(201);
    const last = fresh.json.token as string;
    // The row, read on the server's own database handle.
    const rows = await sling.handle.query<Record<string, unknown>>(`SELECT * FROM directory_syncs WHERE workspace_id = $1`, [acmeId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(last).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(last.slice(11));
  });
});
