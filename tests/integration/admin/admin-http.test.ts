// The admin console's API on Sling in the test process (the API through its router, visits through
// the in-process server's edge), on every database: the instance's first account
// is its admin; every /api/v1/admin/* endpoint answers 404 to everyone else (signed out, a user's
// session, any API token — the admin's own too), and better-auth's /api/auth/admin/* stay closed.
// Each action works and lands in the audit trail: approve, disable with a reason (visitors get
// 451, the owner sees the reason), dismiss a report, ban (sessions end, sign-in refused, the owner's
// links disabled) and unban, plan change, instance settings (sign-ups closed / invite-only,
// anonymous shortening off / hourly limit).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn as signInVia } from '../../helpers/accounts';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';

const PASSWORD = 'correct horse 1';

describe(`admin console API on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let admin: ApiClient;
  const cookie = { admin: '', owner: '', user: '' };
  const token = { admin: '', user: '', owner: '' };
  const ids = { ownerId: '', ownerWorkspace: '', reported: 0, pending: 0, blocked: 0, orphanReport: 0, firstReport: 0 };
  const code = { reported: '', pending: '', blocked: '' };

  const authJson = { 'content-type': 'application/json' };
  const signIn = (email: string) =>
    api.fetch('/api/auth/sign-in/email', { method: 'POST', headers: { ...authJson, origin: sling.url }, body: JSON.stringify({ email, password: PASSWORD }) });
  // Each sign-up from its own address: better-auth allows 3 sign-ups per 10 s per address, and its
  // counters are kept in its module, so they outlive the Sling of the database before.
  let signUps = 0;
  const signUp = (email: string, name = email.split('@')[0]) =>
    api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { ...authJson, origin: sling.url, 'x-forwarded-for': `198.51.100.${++signUps}` },
      body: JSON.stringify({ email, password: PASSWORD, name }),
    });
  const visit = async (c: string) => (await fetch(`${sling.url}/${c}`, { redirect: 'manual' })).status;
  const queue = async () => (await admin.call('adminReviewQueue')).json as { items: any[]; actions: any[] };
  const users = async (q: string) => (await admin.call('adminUsers', { query: { q } })).json.users;

  beforeAll(async () => {
    tdb = await makeDb();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000', TRUST_PROXY: '1' });
    api = apiClient(inProcess(sling));
    const signUpAndIn = async (email: string, name: string) => {
      expect((await signUp(email, name)).status).toBe(200);
      return signInVia(api, email, PASSWORD);
    };
    cookie.admin = await signUpAndIn('ada@example.com', 'Ada');
    cookie.owner = await signUpAndIn('olly@example.com', 'Olly');
    cookie.user = await signUpAndIn('uma@example.com', 'Uma');
    admin = api.as({ cookie: cookie.admin });
    for (const who of ['admin', 'user', 'owner'] as const) {
      token[who] = (await api.call('createToken', { as: { cookie: cookie[who] }, body: { name: 'probe' } })).json.secret;
    }
    const links: Array<{ id: number; short_code: string }> = [];
    for (const n of [1, 2, 3])
      links.push((await api.call('createLink', { as: { cookie: cookie.owner }, body: { url: `https://example.com/owner-${n}` } })).json);
    [ids.reported, ids.pending, ids.blocked] = links.map((l) => l.id);
    [code.reported, code.pending, code.blocked] = links.map((l) => l.short_code);
    // Reports come from the public form and the scanner holds links; both write the database directly.
    const db = sling.handle;
    await db.query(`UPDATE links SET status = 'pending_review', safety_reason = 'The destination looks like a login page on a fresh domain.' WHERE id = $1`, [
      ids.pending,
    ]);
    await db.query(`UPDATE links SET status = 'blocked', safety_reason = 'Listed by URLhaus (malware).' WHERE id = $1`, [ids.blocked]);
    const reports = await db.query<{ id: number }>(
      `INSERT INTO abuse_reports (link_id, url, source, reason, details, created_at) VALUES
         ($1, 'http://x/reported', 'visitor', 'phishing', 'Asks for my bank password.', now() - interval '2 hours'),
         ($1, 'http://x/reported', 'visitor', 'spam', NULL, now() - interval '1 hour'),
         ($2, 'http://x/pending', 'system', 'scan', 'Deep scan: a password form.', now()),
         (NULL, 'https://gone.example/deleted', 'visitor', 'other', 'The link was deleted already.', now())
       RETURNING id`,
      [ids.reported, ids.pending],
    );
    ids.firstReport = Number(reports[0].id);
    ids.orphanReport = Number(reports[3].id);
    const [owner] = await db.query<{ id: string; ws: string }>(
      `SELECT u.id, w.id AS ws FROM users u JOIN workspaces w ON w.personal_owner_id = u.id WHERE u.email = 'olly@example.com'`,
    );
    ids.ownerId = owner.id;
    ids.ownerWorkspace = owner.ws;
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const ENDPOINTS: Array<[string, string, (caller: ApiClient) => Promise<ApiResult>]> = [
    ['GET', '/api/v1/admin/review-queue', (c) => c.call('adminReviewQueue')],
    ['GET', '/api/v1/admin/actions', (c) => c.call('adminActions')],
    ['GET', '/api/v1/admin/users', (c) => c.call('adminUsers')],
    ['GET', '/api/v1/admin/settings', (c) => c.call('adminSettings')],
    ['PATCH', '/api/v1/admin/settings', (c) => c.call('adminUpdateSettings', { body: { signups: 'closed' } })],
    ['POST', '/api/v1/admin/links/{id}/approve', (c) => c.call('adminApproveLink', { params: { id: ids.pending }, body: {} })],
    ['POST', '/api/v1/admin/links/{id}/disable', (c) => c.call('adminDisableLink', { params: { id: ids.reported }, body: { reason: 'spam' } })],
    ['POST', '/api/v1/admin/reports/{id}/dismiss', (c) => c.call('adminDismissReport', { params: { id: ids.orphanReport }, body: {} })],
    ['POST', '/api/v1/admin/users/{id}/ban', (c) => c.call('adminBanUser', { params: { id: ids.ownerId }, body: { reason: 'spam' } })],
    ['POST', '/api/v1/admin/users/{id}/unban', (c) => c.call('adminUnbanUser', { params: { id: ids.ownerId }, body: {} })],
    ['PUT', '/api/v1/admin/workspaces/{id}/plan', (c) => c.call('adminSetPlan', { params: { id: ids.ownerWorkspace }, body: { plan: 'business' } })],
  ];

  test.each(ENDPOINTS)('%s %s answers 404 to everyone but a platform admin', async (method, path, send) => {
    const callers = {
      'signed out': api,
      "a user's session": api.as({ cookie: cookie.user }),
      "a user's token": api.as({ token: token.user }),
      "the admin's API token": api.as({ token: token.admin }),
    };
    for (const [who, caller] of Object.entries(callers)) {
      const res = await send(caller);
      expect(res.status, `${method} ${path} by ${who}`).toBe(404);
      expect(res.json.error.code).toBe('not_found');
    }
    // Nothing changed: the queue still holds every link, settings are open, the owner can sign in.
    expect((await queue()).items.map((i) => i.link?.id ?? null).sort()).toEqual([ids.reported, ids.pending, ids.blocked, null].sort());
    expect((await admin.call('adminSettings')).json).toEqual({ signups: 'open', anonymous_shortening: true, anonymous_per_hour: null });
    expect((await api.call('listLinks', { as: { cookie: cookie.owner } })).status).toBe(200);
  });

  test("better-auth's own admin endpoints are closed, even to the admin", async () => {
    for (const [method, path] of [
      ['GET', '/api/auth/admin/list-users'],
      ['POST', '/api/auth/admin/set-role'],
      ['POST', '/api/auth/admin/impersonate-user'],
      ['POST', '/api/auth/admin/ban-user'],
    ]) {
      const body = method === 'POST' ? JSON.stringify({ userId: ids.ownerId, role: 'admin' }) : undefined;
      const res = await admin.fetch(path, { method, headers: body ? { ...authJson, origin: sling.url } : {}, body });
      expect(res.status, path).toBe(404);
    }
    expect(await users('olly')).toMatchObject([{ email: 'olly@example.com', role: 'user', banned: false }]);
  });

  test('GET /api/v1/admin/review-queue: each held or reported link with its evidence, owner and workspace', async () => {
    const { items } = await queue();
    const byId = new Map(items.map((i) => [i.link?.id ?? null, i]));
    expect(byId.get(ids.reported)).toMatchObject({
      link: { short_code: code.reported, status: 'active', long_url: 'https://example.com/owner-1' },
      owner: { email: 'olly@example.com', banned: false },
      workspace: { id: ids.ownerWorkspace, kind: 'personal' },
      reports: [
        { reason: 'phishing', details: 'Asks for my bank password.', source: 'visitor', created_at: expect.any(String) },
        { reason: 'spam', details: null },
      ],
    });
    expect(byId.get(ids.pending)).toMatchObject({
      link: { status: 'pending_review', safety_reason: expect.stringMatching(/login page/) },
      reports: [{ reason: 'scan' }],
    });
    expect(byId.get(ids.blocked)).toMatchObject({ link: { status: 'blocked', safety_reason: 'Listed by URLhaus (malware).' }, reports: [] });
    expect(byId.get(null)).toMatchObject({ link: null, reports: [{ id: ids.orphanReport, url: 'https://gone.example/deleted' }] });
  });

  test('POST /api/v1/admin/links/{id}/approve: the link redirects again, its reason is cleared, its reports resolved', async () => {
    expect(await visit(code.pending)).not.toBe(302);
    const res = await admin.call('adminApproveLink', { params: { id: ids.pending }, body: { note: 'A real bank partner.' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ids.pending, status: 'active', safety_reason: null });
    expect(await visit(code.pending)).toBe(302);
    const { items, actions } = await queue();
    expect(items.some((i) => i.link?.id === ids.pending)).toBe(false);
    expect(actions[0]).toMatchObject({
      action: 'approve_link',
      target: { type: 'link', id: String(ids.pending) },
      note: 'A real bank partner.',
      admin: { email: 'ada@example.com' },
    });
    expect((await admin.call('adminApproveLink', { params: { id: 999999 }, body: {} })).status).toBe(404);
    expect((await admin.call('adminApproveLink', { params: { id: 'abc' }, body: {} })).status).toBe(400);
  });

  test('POST /api/v1/admin/links/{id}/disable: a reason is required; visitors get 451, the owner sees the reason, link.updated is written', async () => {
    const missing = await admin.call('adminDisableLink', { params: { id: ids.reported }, body: offSchema({ note: 'no reason' }) });
    expect(missing.status).toBe(400);
    expect(missing.json.error.details).toHaveProperty('reason');
    const res = await admin.call('adminDisableLink', { params: { id: ids.reported }, body: { reason: 'Phishing for bank passwords.', note: 'Two reports.' } });
    expect(res.status).toBe(200);
    expect(await visit(code.reported)).toBe(451);
    const owned = (await api.call('getLink', { params: { id: ids.reported }, as: { cookie: cookie.owner } })).json;
    expect(owned).toMatchObject({ status: 'disabled', disabled_reason: 'Phishing for bank passwords.' });
    const history = (await api.call('linkEvents', { params: { id: ids.reported }, as: { cookie: cookie.owner } })).json;
    expect(JSON.stringify(history)).toContain('link.updated');
    const { items, actions } = await queue();
    expect(items.some((i) => i.link?.id === ids.reported)).toBe(false);
    expect(actions[0]).toMatchObject({ action: 'disable_link', note: expect.stringContaining('Phishing for bank passwords.') });
    expect(actions[0].note).toContain('Two reports.');
  });

  test('POST /api/v1/admin/reports/{id}/dismiss: the report leaves the queue once', async () => {
    const res = await admin.call('adminDismissReport', { params: { id: ids.orphanReport }, body: { note: 'Already gone.' } });
    expect(res.status).toBe(204);
    expect((await queue()).items.some((i) => i.link === null)).toBe(false);
    expect((await admin.call('adminDismissReport', { params: { id: ids.orphanReport }, body: {} })).status).toBe(404);
    // A resolved report (the disabled link's) is no longer open either.
    expect((await admin.call('adminDismissReport', { params: { id: ids.firstReport } })).status).toBe(404);
    expect((await queue()).actions[0]).toMatchObject({ action: 'dismiss_report', target: { label: 'https://gone.example/deleted' }, note: 'Already gone.' });
  });

  test('PUT /api/v1/admin/workspaces/{id}/plan changes the plan; an unknown plan is a 400', async () => {
    expect((await admin.call('adminSetPlan', { params: { id: ids.ownerWorkspace }, body: offSchema({ plan: 'platinum' }) })).status).toBe(400);
    const res = await admin.call('adminSetPlan', { params: { id: ids.ownerWorkspace }, body: { plan: 'business', note: 'Paid by invoice.' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ids.ownerWorkspace, plan: 'business' });
    expect((await users('OLLY'))[0].workspaces).toEqual([{ id: ids.ownerWorkspace, name: 'Personal', kind: 'personal', plan: 'business' }]);
    expect((await queue()).actions[0]).toMatchObject({ action: 'set_plan', note: 'Paid by invoice.' });
  });

  test('GET /api/v1/admin/users: search by email or name, pages of 20, bad queries are 400', async () => {
    const all = (await admin.call('adminUsers')).json;
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(all.users.map((u: { email: string }) => u.email)).toEqual(['uma@example.com', 'olly@example.com', 'ada@example.com']);
    expect(all.users[2]).toMatchObject({ role: 'admin' });
    expect(await users('Uma')).toHaveLength(1);
    expect((await admin.call('adminUsers', { query: { q: '%' } })).json.total).toBe(0);
    expect((await admin.call('adminUsers', { query: { page: 2 } })).json.users).toEqual([]);
    expect((await admin.call('adminUsers', { query: offSchema({ page: 0 }) })).status).toBe(400);
  });

  test('POST /api/v1/admin/users/{id}/ban ends their sessions and tokens, refuses sign-in and disables their links; unban lets them in again', async () => {
    expect((await admin.call('adminBanUser', { params: { id: ids.ownerId }, body: offSchema({}) })).status).toBe(400);
    const self = (await users('ada'))[0];
    expect((await admin.call('adminBanUser', { params: { id: self.id }, body: { reason: 'oops' } })).status).toBe(400);
    expect(await visit(code.blocked)).not.toBe(451);
    const res = await admin.call('adminBanUser', { params: { id: ids.ownerId }, body: { reason: 'Phishing campaign', note: 'See the reports.' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ disabled_links: 2 }); // the pending one (approved) and the blocked one
    expect((await api.call('listLinks', { as: { cookie: cookie.owner } })).status).toBe(401);
    expect((await api.call('listLinks', { as: { token: token.owner } })).status).toBe(401);
    const refused = await signIn('olly@example.com');
    expect(refused.status).toBe(403);
    expect(await visit(code.blocked)).toBe(451);
    expect(await visit(code.pending)).toBe(451);
    expect((await users('olly'))[0]).toMatchObject({ banned: true, ban_reason: 'Phishing campaign' });
    expect((await queue()).actions[0]).toMatchObject({
      action: 'ban_user',
      target: { label: 'olly@example.com' },
      note: expect.stringContaining('2 links disabled'),
    });

    expect((await admin.call('adminUnbanUser', { params: { id: ids.ownerId }, body: { note: 'Appeal accepted.' } })).status).toBe(204);
    const back = await signIn('olly@example.com');
    expect(back.status).toBe(200);
    const session = back.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const blocked = (await api.call('getLink', { params: { id: ids.blocked }, as: { cookie: session } })).json;
    expect(blocked).toMatchObject({ status: 'disabled', disabled_reason: 'Account suspended: Phishing campaign' });
    expect((await queue()).actions[0]).toMatchObject({ action: 'unban_user', note: 'Appeal accepted.' });
  });

  test('PATCH /api/v1/admin/settings: sign-ups closed, then invite-only (an invited address may sign up), then open', async () => {
    expect((await admin.call('adminUpdateSettings', { body: offSchema({ signups: 'sometimes' }) })).status).toBe(400);
    expect((await admin.call('adminUpdateSettings', { body: { signups: 'closed', note: 'Spam wave.' } })).status).toBe(200);
    const closed = await signUp('new1@example.com');
    expect(closed.status).toBe(403);
    expect((await closed.json()).error.message).toMatch(/Sign-ups are closed/);

    expect((await admin.call('adminUpdateSettings', { body: { signups: 'invite_only' } })).status).toBe(200);
    const uninvited = await signUp('new2@example.com');
    expect(uninvited.status).toBe(403);
    expect((await uninvited.json()).error.message).toMatch(/invitation only/);
    expect((await admin.call('createWorkspace', { body: { name: 'Moderators' } })).status).toBe(201);
    const invited = await admin.call('createInvitation', { body: { email: 'ivy@example.com', role: 'member' } });
    expect(invited.status, invited.text).toBe(201);
    expect((await signUp('ivy@example.com')).status).toBe(200);
    expect((await signIn('ivy@example.com')).status).toBe(200);

    expect((await admin.call('adminUpdateSettings', { body: { signups: 'open' } })).status).toBe(200);
    expect((await signUp('new3@example.com')).status).toBe(200);
    const { actions } = await queue();
    expect(actions.slice(0, 3).map((a: { action: string; target: { label: string } }) => a.target.label)).toEqual([
      'signups = open',
      'signups = invite_only',
      'signups = closed',
    ]);
  });

  test('PATCH /api/v1/admin/settings: anonymous shortening off, then on with an hourly limit per IP', async () => {
    // Anonymous shortening is paid for with a proof-of-work solution (solved here as a browser would).
    const shorten = async (n: number) =>
      api.call('shortenAnonymously', { body: { url: `https://example.com/anon-${n}`, altcha: await altchaPayload(sling.url) } });
    expect((await shorten(0)).status).toBe(201);
    expect((await admin.call('adminUpdateSettings', { body: { anonymous_shortening: false } })).status).toBe(200);
    const off = await shorten(1);
    expect(off.status).toBe(403);
    expect(off.json.error.message).toMatch(/turned off/);
    expect((await admin.call('adminUpdateSettings', { body: offSchema({ anonymous_per_hour: 0 }) })).status).toBe(400);
    const on = await admin.call('adminUpdateSettings', { body: { anonymous_shortening: true, anonymous_per_hour: 2 } });
    expect(on.json).toEqual({ signups: 'open', anonymous_shortening: true, anonymous_per_hour: 2 });
    expect((await shorten(2)).status).toBe(201);
    expect((await shorten(3)).status).toBe(201);
    const limited = await shorten(4);
    expect(limited.status).toBe(429);
    expect(limited.json.error.message).toMatch(/2 per hour/);
  });
});
