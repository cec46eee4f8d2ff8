// API calls made with a session cookie (lib/auth/session-lookup.ts): better-auth is asked about a
// cookie once a minute, not on every call, and nothing remembered outlives what it stood for — a
// switch of workspace, a new role, a removal, a sign-out, a revoked or expired session, a ban all count
// at the very next call. Sling in the test process, on PGlite and PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { loadAuth } from '../../../lib/auth/load-auth';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { pgUrl } from '../../helpers/services';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const OWNER = 'olga@team.test';
const MEMBER = 'mo@team.test';

describe.each(migratedDatabaseKinds(pgUrl()))('session callers on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let owner: ApiClient;
  let teamId: string;
  let memberId: string;

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000' });
    for (const email of [OWNER, MEMBER]) await sling.seed.user(email, { plan: 'free', password: PASSWORD, name: email.split('@')[0] });
    teamId = await makeEnterpriseTeam(sling.handle, 'team', OWNER, [MEMBER]);
    memberId = (await sling.handle.db.select({ id: users.id }).from(users).where(eq(users.email, MEMBER)))[0].id;
    api = apiClient(inProcess(sling));
    owner = api.as({ token: await sling.seed.token(OWNER, { workspace: 'team' }) });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await sling?.close();
    await tdb?.drop();
  });

  const current = async (c: ApiClient) => {
    const res = await c.call('getWorkspace', {});
    return res.status === 200 ? { status: 200, id: res.json.workspace.id as string, role: res.json.role as string } : { status: res.status };
  };

  test('better-auth is asked once about a cookie used for many calls', async () => {
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    const getSession = vi.spyOn((await loadAuth()).api, 'getSession');
    for (let i = 0; i < 10; i++) expect((await current(member)).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    getSession.mockRestore();
  });

  test('a switch of workspace, a new role and a removal count at the next call', async () => {
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    const personal = await current(member);
    expect(personal).toMatchObject({ status: 200, role: 'owner' });
    expect((await member.call('switchWorkspace', { params: { id: teamId } })).status).toBe(200);
    expect(await current(member)).toEqual({ status: 200, id: teamId, role: 'member' });
    expect((await owner.call('changeMemberRole', { params: { userId: memberId }, body: { role: 'admin' } })).status).toBe(200);
    expect(await current(member)).toEqual({ status: 200, id: teamId, role: 'admin' });
    expect((await owner.call('removeMember', { params: { userId: memberId } })).status).toBe(204);
    // Out of the team, the session acts in the personal workspace again.
    expect(await current(member)).toEqual(personal);
  });

  test('a signed-out, revoked or expired session is refused at the next call', async () => {
    const signOutCookie = await signIn(api, OWNER, PASSWORD);
    const a = api.as({ cookie: signOutCookie });
    expect((await current(a)).status).toBe(200);
    const out = await api.fetch('/api/auth/sign-out', { method: 'POST', as: { cookie: signOutCookie }, headers: { origin: api.baseUrl, 'content-type': 'application/json' }, body: '{}' });
    expect(out.status).toBe(200);
    expect(await current(a)).toEqual({ status: 401 });

    const b = api.as({ cookie: await signIn(api, OWNER, PASSWORD) });
    const cCookie = await signIn(api, OWNER, PASSWORD);
    expect((await current(b)).status).toBe(200);
    const revoked = await api.fetch('/api/auth/revoke-other-sessions', { method: 'POST', as: { cookie: cCookie }, headers: { origin: api.baseUrl, 'content-type': 'application/json' }, body: '{}' });
    expect(revoked.status).toBe(200);
    expect(await current(b)).toEqual({ status: 401 });

    const c = api.as({ cookie: cCookie });
    expect((await current(c)).status).toBe(200);
    // Expired where it is kept (as if a minute of the cookie's memory were still to run).
    const ownerId = (await sling.handle.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER)))[0].id;
    await sling.handle.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, ownerId));
    expect(await current(c)).toEqual({ status: 401 });
  });

  test('a banned user\'s session is refused at the next call, even before it is deleted', async () => {
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    expect((await current(member)).status).toBe(200);
    // A ban deletes the user's sessions too (better-auth); the flag alone is enough here.
    await sling.handle.db.update(users).set({ banned: true }).where(eq(users.id, memberId));
    expect(await current(member)).toEqual({ status: 401 });
    await sling.handle.db.update(users).set({ banned: false }).where(eq(users.id, memberId));
  });
});
