// The admin console's API against the built server, on every database: the instance's first account
// is its admin; every /api/v1/admin/* endpoint answers 404 to everyone else (signed out, a user's
// session, any API token — the admin's own too), and better-auth's /api/auth/admin/* stay closed.
// Each action works and lands in the audit trail: approve, disable with a reason (visitors get
// 451, the owner sees the reason), dismiss a report, ban (sessions end, sign-in refused, the owner's
// links disabled) and unban, plan change, instance settings (sign-ups closed / invite-only,
// anonymous shortening off / hourly limit).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { signUpAndIn } from '../../helpers/accounts';
import { altchaPayload } from '../../helpers/altcha';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const PASSWORD = 'correct horse 1';

describe.each(migratedDatabaseKinds(pgUrl()))('admin console API on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let env: Record<string, string>;
  const cookie = { admin: '', owner: '', user: '' };
  const token = { admin: '', user: '', owner: '' };
  const ids = { ownerId: '', ownerWorkspace: '', reported: 0, pending: 0, blocked: 0, orphanReport: 0, firstReport: 0 };
  const code = { reported: '', pending: '', blocked: '' };

  const call = (path: string, init: { method?: string; body?: unknown; cookie?: string; token?: string } = {}) =>
    fetch(`${sling.url}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        origin: sling.url,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  const asAdmin = (path: string, method = 'GET', body?: unknown) => call(path, { method, body, cookie: cookie.admin });
  const signIn = (email: string) =>
    fetch(`${sling.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: sling.url }, body: JSON.stringify({ email, password: PASSWORD }) });
  // Each sign-up from its own address: better-auth allows 3 sign-ups per 10 s per address.
  let signUps = 0;
  const signUp = (email: string) =>
    fetch(`${sling.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sling.url, 'x-forwarded-for': `198.51.100.${++signUps}` },
      body: JSON.stringify({ email, password: PASSWORD, name: email.split('@')[0] }),
    });
  const visit = async (c: string) => (await fetch(`${sling.url}/${c}`, { redirect: 'manual' })).status;
  const queue = async () => (await (await asAdmin('/api/v1/admin/review-queue')).json()) as { items: any[]; actions: any[] };

  async function withDatabase<T>(fn: (db: DbHandle) => Promise<T>): Promise<T> {
    const db = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    tdb = await makeDb();
    env = { ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000', TRUST_PROXY: '1' };
    sling = await startSling(env);
    cookie.admin = await signUpAndIn(sling.url, 'ada@example.com', 'Ada', PASSWORD);
    cookie.owner = await signUpAndIn(sling.url, 'olly@example.com', 'Olly', PASSWORD);
    cookie.user = await signUpAndIn(sling.url, 'uma@example.com', 'Uma', PASSWORD);
    for (const who of ['admin', 'user', 'owner'] as const) {
      const res = await call('/api/v1/tokens', { method: 'POST', cookie: cookie[who], body: { name: 'probe' } });
      token[who] = (await res.json()).secret;
    }
    const links: Array<{ id: number; short_code: string }> = [];
    for (const n of [1, 2, 3]) links.push(await (await call('/api/v1/links', { method: 'POST', cookie: cookie.owner, body: { url: `https://example.com/owner-${n}` } })).json());
    [ids.reported, ids.pending, ids.blocked] = links.map((l) => l.id);
    [code.reported, code.pending, code.blocked] = links.map((l) => l.short_code);
    // Reports come from the public form and the scanner holds links; both write the database directly
    // (PGlite allows one process, so the server stops meanwhile).
    await sling.stop();
    await withDatabase(async (db) => {
      await db.query(`UPDATE links SET status = 'pending_review', safety_reason = 'The destination looks like a login page on a fresh domain.' WHERE id = $1`, [ids.pending]);
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
    sling = await startSling(env);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  const ENDPOINTS: Array<[string, () => string, unknown?]> = [
    ['GET', () => '/api/v1/admin/review-queue'],
    ['GET', () => '/api/v1/admin/actions'],
    ['GET', () => '/api/v1/admin/users'],
    ['GET', () => '/api/v1/admin/settings'],
    ['PATCH', () => '/api/v1/admin/settings', { signups: 'closed' }],
    ['POST', () => `/api/v1/admin/links/${ids.pending}/approve`, {}],
    ['POST', () => `/api/v1/admin/links/${ids.reported}/disable`, { reason: 'spam' }],
    ['POST', () => `/api/v1/admin/reports/${ids.orphanReport}/dismiss`, {}],
    ['POST', () => `/api/v1/admin/users/${ids.ownerId}/ban`, { reason: 'spam' }],
    ['POST', () => `/api/v1/admin/users/${ids.ownerId}/unban`, {}],
    ['PUT', () => `/api/v1/admin/workspaces/${ids.ownerWorkspace}/plan`, { plan: 'business' }],
  ];

  test.each(ENDPOINTS)('%s %s answers 404 to everyone but a platform admin', async (method, path, body) => {
    const callers = { 'signed out': {}, "a user's session": { cookie: cookie.user }, "a user's token": { token: token.user }, "the admin's API token": { token: token.admin } };
    for (const [who, auth] of Object.entries(callers)) {
      const res = await call(path(), { method, body, ...auth });
      expect(res.status, `${method} ${path()} by ${who}`).toBe(404);
      expect((await res.json()).error.code).toBe('not_found');
    }
    // Nothing changed: the queue still holds every link, settings are open, the owner can sign in.
    expect((await queue()).items.map((i) => i.link?.id ?? null).sort()).toEqual([ids.reported, ids.pending, ids.blocked, null].sort());
    expect(await (await asAdmin('/api/v1/admin/settings')).json()).toEqual({ signups: 'open', anonymous_shortening: true, anonymous_per_hour: null });
    expect((await call('/api/v1/links', { cookie: cookie.owner })).status).toBe(200);
  });

  test("better-auth's own admin endpoints are closed, even to the admin", async () => {
    for (const [method, path] of [['GET', '/api/auth/admin/list-users'], ['POST', '/api/auth/admin/set-role'], ['POST', '/api/auth/admin/impersonate-user'], ['POST', '/api/auth/admin/ban-user']]) {
      const res = await call(path, { method, cookie: cookie.admin, body: method === 'POST' ? { userId: ids.ownerId, role: 'admin' } : undefined });
      expect(res.status, path).toBe(404);
    }
    const users = (await (await asAdmin('/api/v1/admin/users?q=olly')).json()).users;
    expect(users).toMatchObject([{ email: 'olly@example.com', role: 'user', banned: false }]);
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
    expect(byId.get(ids.pending)).toMatchObject({ link: { status: 'pending_review', safety_reason: expect.stringMatching(/login page/) }, reports: [{ reason: 'scan' }] });
    expect(byId.get(ids.blocked)).toMatchObject({ link: { status: 'blocked', safety_reason: 'Listed by URLhaus (malware).' }, reports: [] });
    expect(byId.get(null)).toMatchObject({ link: null, reports: [{ id: ids.orphanReport, url: 'https://gone.example/deleted' }] });
  });

  test('POST /api/v1/admin/links/{id}/approve: the link redirects again, its reason is cleared, its reports resolved', async () => {
    expect(await visit(code.pending)).not.toBe(302);
    const res = await asAdmin(`/api/v1/admin/links/${ids.pending}/approve`, 'POST', { note: 'A real bank partner.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: ids.pending, status: 'active', safety_reason: null });
    expect(await visit(code.pending)).toBe(302);
    const { items, actions } = await queue();
    expect(items.some((i) => i.link?.id === ids.pending)).toBe(false);
    expect(actions[0]).toMatchObject({ action: 'approve_link', target: { type: 'link', id: String(ids.pending) }, note: 'A real bank partner.', admin: { email: 'ada@example.com' } });
    expect((await asAdmin('/api/v1/admin/links/999999/approve', 'POST', {})).status).toBe(404);
    expect((await asAdmin('/api/v1/admin/links/abc/approve', 'POST', {})).status).toBe(400);
  });

  test('POST /api/v1/admin/links/{id}/disable: a reason is required; visitors get 451, the owner sees the reason, link.updated is written', async () => {
    const missing = await asAdmin(`/api/v1/admin/links/${ids.reported}/disable`, 'POST', { note: 'no reason' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.details).toHaveProperty('reason');
    const res = await asAdmin(`/api/v1/admin/links/${ids.reported}/disable`, 'POST', { reason: 'Phishing for bank passwords.', note: 'Two reports.' });
    expect(res.status).toBe(200);
    expect(await visit(code.reported)).toBe(451);
    const owned = await (await call(`/api/v1/links/${ids.reported}`, { cookie: cookie.owner })).json();
    expect(owned).toMatchObject({ status: 'disabled', disabled_reason: 'Phishing for bank passwords.' });
    const history = await (await call(`/api/v1/links/${ids.reported}/events`, { cookie: cookie.owner })).json();
    expect(JSON.stringify(history)).toContain('link.updated');
    const { items, actions } = await queue();
    expect(items.some((i) => i.link?.id === ids.reported)).toBe(false);
    expect(actions[0]).toMatchObject({ action: 'disable_link', note: expect.stringContaining('Phishing for bank passwords.') });
    expect(actions[0].note).toContain('Two reports.');
  });

  test('POST /api/v1/admin/reports/{id}/dismiss: the report leaves the queue once', async () => {
    const res = await asAdmin(`/api/v1/admin/reports/${ids.orphanReport}/dismiss`, 'POST', { note: 'Already gone.' });
    expect(res.status).toBe(204);
    expect((await queue()).items.some((i) => i.link === null)).toBe(false);
    expect((await asAdmin(`/api/v1/admin/reports/${ids.orphanReport}/dismiss`, 'POST', {})).status).toBe(404);
    // A resolved report (the disabled link's) is no longer open either.
    expect((await asAdmin(`/api/v1/admin/reports/${ids.firstReport}/dismiss`, 'POST')).status).toBe(404);
    expect((await queue()).actions[0]).toMatchObject({ action: 'dismiss_report', target: { label: 'https://gone.example/deleted' }, note: 'Already gone.' });
  });

  test('PUT /api/v1/admin/workspaces/{id}/plan changes the plan; an unknown plan is a 400', async () => {
    expect((await asAdmin(`/api/v1/admin/workspaces/${ids.ownerWorkspace}/plan`, 'PUT', { plan: 'platinum' })).status).toBe(400);
    const res = await asAdmin(`/api/v1/admin/workspaces/${ids.ownerWorkspace}/plan`, 'PUT', { plan: 'business', note: 'Paid by invoice.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: ids.ownerWorkspace, plan: 'business' });
    const users = (await (await asAdmin('/api/v1/admin/users?q=OLLY')).json()).users;
    expect(users[0].workspaces).toEqual([{ id: ids.ownerWorkspace, name: 'Personal', kind: 'personal', plan: 'business' }]);
    expect((await queue()).actions[0]).toMatchObject({ action: 'set_plan', note: 'Paid by invoice.' });
  });

  test('GET /api/v1/admin/users: search by email or name, pages of 20, bad queries are 400', async () => {
    const all = await (await asAdmin('/api/v1/admin/users')).json();
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(all.users.map((u: { email: string }) => u.email)).toEqual(['uma@example.com', 'olly@example.com', 'ada@example.com']);
    expect(all.users[2]).toMatchObject({ role: 'admin' });
    expect((await (await asAdmin('/api/v1/admin/users?q=Uma')).json()).users).toHaveLength(1);
    expect((await (await asAdmin('/api/v1/admin/users?q=%25')).json()).total).toBe(0);
    expect((await (await asAdmin('/api/v1/admin/users?page=2')).json()).users).toEqual([]);
    expect((await asAdmin('/api/v1/admin/users?page=0')).status).toBe(400);
  });

  test('POST /api/v1/admin/users/{id}/ban ends their sessions and tokens, refuses sign-in and disables their links; unban lets them in again', async () => {
    expect((await asAdmin(`/api/v1/admin/users/${ids.ownerId}/ban`, 'POST', {})).status).toBe(400);
    const self = (await (await asAdmin('/api/v1/admin/users?q=ada')).json()).users[0];
    expect((await asAdmin(`/api/v1/admin/users/${self.id}/ban`, 'POST', { reason: 'oops' })).status).toBe(400);
    expect(await visit(code.blocked)).not.toBe(451);
    const res = await asAdmin(`/api/v1/admin/users/${ids.ownerId}/ban`, 'POST', { reason: 'Phishing campaign', note: 'See the reports.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ disabled_links: 2 }); // the pending one (approved) and the blocked one
    expect((await call('/api/v1/links', { cookie: cookie.owner })).status).toBe(401);
    expect((await call('/api/v1/links', { token: token.owner })).status).toBe(401);
    const refused = await signIn('olly@example.com');
    expect(refused.status).toBe(403);
    expect(await visit(code.blocked)).toBe(451);
    expect(await visit(code.pending)).toBe(451);
    expect((await (await asAdmin('/api/v1/admin/users?q=olly')).json()).users[0]).toMatchObject({ banned: true, ban_reason: 'Phishing campaign' });
    expect((await queue()).actions[0]).toMatchObject({ action: 'ban_user', target: { label: 'olly@example.com' }, note: expect.stringContaining('2 links disabled') });

    expect((await asAdmin(`/api/v1/admin/users/${ids.ownerId}/unban`, 'POST', { note: 'Appeal accepted.' })).status).toBe(204);
    const back = await signIn('olly@example.com');
    expect(back.status).toBe(200);
    const session = back.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const blocked = await (await call(`/api/v1/links/${ids.blocked}`, { cookie: session })).json();
    expect(blocked).toMatchObject({ status: 'disabled', disabled_reason: 'Account suspended: Phishing campaign' });
    expect((await queue()).actions[0]).toMatchObject({ action: 'unban_user', note: 'Appeal accepted.' });
  });

  test('PATCH /api/v1/admin/settings: sign-ups closed, then invite-only (an invited address may sign up), then open', async () => {
    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { signups: 'sometimes' })).status).toBe(400);
    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { signups: 'closed', note: 'Spam wave.' })).status).toBe(200);
    const closed = await signUp('new1@example.com');
    expect(closed.status).toBe(403);
    expect((await closed.json()).error.message).toMatch(/Sign-ups are closed/);

    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { signups: 'invite_only' })).status).toBe(200);
    const uninvited = await signUp('new2@example.com');
    expect(uninvited.status).toBe(403);
    expect((await uninvited.json()).error.message).toMatch(/invitation only/);
    const team = await (await call('/api/v1/workspaces', { method: 'POST', cookie: cookie.admin, body: { name: 'Moderators' } })).json();
    const invited = await call('/api/v1/workspace/invitations', { method: 'POST', cookie: cookie.admin, body: { email: 'ivy@example.com', role: 'member' } });
    expect(invited.status, await invited.clone().text()).toBe(201);
    expect((await signUp('ivy@example.com')).status).toBe(200);
    expect((await signIn('ivy@example.com')).status).toBe(200);

    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { signups: 'open' })).status).toBe(200);
    expect((await signUp('new3@example.com')).status).toBe(200);
    const { actions } = await queue();
    expect(actions.slice(0, 3).map((a: { action: string; target: { label: string } }) => a.target.label)).toEqual(['signups = open', 'signups = invite_only', 'signups = closed']);
  });

  test('PATCH /api/v1/admin/settings: anonymous shortening off, then on with an hourly limit per IP', async () => {
    // Anonymous shortening is paid for with a proof-of-work solution (solved here as a browser would).
    const shorten = async (n: number) => call('/api/v1/shorten', { method: 'POST', body: { url: `https://example.com/anon-${n}`, altcha: await altchaPayload(sling.url) } });
    expect((await shorten(0)).status).toBe(201);
    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { anonymous_shortening: false })).status).toBe(200);
    const off = await shorten(1);
    expect(off.status).toBe(403);
    expect((await off.json()).error.message).toMatch(/turned off/);
    expect((await asAdmin('/api/v1/admin/settings', 'PATCH', { anonymous_per_hour: 0 })).status).toBe(400);
    const on = await asAdmin('/api/v1/admin/settings', 'PATCH', { anonymous_shortening: true, anonymous_per_hour: 2 });
    expect(await on.json()).toEqual({ signups: 'open', anonymous_shortening: true, anonymous_per_hour: 2 });
    expect((await shorten(2)).status).toBe(201);
    expect((await shorten(3)).status).toBe(201);
    const limited = await shorten(4);
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.message).toMatch(/2 per hour/);
  });
});
