// The organization's audit log through a running Sling: every kind of entry is written by its real
// action over the API (workspace settings, invitations sent, revoked and accepted, a role change, a
// removal, ownership transfer, leaving; an SSO connection created, updated, tested against a real
// OpenID provider, its domain proven by a real DNS server, enabled, disabled, deleted). Admins only
// (a member gets 403), another workspace sees none of it, paging and the action filter, and the CSV
// export with formula cells defused. Sign-in via SSO and the just-in-time join are written by the
// browser flow in tests/e2e/sso-sign-in.test.ts. Entries made by requests keep only a keyed hash of
// the client address. Run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseCsv } from '../../helpers/csv';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startIdp, type TestIdp } from '../../helpers/oidc-idp';
import { openTestContext } from '../../helpers/open-test-handle';
import { challtestsrvPath, pgUrl } from '../../helpers/services';
import { freePort, startSling, type SlingProcess } from '../../helpers/sling-process';
import { startSmtpListener } from '../../helpers/smtp-listener';
import { createEnterpriseTeam, createToken, createUser, PASSWORD } from '../../helpers/sso-fixtures';

type Smtp = Awaited<ReturnType<typeof startSmtpListener>>;
type Init = { method?: string; body?: unknown };
type Entry = { id: number; action: string; summary: string; actor: { id: string | null; label: string }; target: { type: string; id: string; label: string } | null; details: Record<string, unknown>; created_at: string };

const OWNER = 'ann@acme.test';
const MEMBER = 'mia@acme.test';
const OTHER = 'olga@globex.test';

describe.each(migratedDatabaseKinds(pgUrl()))('audit log on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let dns: TestDnsServer;
  let smtp: Smtp;
  let idp: TestIdp | undefined;
  let idpPort: number;
  let acmeId: string;
  const tokens: Record<'owner' | 'member' | 'other', string> = { owner: '', member: '', other: '' };
  const ids: Record<string, string> = {};

  const request = (auth: Record<string, string>) => (path: string, init: Init = {}) =>
    fetch(`${sling.url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { ...auth, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const bearer = (who: keyof typeof tokens) => request({ authorization: `Bearer ${tokens[who]}` });
  const ok = async (res: Response, status = 200) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${await res.text()}`);
    return status === 204 ? null : res.json();
  };
  async function session(email: string, signUpName?: string) {
    const post = (path: string, body: unknown) => fetch(`${sling.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: sling.url }, body: JSON.stringify(body) });
    if (signUpName) await ok(await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: signUpName }));
    const res = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    const body = await res.json();
    ids[email] = body.user.id;
    return request({ cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), origin: sling.url });
  }
  const secretMailedTo = async (to: string, count: number) => {
    const mail = (await smtp.waitFor(count)).filter((m) => m.to.includes(to)).at(-1)!;
    return /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
  };
  const audit = async (call: ReturnType<typeof request>, query = '') => (await ok(await call(`/api/v1/workspace/audit${query}`))) as { entries: Entry[]; next_cursor: string | null };

  beforeAll(async () => {
    [tdb, dns, idpPort, smtp] = await Promise.all([makeDb(), startDnsServer(challtestsrvPath()!), freePort(), startSmtpListener()]);
    for (const email of [OWNER, MEMBER, OTHER]) await createUser(tdb.env, email);
    acmeId = await createEnterpriseTeam(tdb, 'acme', OWNER, [MEMBER]);
    await createEnterpriseTeam(tdb, 'globex', OTHER);
    tokens.owner = await createToken(tdb.env, OWNER, 'acme');
    tokens.member = await createToken(tdb.env, MEMBER, 'acme');
    tokens.other = await createToken(tdb.env, OTHER, 'globex');
    sling = await startSling({
      ...tdb.env,
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      DNS_SERVERS: dns.address,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Sling <sling@test.example>',
      AUTH_ATTEMPTS_PER_MINUTE: '100',
    });
  });
  afterAll(async () => {
    await sling?.stop();
    await idp?.stop();
    await dns?.stop();
    await smtp?.close();
    await tdb?.drop();
  });

  test('a new workspace has an empty log', async () => {
    expect(await audit(bearer('owner'))).toEqual({ entries: [], next_cursor: null });
  });

  test('a member gets 403 for the log and its export; another workspace sees none of it', async () => {
    await ok(await bearer('owner')('/api/v1/workspace', { method: 'PATCH', body: { name: 'Acme Corp' } }));
    // Unchanged: nothing to record.
    expect((await audit(bearer('owner'))).entries).toEqual([]);
    for (const path of ['/api/v1/workspace/audit', '/api/v1/workspace/audit/export']) {
      const res = await bearer('member')(path);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
    }
    expect((await audit(bearer('other'))).entries).toEqual([]);
    expect(parseCsv(await (await bearer('other')('/api/v1/workspace/audit/export')).text())).toHaveLength(1);
  });

  test('settings, invitations, roles and removal write their entries', async () => {
    const owner = bearer('owner');
    await ok(await owner('/api/v1/workspace', { method: 'PATCH', body: { name: 'Acme Inc' } }));
    await ok(await owner('/api/v1/workspace/invitations', { body: { email: 'bob@example.com', role: 'member' } }), 201);
    const carl = (await ok(await owner('/api/v1/workspace/invitations', { body: { email: 'carl@example.com' } }), 201)).invitation;
    await ok(await owner(`/api/v1/workspace/invitations/${carl.id}`, { method: 'DELETE' }), 204);

    const bob = await session('bob@example.com', 'Bob Builder');
    await ok(await bob('/api/v1/invitations/accept', { body: { token: await secretMailedTo('bob@example.com', 2) } }));
    await ok(await owner(`/api/v1/workspace/members/${ids['bob@example.com']}`, { method: 'PATCH', body: { role: 'admin' } }));
    const members = (await ok(await owner('/api/v1/workspace/members'))).members as Array<{ id?: string; user_id?: string; email: string }>;
    const mia = members.find((m) => m.email === MEMBER)!;
    await ok(await owner(`/api/v1/workspace/members/${mia.user_id ?? mia.id}`, { method: 'DELETE' }), 204);

    const { entries } = await audit(owner);
    expect(entries.map((e) => e.action)).toEqual(['member.removed', 'member.role_changed', 'invitation.accepted', 'invitation.revoked', 'member.invited', 'member.invited', 'workspace.updated']);
    const by = (action: string) => entries.find((e) => e.action === action)!;
    expect(by('workspace.updated')).toMatchObject({ actor: { label: 'ann' }, details: { name: { from: 'Acme Corp', to: 'Acme Inc' } }, summary: 'ann changed the workspace name from “Acme Corp” to “Acme Inc”' });
    expect(by('invitation.revoked')).toMatchObject({ target: { type: 'invitation', id: carl.id, label: 'carl@example.com' }, summary: 'ann revoked the invitation of carl@example.com' });
    expect(by('invitation.accepted')).toMatchObject({ actor: { id: ids['bob@example.com'], label: 'Bob Builder' }, summary: 'Bob Builder accepted the invitation and joined as member' });
    expect(by('member.role_changed')).toMatchObject({ details: { from: 'member', to: 'admin' }, summary: 'ann changed Bob Builder’s role from member to admin' });
    expect(by('member.removed')).toMatchObject({ target: { type: 'user', label: 'mia' }, summary: 'ann removed mia from the workspace' });
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.created_at)))).toBe(true);
  });

  test('a refused change writes nothing: the owner’s role kept, the owner not removed, an unknown invitation not revoked', async () => {
    const owner = bearer('owner');
    const before = (await audit(owner)).entries.length;
    const [me] = ((await ok(await owner('/api/v1/workspace/members'))).members as Array<{ user_id?: string; id?: string; role: string }>).filter((m) => m.role === 'owner');
    expect((await owner(`/api/v1/workspace/members/${me.user_id ?? me.id}`, { method: 'PATCH', body: { role: 'member' } })).status).toBe(400);
    expect((await owner(`/api/v1/workspace/members/${me.user_id ?? me.id}`, { method: 'DELETE' })).status).toBe(400);
    expect((await owner('/api/v1/workspace/invitations/00000000-0000-0000-0000-000000000000', { method: 'DELETE' })).status).toBe(404);
    expect((await audit(owner)).entries.length).toBe(before);
  });

  test('an SSO connection created, updated, tested, its domain verified, enabled, disabled and deleted', async () => {
    const owner = bearer('owner');
    const create = { type: 'okta', name: '=SUM(1,2)', issuer: `http://127.0.0.1:${idpPort}`, client_id: 'sling-test-client', client_secret: 'wrong-secret-for-now', domain: 'acme.test' };
    const connection = (await ok(await owner('/api/v1/workspace/sso', { body: create }), 201)).connection;
    idp = await startIdp(idpPort, [connection.callback_url]);
    await ok(await owner(`/api/v1/workspace/sso/${connection.id}`, { method: 'PATCH', body: { client_secret: idp.clientSecret } }));
    expect((await ok(await owner(`/api/v1/workspace/sso/${connection.id}/test`, { body: {} }))).connection.test.passed).toBe(true);
    await dns.addTxt('_sling-sso.acme.test', connection.domain_verification.value);
    expect((await ok(await owner(`/api/v1/workspace/sso/${connection.id}/verify-domain`, { body: {} }))).verified).toBe(true);
    await ok(await owner(`/api/v1/workspace/sso/${connection.id}/enable`, { body: {} }));
    await ok(await owner(`/api/v1/workspace/sso/${connection.id}/disable`, { body: {} }));
    await ok(await owner(`/api/v1/workspace/sso/${connection.id}`, { method: 'DELETE' }), 204);

    const sso = (await audit(owner)).entries.filter((e) => e.action.startsWith('sso.'));
    expect(sso.map((e) => e.action)).toEqual(['sso.connection.deleted', 'sso.connection.disabled', 'sso.connection.enabled', 'sso.domain.verified', 'sso.connection.tested', 'sso.connection.updated', 'sso.connection.created']);
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
    await ok(await ann(`/api/v1/workspaces/${acmeId}/switch`, { method: 'POST' }));
    await ok(await ann('/api/v1/workspace/transfer', { body: { user_id: ids['bob@example.com'] } }));
    const bob = await session('bob@example.com');
    await ok(await bob(`/api/v1/workspaces/${acmeId}/switch`, { method: 'POST' }));
    await ok(await bob(`/api/v1/workspace/members/${ids[OWNER]}`, { method: 'PATCH', body: { role: 'member' } }));
    // Ann is a member now: the log is closed to her, as to any member.
    for (const path of ['/api/v1/workspace/audit', '/api/v1/workspace/audit/export']) {
      const res = await ann(path);
      expect(res.status).toBe(403);
      expect((await res.json()).error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
    }
    await ok(await ann('/api/v1/workspace/leave', { method: 'POST' }), 204);

    const [left, demoted, transferred] = (await audit(bob)).entries;
    expect(transferred).toMatchObject({ action: 'workspace.ownership_transferred', actor: { label: 'ann' }, target: { type: 'user', id: ids['bob@example.com'], label: 'Bob Builder' } });
    expect(transferred.summary).toBe('ann transferred ownership of the workspace to Bob Builder');
    expect(demoted).toMatchObject({ action: 'member.role_changed', details: { from: 'admin', to: 'member' } });
    expect(left).toMatchObject({ action: 'member.left', actor: { id: ids[OWNER] }, summary: 'ann left the workspace' });
    // Still none of it in the other workspace.
    expect((await audit(bearer('other'))).entries).toEqual([]);
  });

  test('pages by cursor without overlap; filters by action; bad input is a 400 naming the field', async () => {
    const bob = await session('bob@example.com');
    await ok(await bob(`/api/v1/workspaces/${acmeId}/switch`, { method: 'POST' }));
    const all = (await audit(bob, '?limit=100')).entries;
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { entries: Entry[]; next_cursor: string | null } = await audit(bob, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.entries.length).toBeLessThanOrEqual(4);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    const invited = (await audit(bob, '?action=member.invited')).entries;
    expect(invited.map((e) => e.target?.label)).toEqual(['carl@example.com', 'bob@example.com']);
    for (const [query, field] of [['?action=nope', 'action'], ['?limit=0', 'limit'], ['?cursor=***', 'cursor'], ['?cursor=bm90LWEtY3Vyc29y', 'cursor'], ['?colour=red', 'colour']]) {
      const res = await bob(`/api/v1/workspace/audit${query}`);
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('invalid_request');
      expect(Object.keys(error.details)).toContain(field);
    }
  });

  test('the CSV export holds every entry, filters by action, and defuses formula cells', async () => {
    const bob = await session('bob@example.com');
    await ok(await bob(`/api/v1/workspaces/${acmeId}/switch`, { method: 'POST' }));
    const all = (await audit(bob, '?limit=100')).entries;
    const res = await bob('/api/v1/workspace/audit/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="sling-acme-audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [head, ...rows] = parseCsv(await res.text());
    expect(head).toEqual(['created_at', 'action', 'summary', 'actor_id', 'actor', 'target_type', 'target_id', 'target', 'details']);
    expect(rows.map((r) => r[1])).toEqual(all.map((e) => e.action));
    const created = rows.find((r) => r[1] === 'sso.connection.created')!;
    expect(created[7]).toBe("'=SUM(1,2)");
    expect(JSON.parse(created[8])).toEqual({ type: 'okta', domain: 'acme.test' });
    const filtered = parseCsv(await (await bob('/api/v1/workspace/audit/export?action=member.left')).text());
    expect(filtered.slice(1).map((r) => r[1])).toEqual(['member.left']);
    expect((await bob('/api/v1/workspace/audit/export?action=nope')).status).toBe(400);
  });

  test('entries made by requests keep a keyed hash of the client address, never the address', async () => {
    await sling.stop();
    const ctx = await openTestContext(tdb);
    try {
      const rows = await ctx.handle.query<{ action: string; ip_hash: string | null }>('SELECT action, ip_hash FROM audit_entries');
      expect(rows.length).toBeGreaterThan(15);
      for (const row of rows) expect(row.ip_hash, row.action).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(rows)).not.toContain('127.0.0.1');
    } finally {
      await ctx.handle.close();
    }
  });
});
