// The organization's audit log on Sling in the test process (the API through its router): every
// kind of entry is written by its real action over the API (workspace settings, invitations sent,
// revoked and accepted, a role change, a removal, ownership transfer, leaving; an SSO connection
// created, updated, tested against a real OpenID provider, its domain proven by a real DNS server,
// enabled, disabled, deleted). Admins only (a member gets 403), another workspace sees none of it,
// paging and the action filter, and the CSV export with formula cells defused. Sign-in via SSO and
// the just-in-time join are written by the browser flow in tests/e2e/sso-sign-in.test.ts. Entries
// made by requests keep only a keyed hash of the client address. Run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signIn as signInVia } from '../../helpers/accounts';
import { apiClient, inProcess, offSchema, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { parseCsv } from '../../helpers/csv';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startIdp, type TestIdp } from '../../helpers/oidc-idp';
import { challtestsrvPath } from '../../helpers/services';
import { freePort } from '../../helpers/sling-process';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { makeEnterpriseTeam, PASSWORD } from '../../helpers/sso-fixtures';

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>;
type Entry = {
  id: number;
  action: string;
  summary: string;
  actor: { id: string | null; label: string };
  target: { type: string; id: string; label: string } | null;
  details: Record<string, unknown>;
  created_at: string;
};
type AuditQuery = { limit?: number; cursor?: string; action?: string };

const OWNER = 'ann@acme.test';
const MEMBER = 'mia@acme.test';
const OTHER = 'olga@globex.test';

describe(`audit log on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let dns: TestDnsServer;
  let smtp: Smtp;
  let idp: TestIdp | undefined;
  let idpPort: number;
  let acmeId: string;
  const tokens: Record<'owner' | 'member' | 'other', string> = { owner: '', member: '', other: '' };
  const ids: Record<string, string> = {};

  const bearer = (who: keyof typeof tokens) => api.as({ token: tokens[who] });
  const ok = (res: ApiResult, status = 200) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${res.text}`);
    return res.json;
  };
  async function session(email: string, signUpName?: string) {
    if (signUpName) {
      const up = await api.fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: sling.url },
        body: JSON.stringify({ email, password: PASSWORD, name: signUpName }),
      });
      expect(up.status).toBe(200);
    }
    const cookie = await signInVia(api, email, PASSWORD);
    const caller = api.as({ cookie });
    ids[email] = (await (await caller.fetch('/api/auth/get-session')).json()).user.id;
    return caller;
  }
  const secretMailedTo = async (to: string, count: number) => {
    const mail = (await smtp.waitFor(count)).filter((m) => m.to.includes(to)).at(-1)!;
    return /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  };
  const audit = async (caller: ApiClient, query: AuditQuery = {}) =>
    ok(await caller.call('listAudit', { query })) as { entries: Entry[]; next_cursor: string | null };

  beforeAll(async () => {
    [tdb, dns, idpPort, smtp] = await Promise.all([makeDb(), startDnsServer(challtestsrvPath()!), freePort(), startSmtpListener()]);
    sling = await startInProcessSling({
      ...tdb.env,
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      DNS_SERVERS: dns.address,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Sling <sling@test.example>',
      AUTH_ATTEMPTS_PER_MINUTE: '100',
    });
    api = apiClient(inProcess(sling));
    for (const email of [OWNER, MEMBER, OTHER]) await sling.seed.user(email, { password: PASSWORD, name: email.split('@')[0] });
    acmeId = await makeEnterpriseTeam(sling.handle, 'acme', OWNER, [MEMBER]);
    await makeEnterpriseTeam(sling.handle, 'globex', OTHER);
    tokens.owner = await sling.seed.token(OWNER, { workspace: 'acme' });
    tokens.member = await sling.seed.token(MEMBER, { workspace: 'acme' });
    tokens.other = await sling.seed.token(OTHER, { workspace: 'globex' });
    // Making those tokens is recorded too (token.created, audit-tokens-webhooks.test.ts); it is this
    // suite's set-up, not its subject, so each log starts empty.
    await sling.handle.query('DELETE FROM audit_entries');
  });
  afterAll(async () => {
    await sling?.close();
    await idp?.stop();
    await dns?.stop();
    await smtp?.close();
    await tdb?.drop();
  });

  test('a new workspace has an empty log', async () => {
    expect(await audit(bearer('owner'))).toEqual({ entries: [], next_cursor: null });
  });

  test('a member gets 403 for the log and its export; another workspace sees none of it', async () => {
    ok(await bearer('owner').call('updateWorkspace', { body: { name: 'Acme Corp' } }));
    // Unchanged: nothing to record.
    expect((await audit(bearer('owner'))).entries).toEqual([]);
    for (const res of [await bearer('member').call('listAudit'), await bearer('member').call('exportAudit')]) {
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
    }
    expect((await audit(bearer('other'))).entries).toEqual([]);
    expect(parseCsv((await bearer('other').call('exportAudit')).text)).toHaveLength(1);
  });

  test('settings, invitations, roles and removal write their entries', async () => {
    const owner = bearer('owner');
    ok(await owner.call('updateWorkspace', { body: { name: 'Acme Inc' } }));
    ok(await owner.call('createInvitation', { body: { email: 'bob@example.com', role: 'member' } }), 201);
    const carl = ok(await owner.call('createInvitation', { body: { email: 'carl@example.com' } }), 201).invitation;
    ok(await owner.call('revokeInvitation', { params: { id: carl.id } }), 204);

    const bob = await session('bob@example.com', 'Bob Builder');
    ok(await bob.call('acceptInvitation', { body: { token: await secretMailedTo('bob@example.com', 2) } }));
    ok(await owner.call('changeMemberRole', { params: { userId: ids['bob@example.com'] }, body: { role: 'admin' } }));
    const members = ok(await owner.call('listMembers')).members as Array<{ id?: string; user_id?: string; email: string }>;
    const mia = members.find((m) => m.email === MEMBER)!;
    ok(await owner.call('removeMember', { params: { userId: (mia.user_id ?? mia.id)! } }), 204);

    const { entries } = await audit(owner);
    expect(entries.map((e) => e.action)).toEqual([
      'member.removed',
      'member.role_changed',
      'invitation.accepted',
      'invitation.revoked',
      'member.invited',
      'member.invited',
      'workspace.updated',
    ]);
    const by = (action: string) => entries.find((e) => e.action === action)!;
    expect(by('workspace.updated')).toMatchObject({
      actor: { label: 'ann' },
      details: { name: { from: 'Acme Corp', to: 'Acme Inc' } },
      summary: 'ann changed the workspace name from “Acme Corp” to “Acme Inc”',
    });
    expect(by('invitation.revoked')).toMatchObject({
      target: { type: 'invitation', id: carl.id, label: 'carl@example.com' },
      summary: 'ann revoked the invitation of carl@example.com',
    });
    expect(by('invitation.accepted')).toMatchObject({
      actor: { id: ids['bob@example.com'], label: 'Bob Builder' },
      summary: 'Bob Builder accepted the invitation and joined as member',
    });
    expect(by('member.role_changed')).toMatchObject({
      details: { from: 'member', to: 'admin' },
      summary: 'ann changed Bob Builder’s role from member to admin',
    });
    expect(by('member.removed')).toMatchObject({ target: { type: 'user', label: 'mia' }, summary: 'ann removed mia from the workspace' });
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
  });

  test('a refused change writes nothing: the owner’s role kept, the owner not removed, an unknown invitation not revoked', async () => {
    const owner = bearer('owner');
    const before = (await audit(owner)).entries.length;
    const [me] = (ok(await owner.call('listMembers')).members as Array<{ user_id?: string; id?: string; role: string }>).filter((m) => m.role === 'owner');
    const userId = (me.user_id ?? me.id)!;
    expect((await owner.call('changeMemberRole', { params: { userId }, body: { role: 'member' } })).status).toBe(400);
    expect((await owner.call('removeMember', { params: { userId } })).status).toBe(400);
    expect((await owner.call('revokeInvitation', { params: { id: '00000000-0000-0000-0000-000000000000' } })).status).toBe(404);
    expect((await audit(owner)).entries.length).toBe(before);
  });

  test('an SSO connection created, updated, tested, its domain verified, enabled, disabled and deleted', async () => {
    const owner = bearer('owner');
    const create = {
      type: 'okta',
      name: '=SUM(1,2)',
      issuer: `http://127.0.0.1:${idpPort}`,
      client_id: 'sling-test-client',
      client_secret: 'wrong-secret-for-now',
      domain: 'acme.test',
    };
    const connection = ok(await owner.call('createSsoConnection', { body: create }), 201).connection;
    idp = await startIdp(idpPort, [connection.callback_url]);
    ok(await owner.call('updateSsoConnection', { params: { id: connection.id }, body: { client_secret: idp.clientSecret } }));
    const action = (name: 'test' | 'verify-domain' | 'enable' | 'disable') =>
      owner.call('ssoConnectionAction', { params: { id: connection.id, action: name } });
    expect(ok(await action('test')).connection.test.passed).toBe(true);
    await dns.addTxt('_sling-sso.acme.test', connection.domain_verification.value);
    expect(ok(await action('verify-domain')).verified).toBe(true);
    ok(await action('enable'));
    ok(await action('disable'));
    ok(await owner.call('deleteSsoConnection', { params: { id: connection.id } }), 204);

    const sso = (await audit(owner)).entries.filter((e) => e.action.startsWith('sso.'));
    expect(sso.map((e) => e.action)).toEqual([
      'sso.connection.deleted',
      'sso.connection.disabled',
      'sso.connection.enabled',
      'sso.domain.verified',
      'sso.connection.tested',
      'sso.connection.updated',
      'sso.connection.created',
    ]);
    expect(sso.every((e) => e.target?.type === 'sso_connection' && e.target.id === connection.id && e.actor.label === 'ann')).toBe(true);
    const updated = sso.find((e) => e.action === 'sso.connection.updated')!;
    expect(updated.details).toEqual({ fields: ['client_secret'] });
    // The secret itself is never in the log.
    expect(JSON.stringify(sso)).not.toContain(idp.clientSecret);
    expect(sso.find((e) => e.action === 'sso.connection.tested')!.details).toEqual({ passed: true, failed: [] });
    expect(sso.find((e) => e.action === 'sso.domain.verified')!.summary).toBe('ann verified the domain acme.test of =SUM(1,2)');
  });

  test('transfer of ownership and leaving are written; then an admin-turned-member is refused', async () => {
    const ann = await session(OWNER);
    ok(await ann.call('switchWorkspace', { params: { id: acmeId } }));
    ok(await ann.call('transferOwnership', { body: { user_id: ids['bob@example.com'] } }));
    const bob = await session('bob@example.com');
    ok(await bob.call('switchWorkspace', { params: { id: acmeId } }));
    ok(await bob.call('changeMemberRole', { params: { userId: ids[OWNER] }, body: { role: 'member' } }));
    // Ann is a member now: the log is closed to her, as to any member.
    for (const res of [await ann.call('listAudit'), await ann.call('exportAudit')]) {
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
    }
    ok(await ann.call('leaveWorkspace'), 204);

    const [left, demoted, transferred] = (await audit(bob)).entries;
    expect(transferred).toMatchObject({
      action: 'workspace.ownership_transferred',
      actor: { label: 'ann' },
      target: { type: 'user', id: ids['bob@example.com'], label: 'Bob Builder' },
    });
    expect(transferred.summary).toBe('ann transferred ownership of the workspace to Bob Builder');
    expect(demoted).toMatchObject({ action: 'member.role_changed', details: { from: 'admin', to: 'member' } });
    expect(left).toMatchObject({ action: 'member.left', actor: { id: ids[OWNER] }, summary: 'ann left the workspace' });
    // Still none of it in the other workspace.
    expect((await audit(bearer('other'))).entries).toEqual([]);
  });

  test('pages by cursor without overlap; filters by action; bad input is a 400 naming the field', async () => {
    const bob = await session('bob@example.com');
    ok(await bob.call('switchWorkspace', { params: { id: acmeId } }));
    const all = (await audit(bob, { limit: 100 })).entries;
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { entries: Entry[]; next_cursor: string | null } = await audit(bob, { limit: 4, ...(cursor ? { cursor } : {}) });
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    const invited = (await audit(bob, { action: 'member.invited' })).entries;
    expect(invited.map((e) => e.target?.label)).toEqual(['carl@example.com', 'bob@example.com']);
    for (const [query, field] of [
      [{ action: 'nope' }, 'action'],
      [{ limit: 0 }, 'limit'],
      [{ cursor: '***' }, 'cursor'],
      [{ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await bob.call('listAudit', { query: offSchema(query) });
      expect(res.status).toBe(400);
      const { error } = res.json;
      expect(error.code).toBe('invalid_request');
      expect(Object.keys(error.details)).toContain(field);
    }
  });

  test('the CSV export holds every entry, filters by action, and defuses formula cells', async () => {
    const bob = await session('bob@example.com');
    ok(await bob.call('switchWorkspace', { params: { id: acmeId } }));
    const all = (await audit(bob, { limit: 100 })).entries;
    const res = await bob.call('exportAudit');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sling-acme-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = parseCsv(res.text);
    expect(head).toEqual(['created_at', 'action', 'summary', 'actor_id', 'actor', 'target_type', 'target_id', 'target', 'details']);
    expect(rows.map((r) => r[1])).toEqual(all.map((e) => e.action));
    const created = rows.find((r) => r[1] === 'sso.connection.created')!;
    expect(created[7]).toBe("'=SUM(1,2)");
    expect(JSON.parse(created[8])).toEqual({ type: 'okta', domain: 'acme.test' });
    const filtered = parseCsv((await bob.call('exportAudit', { query: { action: 'member.left' } })).text);
    expect(filtered.slice(1).map((r) => r[1])).toEqual(['member.left']);
    expect((await bob.call('exportAudit', { query: offSchema({ action: 'nope' }) })).status).toBe(400);
  });

  test('entries made by requests keep a keyed hash of the client address, never the address', async () => {
    const rows = await sling.handle.query<{ action: string; ip_hash: string | null }>('SELECT action, ip_hash FROM audit_entries');
    expect(rows.length).toBeGreaterThan(15);
    for (const row of rows) expect(row.ip_hash, row.action).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
  });
});
