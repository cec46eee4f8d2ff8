// API calls made with a session cookie: better-auth is asked about a cookie once a minute
// (lib/auth/session-lookup.ts) and the session's actor is kept in memory
// (lib/workspaces/session-actor-cache.ts), and nothing remembered outlives what it stood for — a switch
// of workspace, a new role, a removal, a sign-out, a revoked session, a ban count at the very next
// call, an expiry when it comes, and a change written behind Sling's back within the cache's TTL.
// Sling in the test process, on PGlite and PostgreSQL; the clock is moved, never waited for.
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessions, users } from '../../../db/schema';
import { loadAuth } from '../../../lib/auth/load-auth';
import { SESSION_ACTOR_TTL_MS } from '../../../lib/workspaces/session-actor-cache';
import { signIn } from '../../helpers/accounts';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

const OWNER = 'olga@team.test';
const MEMBER = 'mo@team.test';

describe(`session callers on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
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
  afterEach(() => {
    vi.useRealTimers();
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

  /** Moves this process's clock (only Date: timers and the database keep real time). */
  const moveClockTo = (at: number) => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(at);
  };
  const sessionOf = async (userId: string) =>
    (
      await sling.handle.db
        .select({ expiresAt: sessions.expiresAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.expiresAt))
        .limit(1)
    )[0];

  test('a signed-out or revoked session is refused at the next call', async () => {
    const signOutCookie = await signIn(api, OWNER, PASSWORD);
    const a = api.as({ cookie: signOutCookie });
    expect((await current(a)).status).toBe(200);
    const out = await api.fetch('/api/auth/sign-out', {
      method: 'POST',
      as: { cookie: signOutCookie },
      headers: { origin: api.baseUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await current(a)).toEqual({ status: 401 });

    const b = api.as({ cookie: await signIn(api, OWNER, PASSWORD) });
    const cCookie = await signIn(api, OWNER, PASSWORD);
    expect((await current(b)).status).toBe(200);
    const revoked = await api.fetch('/api/auth/revoke-other-sessions', {
      method: 'POST',
      as: { cookie: cCookie },
      headers: { origin: api.baseUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    expect(await current(b)).toEqual({ status: 401 });
    expect((await current(api.as({ cookie: cCookie }))).status).toBe(200);
  });

  test('a session is refused once it expires, though its actor was remembered a moment before', async () => {
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    // Known now (better-auth, asked at this first call, would otherwise extend a session near its end).
    expect((await current(member)).status).toBe(200);
    const expiresAt = (await sessionOf(memberId)).expiresAt.getTime();
    // Just before the expiry (the remembered actor is older than the TTL: read again, still live)…
    moveClockTo(expiresAt - 2_000);
    expect((await current(member)).status).toBe(200);
    // …and just after it, well within the TTL of that fresh read.
    vi.setSystemTime(expiresAt + 1_000);
    expect(await current(member)).toEqual({ status: 401 });
  });

  test('a ban ends the session at the next call', async () => {
    const admin = api.as({ cookie: await signIn(api, OWNER, PASSWORD) });
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    expect((await current(member)).status).toBe(200);
    expect((await admin.call('adminBanUser', { params: { id: memberId }, body: { reason: 'spam' } })).status).toBe(200);
    expect(await current(member)).toEqual({ status: 401 });
    expect((await admin.call('adminUnbanUser', { params: { id: memberId }, body: {} })).status).toBe(204);
  });

  test("a change written behind Sling's back (no message) counts once the TTL has run", async () => {
    const member = api.as({ cookie: await signIn(api, MEMBER, PASSWORD) });
    expect((await current(member)).status).toBe(200);
    await sling.handle.db.update(users).set({ banned: true }).where(eq(users.id, memberId));
    try {
      moveClockTo(Date.now() + SESSION_ACTOR_TTL_MS + 1_000);
      expect(await current(member)).toEqual({ status: 401 });
    } finally {
      await sling.handle.db.update(users).set({ banned: false }).where(eq(users.id, memberId));
    }
  });
});
