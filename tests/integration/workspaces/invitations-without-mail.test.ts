// Teams without a mail server (docs/guide/workspaces.md, "Without a mail server"): with SMTP_URL unset
// an invitation's answer carries its accept link for the admin to pass on, a resend makes a new one
// (only hashes are stored), and the instance admin gets password-reset links; members and other
// workspaces' admins get none. Then the same database under a Sling with an SMTP listener: mailed,
// no link in any answer. Run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSmtpListener } from '../../helpers/smtp-listener';

const PASSWORD = 'correct horse 1';
type User = ApiClient & { id: string; cookie: string };

function ok(res: ApiResult, status = 200) {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
  return res.json;
}
function refused(res: ApiResult, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
}
const secretOf = (link: string) => /\/invite\/([A-Za-z0-9_-]{43})$/.exec(link)![1];

describe(`invitations and password resets without mail on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling | undefined;
  let api: ApiClient;
  const users: Record<string, User> = {};
  const state = { teamId: '', pendingId: '', pendingLink: '' };

  let signUps = 0;
  async function signUp(key: string, email: string, name: string, password = PASSWORD): Promise<User> {
    const headers = { 'content-type': 'application/json', origin: api.baseUrl };
    const up = await api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      as: 'none',
      headers: { ...headers, 'x-forwarded-for': `198.51.100.${++signUps}` },
      body: JSON.stringify({ email, password, name }),
    });
    expect(up.status).toBe(200);
    const id = (await up.json()).user.id as string;
    const cookie = await signIn(email, password);
    users[key] = Object.assign(api.as({ cookie }), { id, cookie });
    return users[key];
  }
  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const res = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      as: 'none',
      headers: { 'content-type': 'application/json', origin: api.baseUrl },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) return '';
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  async function start(env: Record<string, string> = {}) {
    await sling?.close();
    sling = await startInProcessSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '1000', TRUST_PROXY: '1', ...env });
    api = apiClient(inProcess(sling));
    // Sessions live in the database, so each account's cookie works on the next Sling too.
    for (const [key, { id, cookie }] of Object.entries(users)) users[key] = Object.assign(api.as({ cookie }), { id, cookie });
  }

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    await start();
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('POST /api/v1/workspace/invitations answers the accept link, and it joins the invitee', async () => {
    // The first account is the instance admin.
    const ann = await signUp('ann', 'ann@example.com', 'Ann Owner');
    state.teamId = ok(await ann.call('createWorkspace', { body: { name: 'Acme' } }), 201).workspace.id;
    const created = ok(await ann.call('createInvitation', { body: { email: 'cat@example.com', role: 'admin' } }), 201);
    expect(created.invitation).toMatchObject({ email: 'cat@example.com', role: 'admin', status: 'pending' });
    expect(created.link).toMatch(new RegExp(`^${api.baseUrl.replace(/[.]/g, '\\.')}/invite/[A-Za-z0-9_-]{43}$`));
    // The list never carries links: only the secret's hash is stored.
    const listed = ok(await ann.call('listInvitations')).invitations;
    expect(listed).toEqual([created.invitation]);
    expect(JSON.stringify(listed)).not.toContain(secretOf(created.link));
    const [row] = await sling!.handle.query<{ token_hash: string }>(`SELECT token_hash FROM workspace_invitations WHERE id = $1`, [created.invitation.id]);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const cat = await signUp('cat', 'cat@example.com', 'Cat Admin');
    const joined = ok(await cat.call('acceptInvitation', { body: { token: secretOf(created.link) } }));
    expect(joined.workspace).toMatchObject({ id: state.teamId, role: 'admin' });
    const members = ok(await cat.call('listMembers')).members;
    expect(members.find((m: { email: string }) => m.email === 'cat@example.com')).toMatchObject({
      invited_by: { id: ann.id, name: 'Ann Owner', email: 'ann@example.com' },
      invited_at: created.invitation.created_at,
    });
  });

  test('POST /api/v1/workspace/invitations/{id}/resend makes a new link; the old one stops working', async () => {
    const { ann } = users;
    const first = ok(await ann.call('createInvitation', { body: { email: 'dot@example.com' } }), 201);
    const again = ok(await ann.call('resendInvitation', { params: { id: first.invitation.id } }));
    expect(again.invitation).toMatchObject({ id: first.invitation.id, status: 'pending' });
    expect(again.link).toEqual(expect.any(String));
    expect(again.link).not.toBe(first.link);
    const dot = await signUp('dot', 'dot@example.com', 'Dot Member');
    refused(await dot.call('acceptInvitation', { body: { token: secretOf(first.link) } }), 404, 'not_found');
    state.pendingId = first.invitation.id;
    state.pendingLink = again.link;
  });

  test('a member and another workspace’s admin get no links', async () => {
    const { ann, cat, dot } = users;
    // Dot becomes a member of Acme through a link from Cat (an admin now).
    const forDot = ok(await cat.call('resendInvitation', { params: { id: state.pendingId } }));
    ok(await dot.call('acceptInvitation', { body: { token: secretOf(forDot.link) } }));
    refused(await dot.call('createInvitation', { body: { email: 'eve@example.com' } }), 403, 'forbidden');
    refused(await dot.call('listInvitations'), 403, 'forbidden');

    const pending = ok(await ann.call('createInvitation', { body: { email: 'fay@example.com' } }), 201);
    refused(await dot.call('resendInvitation', { params: { id: pending.invitation.id } }), 403, 'forbidden');

    // Another workspace's owner: Acme's invitation is not found there, and its link still works.
    const gil = await signUp('gil', 'gil@example.com', 'Gil Elsewhere');
    ok(await gil.call('createWorkspace', { body: { name: 'Elsewhere' } }), 201);
    refused(await gil.call('resendInvitation', { params: { id: pending.invitation.id } }), 404, 'not_found');
    refused(await gil.call('revokeInvitation', { params: { id: pending.invitation.id } }), 404, 'not_found');
    expect(ok(await gil.call('listInvitations')).invitations).toEqual([]);
    const fay = await signUp('fay', 'fay@example.com', 'Fay');
    expect(ok(await fay.call('acceptInvitation', { body: { token: secretOf(pending.link) } })).workspace.id).toBe(state.teamId);
  });

  test('POST /api/v1/admin/users/{id}/password-reset answers a reset link to the instance admin only', async () => {
    const { ann, cat, dot } = users;
    // Cat is an admin of a workspace, not of the instance: the console does not exist for her.
    refused(await cat.call('adminPasswordReset', { params: { id: dot.id } }), 404, 'not_found');
    refused(await ann.call('adminPasswordReset', { params: { id: 'no-such-user' } }), 404, 'not_found');
    refused(await ann.call('adminPasswordReset', { params: { id: dot.id }, body: offSchema({ note: 7 }) }), 400, 'invalid_request');
    refused(await ann.call('adminPasswordReset', { params: { id: dot.id }, body: offSchema({ note: 'x'.repeat(1001) }) }), 400, 'invalid_request');

    const reset = ok(await ann.call('adminPasswordReset', { params: { id: dot.id }, body: { note: 'Asked in chat' } }));
    expect(reset).toMatchObject({ mailed: false, link: expect.stringMatching(/\/reset-password\?token=[A-Za-z0-9_-]+$/), expires_at: expect.any(String) });
    const hour = new Date(reset.expires_at).getTime() - Date.now();
    expect(hour).toBeGreaterThan(3_540_000);
    expect(hour).toBeLessThanOrEqual(3_600_000);
    const token = new URL(reset.link).searchParams.get('token');
    // Kept hashed: no verification row holds the token itself.
    const rows = await sling!.handle.query<{ identifier: string }>('SELECT identifier FROM verifications WHERE value = $1', [dot.id]);
    expect(rows.length).toBe(1);
    expect(rows[0].identifier).not.toContain(token!);
    expect(rows[0].identifier).not.toMatch(/^reset-password:/);
    const headers = { 'content-type': 'application/json', origin: api.baseUrl };
    const use = () =>
      api.fetch('/api/auth/reset-password', { method: 'POST', as: 'none', headers, body: JSON.stringify({ newPassword: 'a new password 2', token }) });
    expect((await use()).status).toBe(200);
    expect((await use()).status).toBe(400);
    expect(await signIn('dot@example.com')).toBe('');
    expect(await signIn('dot@example.com', 'a new password 2')).not.toBe('');

    const [entry] = ok(await ann.call('adminActions')).actions;
    expect(entry).toMatchObject({
      action: 'reset_password',
      target: { type: 'user', id: dot.id, label: 'dot@example.com' },
      note: 'Link shown to the admin (mail is off). — Asked in chat',
      admin: { id: ann.id },
    });
  });

  test('with SMTP_URL set the same calls mail, and no answer carries a link', async () => {
    const smtp = await startSmtpListener();
    try {
      await start({ SMTP_URL: smtp.url });
      const { ann, dot } = users;
      const created = ok(await ann.call('createInvitation', { body: { email: 'hal@example.com' } }), 201);
      expect(created.link).toBeUndefined();
      const resent = ok(await ann.call('resendInvitation', { params: { id: created.invitation.id } }));
      expect(resent.link).toBeUndefined();
      const reset = ok(await ann.call('adminPasswordReset', { params: { id: dot.id } }));
      expect(reset).toEqual({ mailed: true });
      const mails = await smtp.waitFor(3);
      expect(mails.map((m) => m.to[0])).toEqual(['hal@example.com', 'hal@example.com', 'dot@example.com']);
      expect(mails[2].text).toMatch(/reset-password/);
      expect(ok(await ann.call('adminActions')).actions[0]).toMatchObject({ action: 'reset_password', note: 'Reset mail sent.' });
    } finally {
      await sling?.close();
      sling = undefined;
      await smtp.close();
    }
  });
});
