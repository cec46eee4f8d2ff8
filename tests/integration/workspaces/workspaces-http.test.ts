// Workspaces, members and invitations on Sling in the test process (the API through its router,
// links reached at its edge), as browsers use them: accounts signed up through better-auth with
// their session cookies, invitation mails received by a real SMTP listener. Run on PGlite and
// PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSmtpListener } from '../../helpers/smtp-listener';

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>;
/** A signed-in account: the API client calling with its session cookie, as the dashboard's own pages call the API. */
type User = ApiClient & { cookie: string; id: string };

function expectError(res: ApiResult, status: number, code: string, field?: string) {
  const body = res.json;
  expect({ status: res.status, code: body.error?.code }).toEqual({ status, code });
  expect(body.error.message).toEqual(expect.any(String));
  if (field) expect(Object.keys(body.error.details ?? {})).toContain(field);
  return body.error as { message: string; details?: Record<string, unknown> };
}

describe(`workspaces, members and invitations on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let smtp: Smtp;
  let sling: InProcessSling;
  let api: ApiClient;
  const users: Record<string, User> = {};

  beforeAll(async () => {
    tdb = await makeDb();
    smtp = await startSmtpListener();
    sling = await startInProcessSling({
      ...tdb.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Sling <sling@test.example>',
      AUTH_ATTEMPTS_PER_MINUTE: '100',
      TRUST_PROXY: '1',
    });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  const bearer = (token: string) => api.as({ token });

  // Each sign-up from its own address (the server trusts one proxy): better-auth allows 3 sign-ups per
  // 10 s per address, and its counters are kept in its module, so they outlive the Sling of the
  // database before (a new process would start with none).
  let signUps = 0;
  async function signUp(key: string, email: string, fullName: string) {
    const json = { 'content-type': 'application/json', origin: sling.url };
    const res = await api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': `198.51.100.${++signUps}` },
      body: JSON.stringify({ email, password: 'correct horse 1', name: fullName }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    // Sign-up does not sign in; the sign-in that follows holds the session.
    const signIn = await api.fetch('/api/auth/sign-in/email', { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'correct horse 1' }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    users[key] = Object.assign(api.as({ cookie }), { cookie, id: body.user.id as string });
    return users[key];
  }
  const ok = (res: ApiResult, status = 200) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
    return res.json;
  };
  const emailVerified = async (key: string) => (await (await users[key].fetch('/api/auth/get-session')).json()).user.emailVerified as boolean;
  /** The secret of the newest invitation mail to `to`, checking its link. */
  async function mailedSecret(to: string, count: number): Promise<{ secret: string; text: string; subject: string }> {
    const mails = (await smtp.waitFor(count)).filter((m) => m.to.includes(to));
    expect(mails.length).toBeGreaterThan(0);
    const mail = mails.at(-1)!;
    const m = new RegExp(`${sling.url.replace(/[.]/g, '\\.')}/invite/([A-Za-z0-9_-]{43})`).exec(mail.text);
    expect(m, mail.text).not.toBeNull();
    return { secret: m![1], text: mail.text, subject: mail.subject };
  }
  const state: { acmeId?: string; personalId?: string; annLinkId?: number; annLinkCode?: string; bobLinkId?: number; bobToken?: string; catInvite?: string } =
    {};

  test('POST /api/v1/workspaces and POST /api/v1/workspaces/{id}/switch', async () => {
    const ann = await signUp('ann', 'ann@example.com', 'Ann Owner');
    const first = ok(await ann.call('listWorkspaces'));
    expect(first.workspaces).toEqual([expect.objectContaining({ kind: 'personal', role: 'owner', plan: 'free' })]);
    state.personalId = first.current_id;
    expect(first.current_id).toBe(first.workspaces[0].id);

    const created = ok(await ann.call('createWorkspace', { body: { name: 'Acme Inc' } }), 201).workspace;
    expect(created).toMatchObject({ name: 'Acme Inc', kind: 'team', role: 'owner', plan: 'free', created_at: expect.any(String) });
    expect(created.slug).toMatch(/^acme-inc-[a-z0-9]{6}$/);
    state.acmeId = created.id;
    // The session now acts in it.
    expect(ok(await ann.call('listWorkspaces')).current_id).toBe(created.id);
    const current = ok(await ann.call('getWorkspace'));
    expect(current).toMatchObject({ workspace: { id: created.id, name: 'Acme Inc', kind: 'team' }, role: 'owner', user_id: ann.id });
    expect(current.permissions).toEqual(expect.arrayContaining(['workspace.delete', 'members.write', 'links.write']));

    expectError(await ann.call('createWorkspace', { body: { name: '' } }), 400, 'invalid_request', 'name');
    expectError(await ann.call('createWorkspace', { body: { name: 'x'.repeat(61) } }), 400, 'invalid_request', 'name');
    expectError(await ann.call('createWorkspace', { body: { name: 'Bad', slug: 'Has Caps' } }), 400, 'invalid_request', 'slug');
    expectError(await ann.call('createWorkspace', { body: { name: 'Taken', slug: created.slug } }), 400, 'invalid_request', 'slug');
    expectError(await ann.call('createWorkspace', { body: offSchema({ name: 'Extra', colour: 'red' }) }), 400, 'invalid_request', 'colour');
    // Still in Acme after the refusals.
    expect(ok(await ann.call('listWorkspaces')).current_id).toBe(created.id);

    // PATCH renames (slug collisions are a 400 naming the field).
    const renamed = ok(await ann.call('updateWorkspace', { body: { name: 'Acme', slug: `acme-${name.toLowerCase()}` } }));
    expect(renamed.workspace).toMatchObject({ id: created.id, name: 'Acme', slug: `acme-${name.toLowerCase()}` });
    expectError(await ann.call('updateWorkspace', { body: { slug: 'system' } }), 400, 'invalid_request', 'slug');

    // The personal workspace: nothing to invite into, leave, transfer or delete.
    expect(ok(await ann.call('switchWorkspace', { params: { id: state.personalId! } })).workspace).toMatchObject({ kind: 'personal' });
    expectError(await ann.call('createInvitation', { body: { email: 'x@example.com' } }), 400, 'invalid_request');
    expectError(await ann.call('deleteWorkspace'), 400, 'invalid_request');
    expectError(await ann.call('leaveWorkspace'), 400, 'invalid_request');
    expectError(await ann.call('transferOwnership', { body: { user_id: ann.id } }), 400, 'invalid_request');
    expect(ok(await ann.call('getWorkspace')).workspace.kind).toBe('personal');

    expectError(await ann.call('switchWorkspace', { params: { id: '00000000-0000-0000-0000-000000000000' } }), 404, 'not_found');
    expectError(await ann.call('switchWorkspace', { params: { id: 'ws_system' } }), 404, 'not_found');
    expect(ok(await ann.call('switchWorkspace', { params: { id: created.id } })).workspace).toMatchObject({ id: created.id, role: 'owner' });

    const link = ok(await ann.call('createLink', { body: { url: 'https://example.com/acme-launch' } }), 201);
    expect(link.created_by).toBe(ann.id);
    state.annLinkId = link.id;
    state.annLinkCode = link.short_code;
  });

  test('POST /api/v1/workspace/invitations, then POST /api/v1/invitations/accept', async () => {
    const ann = users.ann;
    const created = ok(await ann.call('createInvitation', { body: { email: 'Bob@Example.com' } }), 201);
    // Mailed, so the link is not in the answer (it is only where mail is off).
    expect(created.link).toBeUndefined();
    const invitation = created.invitation;
    expect(invitation).toMatchObject({
      email: 'bob@example.com',
      role: 'member',
      status: 'pending',
      inviter: { id: ann.id, name: 'Ann Owner', email: 'ann@example.com' },
    });
    const week = new Date(invitation.expires_at).getTime() - Date.now();
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(week).toBeLessThanOrEqual(7 * 86_400_000);
    expect(ok(await ann.call('listInvitations')).invitations).toEqual([invitation]);

    const mail = await mailedSecret('bob@example.com', 1);
    expect(mail.subject).toContain('Acme');
    expect(mail.text).toContain('Ann Owner');
    expect(mail.text).toContain('"Acme"');
    expect(mail.text).toContain('Member');
    // Only the hash is stored.
    expect(JSON.stringify(invitation)).not.toContain(mail.secret);

    // Someone signed in with another address cannot use it.
    const cat = await signUp('cat', 'cat@example.com', 'Cat');
    const wrong = expectError(await cat.call('acceptInvitation', { body: { token: mail.secret } }), 403, 'forbidden');
    expect(wrong.message).toContain('bob@example.com');
    expectError(await cat.call('acceptInvitation', { body: offSchema({}) }), 400, 'invalid_request', 'token');
    expectError(await cat.call('acceptInvitation', { body: { token: 'x'.repeat(43) } }), 404, 'not_found');
    expectError(await api.call('acceptInvitation', { as: 'none', body: { token: mail.secret } }), 401, 'unauthorized');

    // The invitee signs up with the invited address and accepts.
    const bob = await signUp('bob', 'bob@example.com', 'Bob Member');
    expect(await emailVerified('bob')).toBe(false);
    const accepted = ok(await bob.call('acceptInvitation', { body: { token: mail.secret } }));
    expect(accepted.workspace).toMatchObject({ id: state.acmeId, name: 'Acme', role: 'member', kind: 'team' });
    expect(await emailVerified('bob')).toBe(true);
    const bobs = ok(await bob.call('listWorkspaces'));
    expect(bobs.current_id).toBe(state.acmeId);
    expect(bobs.workspaces.map((w: { kind: string; role: string }) => [w.kind, w.role])).toEqual([
      ['personal', 'owner'],
      ['team', 'member'],
    ]);
    // Used up.
    expectError(await bob.call('acceptInvitation', { body: { token: mail.secret } }), 400, 'invalid_request');
    expect(ok(await ann.call('listInvitations')).invitations).toEqual([]);

    const members = ok(await ann.call('listMembers')).members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['ann@example.com', 'owner'],
      ['bob@example.com', 'member'],
    ]);
    expect(members[1]).toMatchObject({
      user_id: bob.id,
      name: 'Bob Member',
      joined_at: expect.any(String),
      invited_by: { id: ann.id, name: 'Ann Owner', email: 'ann@example.com' },
      invited_at: invitation.created_at,
    });
    expect(members[0]).toMatchObject({ invited_by: null, invited_at: null });
    // Inviting a member again is refused, naming the field.
    expectError(await ann.call('createInvitation', { body: { email: 'bob@example.com' } }), 400, 'invalid_request', 'email');
  });

  test('a member reads the workspace, manages only its own links, and no members, invitations or webhooks', async () => {
    const bob = users.bob;
    const seen = ok(await bob.call('listLinks'));
    expect(seen.links.map((l: { id: number }) => l.id)).toContain(state.annLinkId);
    const own = ok(await bob.call('createLink', { body: { url: 'https://example.com/bob' } }), 201);
    expect(own.created_by).toBe(bob.id);
    state.bobLinkId = own.id;
    expect(ok(await bob.call('updateLink', { params: { id: own.id }, body: { url: 'https://example.com/bob-2' } })).long_url).toBe('https://example.com/bob-2');

    expectError(await bob.call('updateLink', { params: { id: state.annLinkId! }, body: { url: 'https://evil.example' } }), 403, 'forbidden', 'required_role');
    expectError(await bob.call('deleteLink', { params: { id: state.annLinkId! } }), 403, 'forbidden');
    expectError(await bob.call('createInvitation', { body: { email: 'dan@example.com' } }), 403, 'forbidden', 'required_role');
    expectError(await bob.call('listInvitations'), 403, 'forbidden');
    expectError(await bob.call('changeMemberRole', { params: { userId: users.ann.id }, body: { role: 'member' } }), 403, 'forbidden');
    expectError(await bob.call('removeMember', { params: { userId: users.ann.id } }), 403, 'forbidden');
    expectError(await bob.call('createWebhook', { body: offSchema({ url: 'https://hooks.example.com/x' }) }), 403, 'forbidden', 'required_role');
    expectError(await bob.call('listWebhooks'), 403, 'forbidden');
    expectError(await bob.call('updateWorkspace', { body: { name: 'Mine' } }), 403, 'forbidden');
    expectError(await bob.call('deleteWorkspace'), 403, 'forbidden', 'required_role');
    expectError(await bob.call('transferOwnership', { body: { user_id: bob.id } }), 403, 'forbidden');
    const mine = ok(await bob.call('getWorkspace'));
    expect(mine.role).toBe('member');
    expect(mine.permissions).not.toContain('members.write');
    expect(ok(await bob.call('listMembers')).members).toHaveLength(2);
    // Nothing changed for Ann.
    expect(ok(await users.ann.call('getLink', { params: { id: state.annLinkId! } })).long_url).toBe('https://example.com/acme-launch');
    expect(ok(await users.ann.call('getWorkspace')).workspace.name).toBe('Acme');

    // A token made while a member acts in the workspace, and sees only that workspace.
    const made = ok(await bob.call('createToken', { body: { name: 'bob in acme' } }), 201);
    state.bobToken = made.secret;
    const viaToken = ok(await bearer(made.secret).call('listLinks'));
    expect(viaToken.links.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([state.annLinkId, state.bobLinkId]));
    const tokenWorkspaces = ok(await bearer(made.secret).call('listWorkspaces'));
    expect(tokenWorkspaces).toMatchObject({ current_id: state.acmeId, workspaces: [{ id: state.acmeId, role: 'member' }] });
  });

  test('a cross-site form POST with a valid session cookie is refused and changes nothing', async () => {
    // The session cookie with a cross-site form's own headers (set here, not by the client).
    const evil = { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site', cookie: users.ann.cookie };
    const invite = await api.call('createInvitation', {
      as: 'none',
      headers: evil,
      raw: { type: 'application/x-www-form-urlencoded', data: 'email=mallory%40evil.example&role=admin' },
    });
    expect(expectError(invite, 403, 'forbidden', 'reason').details?.reason).toBe('cross_site');
    const del = await api.call('deleteLink', { params: { id: state.annLinkId! }, as: 'none', headers: evil });
    expectError(del, 403, 'forbidden', 'reason');
    // Either header alone is enough to refuse.
    const originOnly = await api.call('deleteLink', {
      params: { id: state.annLinkId! },
      as: 'none',
      headers: { cookie: users.ann.cookie, origin: 'http://evil.example' },
    });
    expectError(originOnly, 403, 'forbidden', 'reason');
    expect(ok(await users.ann.call('listInvitations')).invitations).toEqual([]);
    expect(ok(await users.ann.call('getLink', { params: { id: state.annLinkId! } })).id).toBe(state.annLinkId);
    expect(smtp.mails.some((m) => m.to.includes('mallory@evil.example'))).toBe(false);
  });

  test('PATCH /api/v1/workspace/members/{userId}', async () => {
    const { ann, bob } = users;
    expect(ok(await ann.call('changeMemberRole', { params: { userId: bob.id }, body: { role: 'admin' } })).member).toMatchObject({
      user_id: bob.id,
      role: 'admin',
    });
    // Now an admin: Bob sees invitations, may change Ann's link, but not the owner's role.
    expect(ok(await bob.call('listInvitations')).invitations).toEqual([]);
    expect(ok(await bob.call('getWorkspace')).permissions).toContain('members.write');
    expectError(await bob.call('changeMemberRole', { params: { userId: ann.id }, body: { role: 'member' } }), 400, 'invalid_request');
    expectError(await bob.call('removeMember', { params: { userId: ann.id } }), 400, 'invalid_request');
    expectError(await ann.call('changeMemberRole', { params: { userId: bob.id }, body: { role: 'owner' } }), 400, 'invalid_request', 'role');
    expectError(await ann.call('changeMemberRole', { params: { userId: bob.id }, body: { role: 'boss' } }), 400, 'invalid_request', 'role');
    expectError(await ann.call('changeMemberRole', { params: { userId: users.cat.id }, body: { role: 'admin' } }), 404, 'not_found');
    expect(ok(await ann.call('changeMemberRole', { params: { userId: bob.id }, body: { role: 'member' } })).member.role).toBe('member');
    expectError(await bob.call('listInvitations'), 403, 'forbidden');
  });

  test('DELETE /api/v1/workspace/members/{userId}', async () => {
    const { ann, bob } = users;
    ok(await ann.call('removeMember', { params: { userId: bob.id } }), 204);
    // Bob's link stays in the workspace, now Ann's; Bob's token for it no longer works.
    expect(ok(await ann.call('getLink', { params: { id: state.bobLinkId! } })).created_by).toBe(ann.id);
    expectError(await bearer(state.bobToken!).call('listLinks'), 401, 'unauthorized');
    // Bob's session falls back to his personal workspace, where Acme's links are not found.
    const bobs = ok(await bob.call('listWorkspaces'));
    expect(bobs.workspaces.map((w: { kind: string }) => w.kind)).toEqual(['personal']);
    expect(bobs.current_id).toBe(bobs.workspaces[0].id);
    expectError(await bob.call('getLink', { params: { id: state.annLinkId! } }), 404, 'not_found');
    expectError(await bob.call('switchWorkspace', { params: { id: state.acmeId! } }), 404, 'not_found');
    expectError(await ann.call('removeMember', { params: { userId: bob.id } }), 404, 'not_found');
    expectError(await ann.call('removeMember', { params: { userId: ann.id } }), 400, 'invalid_request');
    expect(ok(await ann.call('listMembers')).members.map((m: { email: string }) => m.email)).toEqual(['ann@example.com']);
  });

  test('POST /api/v1/workspace/invitations/{id}/resend and DELETE /api/v1/workspace/invitations/{id}', async () => {
    const { ann, cat } = users;
    const before = smtp.mails.length;
    expectError(await ann.call('createInvitation', { body: { email: 'not an address' } }), 400, 'invalid_request', 'email');
    expectError(await ann.call('createInvitation', { body: { email: 'cat@example.com', role: 'owner' } }), 400, 'invalid_request', 'role');
    expectError(await ann.call('createInvitation', { body: offSchema([]) }), 400, 'invalid_request');
    const first = ok(await ann.call('createInvitation', { body: { email: 'cat@example.com', role: 'admin' } }), 201).invitation;
    const oldSecret = (await mailedSecret('cat@example.com', before + 1)).secret;
    const resend = ok(await ann.call('resendInvitation', { params: { id: first.id } }));
    expect(resend.link).toBeUndefined();
    const resent = resend.invitation;
    expect(resent).toMatchObject({ id: first.id, role: 'admin', status: 'pending' });
    const newSecret = (await mailedSecret('cat@example.com', before + 2)).secret;
    expect(newSecret).not.toBe(oldSecret);
    expectError(await cat.call('acceptInvitation', { body: { token: oldSecret } }), 404, 'not_found');

    ok(await ann.call('revokeInvitation', { params: { id: first.id } }), 204);
    const revoked = expectError(await cat.call('acceptInvitation', { body: { token: newSecret } }), 400, 'invalid_request');
    expect(revoked.message).toMatch(/no longer valid/);
    expectError(await ann.call('revokeInvitation', { params: { id: first.id } }), 404, 'not_found');
    expectError(await ann.call('resendInvitation', { params: { id: first.id } }), 404, 'not_found');
    expect(ok(await ann.call('listInvitations')).invitations).toEqual([]);

    // Invited again (a member this time); inviting the same address twice replaces the pending one.
    ok(await ann.call('createInvitation', { body: { email: 'cat@example.com', role: 'admin' } }), 201);
    const again = ok(await ann.call('createInvitation', { body: { email: 'cat@example.com' } }), 201).invitation;
    expect(ok(await ann.call('listInvitations')).invitations).toEqual([again]);
    expect(again.role).toBe('member');
    state.catInvite = (await mailedSecret('cat@example.com', before + 4)).secret;
  });

  // The row is changed on the server's own database handle, so this runs on PGlite too.
  test('an expired invitation cannot be accepted', async () => {
    const db = sling.handle;
    {
      await db.query(`UPDATE workspace_invitations SET expires_at = now() - interval '1 minute' WHERE status = 'pending' AND email = 'cat@example.com'`);
      expect(ok(await users.ann.call('listInvitations')).invitations).toEqual([expect.objectContaining({ email: 'cat@example.com', status: 'expired' })]);
      const expired = expectError(await users.cat.call('acceptInvitation', { body: { token: state.catInvite! } }), 400, 'invalid_request');
      expect(expired.message).toMatch(/expired/);
      expect(ok(await users.cat.call('listWorkspaces')).workspaces).toHaveLength(1);
      await db.query(`UPDATE workspace_invitations SET expires_at = now() + interval '1 day' WHERE status = 'pending' AND email = 'cat@example.com'`);
    }
  });

  test('POST /api/v1/workspace/transfer and POST /api/v1/workspace/leave', async () => {
    const { ann, bob, cat } = users;
    expect(ok(await cat.call('acceptInvitation', { body: { token: state.catInvite! } })).workspace).toMatchObject({ id: state.acmeId, role: 'member' });
    expectError(await ann.call('leaveWorkspace'), 400, 'invalid_request');
    expectError(await ann.call('transferOwnership', { body: { user_id: bob.id } }), 400, 'invalid_request', 'user_id');
    expectError(await ann.call('transferOwnership', { body: offSchema({}) }), 400, 'invalid_request', 'user_id');
    // Tokens cannot transfer, whatever their role.
    expectError(await api.call('transferOwnership', { as: { token: 'sl_nothing' }, body: offSchema({}) }), 403, 'forbidden');

    const { members } = ok(await ann.call('transferOwnership', { body: { user_id: cat.id } }));
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['cat@example.com', 'owner'],
      ['ann@example.com', 'admin'],
    ]);
    expectError(await ann.call('deleteWorkspace'), 403, 'forbidden', 'required_role');

    // Ann, now an admin, leaves; her links go to the owner.
    ok(await ann.call('leaveWorkspace'), 204);
    expect(ok(await cat.call('getLink', { params: { id: state.annLinkId! } })).created_by).toBe(cat.id);
    expect(ok(await ann.call('listWorkspaces')).current_id).toBe(state.personalId);
    expect(ok(await cat.call('listMembers')).members.map((m: { email: string }) => m.email)).toEqual(['cat@example.com']);
  });

  test('DELETE /api/v1/workspace', async () => {
    const { cat } = users;
    const visit = () => fetch(`${sling.url}/${state.annLinkCode}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    // Visited first, so the edge has it cached.
    expect([301, 302, 307, 308]).toContain((await visit()).status);
    ok(await cat.call('deleteWorkspace'), 204);
    expect((await visit()).status).toBe(404);
    const left = ok(await cat.call('listWorkspaces'));
    expect(left.workspaces.map((w: { kind: string }) => w.kind)).toEqual(['personal']);
    expect(left.current_id).toBe(left.workspaces[0].id);
    expectError(await cat.call('switchWorkspace', { params: { id: state.acmeId! } }), 404, 'not_found');
    expect(ok(await cat.call('listLinks')).total).toBe(0);
  });
});
