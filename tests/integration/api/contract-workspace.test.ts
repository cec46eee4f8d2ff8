// Contract test for CONTRACT_TAGS.workspace: workspaces, members and invitations, the audit log, the
// instance admin's console and the account endpoints (two-factor off, the ALTCHA challenge). Every
// operation is called with its success status and every error status it declares against one Sling
// in the test process, the API through its router (tests/helpers/contract.ts checks each answer against the document it serves). The instance's
// first account (Ada) is its admin and owns the team workspace the calls act in.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { secretFromUri, totp } from '../../helpers/totp';
import { until } from '../../helpers/until';

type Json = Record<string, any>;
const TAGS = CONTRACT_TAGS.workspace;
const PASSWORD = 'correct horse 1';
const CROSS_SITE = { origin: 'https://evil.example' };

describe('workspace, admin and account answers match the OpenAPI document', () => {
  let tdb: TestDatabase;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let sling: InProcessSling;
  let api: ApiClient;
  let client: ContractClient;
  const cookie: Record<'ada' | 'bob' | 'cat' | 'dan' | 'fay', string> = { ada: '', bob: '', cat: '', dan: '', fay: '' };
  const id: Record<string, string> = {};
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  let signUps = 0;
  /** Signs up (each from its own address: better-auth limits sign-ups per address) and in: the cookie. */
  async function signUpAndIn(email: string): Promise<string> {
    const headers = { 'content-type': 'application/json', origin: sling.url, 'x-forwarded-for': `198.51.100.${++signUps}` };
    const up = await api.fetch('/api/auth/sign-up/email', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password: PASSWORD, name: email.split('@')[0] }),
    });
    expect(up.status).toBe(200);
    const inRes = await api.fetch('/api/auth/sign-in/email', { method: 'POST', headers, body: JSON.stringify({ email, password: PASSWORD }) });
    expect(inRes.status).toBe(200);
    return inRes.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  const session = async (c: string): Promise<Json> => (await (await api.fetch('/api/auth/get-session', { as: { cookie: c } })).json()) as Json;
  /** The secret of the newest invitation mail to `to` (the mails read so far are skipped). */
  let mailsRead = 0;
  async function invitationSecret(to: string): Promise<string> {
    const pattern = new RegExp(`${sling.url.replace(/[.]/g, '\\.')}/invite/([A-Za-z0-9_-]{43})`);
    const mail = await until(`an invitation mail to ${to}`, async () => smtp.mails.slice(mailsRead).find((m) => m.to.includes(to) && pattern.test(m.text)));
    mailsRead = smtp.mails.indexOf(mail) + 1;
    return pattern.exec(mail.text)![1];
  }

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    smtp = await startSmtpListener();
    sling = await startInProcessSling({
      ...tdb.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Sling <sling@test.example>',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      TRUST_PROXY: '1',
    });
    api = apiClient(inProcess(sling));
    // The first account is the instance's admin.
    cookie.ada = await signUpAndIn('ada@example.com');
    for (const who of ['bob', 'cat', 'dan', 'fay'] as const) cookie[who] = await signUpAndIn(`${who}@example.com`);
    for (const who of ['ada', 'bob', 'dan'] as const) id[who] = (await session(cookie[who])).user.id;
    const tokenOf = async (c: string, body: { name: string; scopes?: string[] }) => {
      const res = await api.call('createToken', { as: { cookie: c }, body });
      expect(res.status).toBe(201);
      return res.json.secret as string;
    };
    // Ada's team workspace, where her token and her session act (creating it switches the session to it).
    const team = await api.call('createWorkspace', { as: { cookie: cookie.ada }, body: { name: 'Contract team' } });
    expect(team.status).toBe(201);
    id.team = team.json.workspace.id;
    client = await ContractClient.connect(api, await tokenOf(cookie.ada, { name: 'contract' }), cookie.ada);
    narrow = [await tokenOf(cookie.ada, { name: 'links', scopes: ['links:read'] }), await tokenOf(cookie.ada, { name: 'webhooks', scopes: ['webhooks:read'] })];
  }, 400_000);
  afterAll(async () => {
    await sling?.close();
    await smtp?.close();
    await tdb?.drop();
  });

  test('the instance admin’s console', async () => {
    // Ada's team workspace on the largest plan: the calls below never run into its limits.
    expect(
      (await call('PUT', '/api/v1/admin/workspaces/{id}/plan', { auth: 'cookie', values: { id: id.team }, body: { plan: 'enterprise', note: 'contract' } }))
        .status,
    ).toBe(200);
    expect((await call('PUT', '/api/v1/admin/workspaces/{id}/plan', { auth: 'cookie', values: { id: id.team }, body: { plan: 'gold' } })).status).toBe(400);
    expect((await call('PUT', '/api/v1/admin/workspaces/{id}/plan', { auth: 'cookie', values: { id: 'nope' }, body: { plan: 'pro' } })).status).toBe(404);
    expect(
      (await call('PUT', '/api/v1/admin/workspaces/{id}/plan', { auth: 'cookie', values: { id: id.team }, body: { plan: 'pro' }, headers: CROSS_SITE })).status,
    ).toBe(403);

    const link = (await call('POST', '/api/v1/links', { body: { url: 'https://example.com/reported' } })).body as Json;
    const report = await api.call('submitAbuseReport', {
      headers: { 'x-forwarded-for': '203.0.113.9' },
      body: { url: `${sling.url}/${link.short_code}`, reason: 'spam', altcha: await altchaPayload(sling.url) },
    });
    expect(report.status).toBe(201);
    const reportId = report.json.id as number;

    const queue = await call('GET', '/api/v1/admin/review-queue', { auth: 'cookie' });
    expect((queue.body as Json).items).toEqual([
      expect.objectContaining({ link: expect.objectContaining({ id: link.id }), reports: [expect.objectContaining({ id: reportId })] }),
    ]);
    expect((await call('GET', '/api/v1/admin/actions', { auth: 'cookie' })).body).toMatchObject({ actions: [expect.objectContaining({ action: 'set_plan' })] });

    expect(
      (await call('POST', '/api/v1/admin/links/{id}/disable', { auth: 'cookie', values: { id: link.id }, body: { reason: 'Spam', note: 'reported' } })).status,
    ).toBe(200);
    expect((await call('POST', '/api/v1/admin/links/{id}/disable', { auth: 'cookie', values: { id: link.id }, body: {} })).status).toBe(400);
    expect((await call('POST', '/api/v1/admin/links/{id}/disable', { auth: 'cookie', values: { id: 999999 }, body: { reason: 'Spam' } })).status).toBe(404);
    expect(
      (await call('POST', '/api/v1/admin/links/{id}/disable', { auth: 'cookie', values: { id: link.id }, body: { reason: 'Spam' }, headers: CROSS_SITE }))
        .status,
    ).toBe(403);
    expect((await call('POST', '/api/v1/admin/links/{id}/approve', { auth: 'cookie', values: { id: link.id } })).status).toBe(200);
    expect((await call('POST', '/api/v1/admin/links/{id}/approve', { auth: 'cookie', values: { id: 'abc' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/admin/links/{id}/approve', { auth: 'cookie', values: { id: 999999 } })).status).toBe(404);
    expect((await call('POST', '/api/v1/admin/links/{id}/approve', { auth: 'cookie', values: { id: link.id }, headers: CROSS_SITE })).status).toBe(403);

    // The approval resolved the first report; a second one is dismissed.
    const again = await api.call('submitAbuseReport', {
      headers: { 'x-forwarded-for': '203.0.113.10' },
      body: { url: `${sling.url}/${link.short_code}`, reason: 'other', altcha: await altchaPayload(sling.url) },
    });
    const second = again.json.id as number;
    expect((await call('POST', '/api/v1/admin/reports/{id}/dismiss', { auth: 'cookie', values: { id: second }, headers: CROSS_SITE })).status).toBe(403);
    expect((await call('POST', '/api/v1/admin/reports/{id}/dismiss', { auth: 'cookie', values: { id: second }, body: { note: 'fine' } })).status).toBe(204);
    expect((await call('POST', '/api/v1/admin/reports/{id}/dismiss', { auth: 'cookie', values: { id: second } })).status).toBe(404);
    expect((await call('POST', '/api/v1/admin/reports/{id}/dismiss', { auth: 'cookie', values: { id: second }, body: { note: 5 } })).status).toBe(400);

    expect((await call('GET', '/api/v1/admin/users', { auth: 'cookie', query: 'q=example' })).body).toMatchObject({ total: 5, page: 1 });
    expect((await call('GET', '/api/v1/admin/users', { auth: 'cookie', query: 'page=0' })).status).toBe(400);
    expect((await call('POST', '/api/v1/admin/users/{id}/ban', { auth: 'cookie', values: { id: id.dan }, body: { reason: 'Spam' } })).body).toEqual({
      disabled_links: 0,
    });
    expect((await call('POST', '/api/v1/admin/users/{id}/ban', { auth: 'cookie', values: { id: id.ada }, body: { reason: 'Spam' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/admin/users/{id}/ban', { auth: 'cookie', values: { id: 'nope' }, body: { reason: 'Spam' } })).status).toBe(404);
    expect(
      (await call('POST', '/api/v1/admin/users/{id}/ban', { auth: 'cookie', values: { id: id.dan }, body: { reason: 'Spam' }, headers: CROSS_SITE })).status,
    ).toBe(403);
    expect((await call('POST', '/api/v1/admin/users/{id}/unban', { auth: 'cookie', values: { id: id.dan }, headers: CROSS_SITE })).status).toBe(403);
    expect((await call('POST', '/api/v1/admin/users/{id}/unban', { auth: 'cookie', values: { id: id.dan }, body: { note: 'appealed' } })).status).toBe(204);
    expect((await call('POST', '/api/v1/admin/users/{id}/unban', { auth: 'cookie', values: { id: 'a b' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/admin/users/{id}/unban', { auth: 'cookie', values: { id: 'nope' } })).status).toBe(404);
    // Unbanned, Dan signs in again (the ban ended his sessions).
    cookie.dan = await signIn('dan@example.com');
    // A password reset: mailed here (200); a bad note (400), a cross-site form (403), an unknown user (404).
    const reset = (init: { body?: unknown; headers?: Record<string, string> }) =>
      call('POST', '/api/v1/admin/users/{id}/password-reset', { auth: 'cookie', values: { id: id.dan }, ...init });
    expect((await reset({ body: { note: 'asked in chat' } })).body).toEqual({ mailed: true });
    expect((await reset({ body: { note: 5 } })).status).toBe(400);
    expect((await reset({ headers: CROSS_SITE })).status).toBe(403);
    expect((await call('POST', '/api/v1/admin/users/{id}/password-reset', { auth: 'cookie', values: { id: 'nope' } })).status).toBe(404);

    expect((await call('GET', '/api/v1/admin/settings', { auth: 'cookie' })).body).toEqual({
      signups: 'open',
      anonymous_shortening: true,
      anonymous_per_hour: null,
    });
    expect((await call('PATCH', '/api/v1/admin/settings', { auth: 'cookie', body: { anonymous_per_hour: 50, note: 'contract' } })).body).toMatchObject({
      anonymous_per_hour: 50,
    });
    expect((await call('PATCH', '/api/v1/admin/settings', { auth: 'cookie', body: { signups: 'sometimes' } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/admin/settings', { auth: 'cookie', body: { anonymous_per_hour: null }, headers: CROSS_SITE })).status).toBe(403);
    expect((await call('PATCH', '/api/v1/admin/settings', { auth: 'cookie', body: { anonymous_per_hour: null } })).status).toBe(200);

    // To anyone but an instance admin the console does not exist.
    for (const { method, path } of client.operations(['Admin console'])) {
      const values = { id: method === 'PUT' ? id.team : 1 };
      expect((await call(method, path, { auth: { cookie: cookie.bob }, values })).status, `${method} ${path}`).toBe(404);
    }
  });

  async function signIn(email: string): Promise<string> {
    const res = await api.fetch('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  test('workspaces', async () => {
    expect((await call('GET', '/api/v1/workspaces')).body).toMatchObject({
      workspaces: [expect.objectContaining({ id: id.team, role: 'owner' })],
      current_id: id.team,
    });
    expect((await call('GET', '/api/v1/workspace')).body).toMatchObject({ workspace: { id: id.team, plan: 'enterprise' }, role: 'owner', user_id: id.ada });
    expect((await call('PATCH', '/api/v1/workspace', { body: { name: 'Contract crew' } })).body).toMatchObject({ workspace: { name: 'Contract crew' } });
    expect((await call('PATCH', '/api/v1/workspace', { body: {} })).status).toBe(400);
    expect((await call('POST', '/api/v1/workspaces', { auth: 'cookie', body: { name: 5 } })).status).toBe(400);
    const other = await call('POST', '/api/v1/workspaces', { auth: 'cookie', body: { name: 'Short-lived', slug: 'short-lived' } });
    expect(other.status).toBe(201);
    // Creating switched the session to it: deleting it takes it away, and the session falls back to her personal workspace.
    expect((await call('DELETE', '/api/v1/workspace', { auth: 'cookie' })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/workspace', { auth: 'cookie' })).status).toBe(400);
    expect((await call('POST', '/api/v1/workspaces/{id}/switch', { auth: 'cookie', values: { id: (other.body as Json).workspace.id } })).status).toBe(404);
    expect((await call('POST', '/api/v1/workspaces/{id}/switch', { auth: 'cookie', values: { id: id.team } })).body).toMatchObject({
      workspace: { id: id.team },
    });
  });

  test('members and invitations', async () => {
    expect((await call('POST', '/api/v1/workspace/invitations', { body: { email: 'nope' } })).status).toBe(400);
    for (const who of ['bob', 'cat', 'dan']) {
      expect((await call('POST', '/api/v1/workspace/invitations', { body: { email: `${who}@example.com` } })).status).toBe(201);
      const secret = await invitationSecret(`${who}@example.com`);
      expect((await call('POST', '/api/v1/invitations/accept', { auth: { cookie: cookie[who as 'bob'] }, body: { token: secret } })).body).toMatchObject({
        workspace: { id: id.team, role: 'member' },
      });
      expect((await call('POST', '/api/v1/invitations/accept', { auth: { cookie: cookie[who as 'bob'] }, body: { token: secret } })).status).toBe(400);
    }
    expect((await call('POST', '/api/v1/invitations/accept', { auth: { cookie: cookie.fay }, body: { token: 'x'.repeat(43) } })).status).toBe(404);
    const zed = (await call('POST', '/api/v1/workspace/invitations', { body: { email: 'zed@example.com', role: 'admin' } })).body as Json;
    expect((await call('GET', '/api/v1/workspace/invitations')).body).toMatchObject({
      invitations: [expect.objectContaining({ email: 'zed@example.com', status: 'pending' })],
    });
    expect((await call('POST', '/api/v1/workspace/invitations/{id}/resend', { values: { id: zed.invitation.id } })).status).toBe(200);
    expect((await call('POST', '/api/v1/workspace/invitations/{id}/resend', { values: { id: 'nope' } })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/workspace/invitations/{id}', { values: { id: zed.invitation.id } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/workspace/invitations/{id}', { values: { id: zed.invitation.id } })).status).toBe(404);

    expect(((await call('GET', '/api/v1/workspace/members')).body as Json).members.map((m: Json) => m.role)).toEqual(['owner', 'member', 'member', 'member']);
    expect((await call('PATCH', '/api/v1/workspace/members/{userId}', { values: { userId: id.bob }, body: { role: 'admin' } })).body).toMatchObject({
      member: { user_id: id.bob, role: 'admin' },
    });
    expect((await call('PATCH', '/api/v1/workspace/members/{userId}', { values: { userId: id.bob }, body: { role: 'owner' } })).status).toBe(400);
    expect((await call('PATCH', '/api/v1/workspace/members/{userId}', { values: { userId: 'nope' }, body: { role: 'admin' } })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/workspace/members/{userId}', { values: { userId: id.dan } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/workspace/members/{userId}', { values: { userId: id.dan } })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/workspace/members/{userId}', { values: { userId: id.ada } })).status).toBe(400);
    // Cat's session is in the team since she accepted; she leaves. The owner cannot.
    expect((await call('POST', '/api/v1/workspace/leave', { auth: { cookie: cookie.cat } })).status).toBe(204);
    expect((await call('POST', '/api/v1/workspace/leave', { auth: 'cookie' })).status).toBe(400);
  });

  test('the audit log', async () => {
    const page = (await call('GET', '/api/v1/workspace/audit', { query: 'limit=2' })).body as Json;
    expect(page.entries).toHaveLength(2);
    expect(page.next_cursor).toEqual(expect.any(String));
    expect((await call('GET', '/api/v1/workspace/audit', { query: 'limit=0' })).status).toBe(400);
    const csv = await call('GET', '/api/v1/workspace/audit/export', { query: 'action=member.removed' });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toMatch(/dan/);
    expect((await call('GET', '/api/v1/workspace/audit/export', { query: 'action=nope' })).status).toBe(400);
  });

  test('the account: two-factor off, the ALTCHA challenge', async () => {
    const post = async (path: string, body: Json, c: string) => {
      const res = await api.fetch(path, {
        method: 'POST',
        as: c ? { cookie: c } : 'none',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify(body),
      });
      const set = res.headers
        .getSetCookie()
        .map((s) => s.split(';')[0])
        .filter((s) => !s.endsWith('='));
      return { status: res.status, body: (await res.json()) as Json, cookie: set.length ? set.join('; ') : c };
    };
    const enable = await post('/api/auth/two-factor/enable', { password: PASSWORD }, cookie.fay);
    expect(enable.status).toBe(200);
    const secret = secretFromUri(enable.body.totpURI);
    const verified = await post('/api/auth/two-factor/verify-totp', { code: totp(secret) }, enable.cookie);
    expect(verified.status).toBe(200);
    expect((await call('POST', '/api/v1/two-factor/disable', { auth: { cookie: verified.cookie }, body: { password: PASSWORD, code: '12' } })).status).toBe(
      400,
    );
    expect(
      (await call('POST', '/api/v1/two-factor/disable', { auth: { cookie: verified.cookie }, body: { password: PASSWORD, code: totp(secret) } })).status,
    ).toBe(204);
    // Off: the password alone signs in again.
    expect((await post('/api/auth/sign-in/email', { email: 'fay@example.com', password: PASSWORD }, '')).body.twoFactorRedirect).toBeUndefined();

    const challenge = await call('GET', '/api/v1/altcha/challenge', { auth: 'none' });
    expect((challenge.body as Json).parameters).toMatchObject({ algorithm: 'SHA-256' });
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  });

  test('429 once a workspace has spent its windows', async () => {
    const rita = await signUpAndIn('rita@example.com');
    const made = await call('POST', '/api/v1/tokens', { auth: { cookie: rita }, body: { name: 'limited' } });
    const bearer = (made.body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie: rita }, () => spendWindows(api, bearer, rita));
  });

  test('ownership moves last: afterwards Ada is an admin of the team', async () => {
    expect((await call('POST', '/api/v1/workspace/transfer', { auth: 'cookie', body: { user_id: id.ada } })).status).toBe(400);
    const moved = await call('POST', '/api/v1/workspace/transfer', { auth: 'cookie', body: { user_id: id.bob } });
    expect((moved.body as Json).members).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: id.bob, role: 'owner' }), expect.objectContaining({ user_id: id.ada, role: 'admin' })]),
    );
  });

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
