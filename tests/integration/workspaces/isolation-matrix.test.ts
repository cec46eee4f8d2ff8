// The tenant-isolation matrix (issue 13, docs/architecture/overview.md, "Tenancy"): every endpoint × every role × an outsider ×
// no credentials × a token without the scope, on PGlite and PostgreSQL. Each refused request is
// checked twice: its status (401 without credentials, 404 outside the workspace — never 403,
// which would confirm the row exists —, 403 naming the role or scope inside it) and that nothing
// changed (the owner reads the resource back, byte for byte). Then one allowed caller succeeds.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, domains, links, users, webhooks, workspaceMembers, workspaces, type Role } from '../../../db/schema';
import { hashPassword } from '../../../lib/passwords/password';
import { applyMigrations } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { ensureDefaultDomain } from '../../../lib/domains/domain-registry';
import { createApiToken } from '../../../lib/tokens/manage-tokens';
import { ensurePersonalWorkspace } from '../../../lib/workspaces/ensure-personal-workspace';
import { databaseKinds, type TestDatabase } from '../../helpers/databases';
import { makePngLogo } from '../../helpers/decode-qr';
import { pgUrl } from '../../helpers/services';
import { apiClient, inProcess, type ApiClient, type Caller } from '../../helpers/api-client';
import { signIn } from '../../helpers/accounts';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

type Who = 'owner' | 'admin' | 'member' | 'outsider' | 'anon' | 'readonly';
const PASSWORD = 'matrix password 1';

interface Fixture {
  W: string;
  O: string;
  userIds: Record<'owner' | 'admin' | 'member' | 'outsider', string>;
  tokens: Record<'owner' | 'admin' | 'member' | 'outsider' | 'readonly', string>;
  tokenIds: Record<'owner' | 'admin' | 'member' | 'outsider' | 'readonly', string>;
  linkO: { id: number; code: string };
  linkO2: { id: number; code: string };
  linkM: { id: number; code: string };
  linkX: { id: number; code: string };
  webhook: string;
  foreignDomain: number;
  /** Team W's custom domains: one to read and change, one to delete. */
  domainW: number;
  domainW2: number;
  /** A finished delivery of the webhook (a test event its dead endpoint refused). */
  delivery?: string;
}

/** Two workspaces made in the database before Sling starts: team W (owner, admin, member) and the outsider's own O. */
async function seed(tdb: TestDatabase): Promise<Fixture> {
  const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
  try {
    await applyMigrations(handle, tdb.databaseUrl);
    await ensureDefaultDomain(handle, '127.0.0.1');
    const db = handle.db;
    const hash = await hashPassword(PASSWORD);
    const userIds = { owner: 'm-owner', admin: 'm-admin', member: 'm-member', outsider: 'm-outsider' } as const;
    for (const id of Object.values(userIds)) {
      await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
      await db.insert(accounts).values({ id: `acc-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
      await ensurePersonalWorkspace(db, { id });
    }
    const W = randomUUID();
    await db.insert(workspaces).values({ id: W, name: 'Team W', slug: 'team-w', kind: 'team', plan: 'enterprise' });
    for (const [who, role] of [['owner', 'owner'], ['admin', 'admin'], ['member', 'member']] as Array<[keyof typeof userIds, Role]>) {
      await db.insert(workspaceMembers).values({ id: randomUUID(), organizationId: W, userId: userIds[who], role });
    }
    const [o] = await db.select().from(workspaces).where(eqPersonal(userIds.outsider));
    const O = o.id;
    await db.update(workspaces).set({ plan: 'enterprise' }).where(eqId(O));
    const token = async (userId: string, workspaceId: string, scopes?: string[]) => createApiToken(db, { userId, workspaceId, scopes, name: 'matrix' });
    const t = {
      owner: await token(userIds.owner, W),
      admin: await token(userIds.admin, W),
      member: await token(userIds.member, W),
      readonly: await token(userIds.member, W, ['links:read']),
      outsider: await token(userIds.outsider, O),
    };
    const [def] = await db.select().from(domains);
    const link = async (workspaceId: string, createdBy: string, code: string) => {
      const [row] = await db.insert(links).values({ workspaceId, createdBy, domainId: def.id, shortCode: code, longUrl: `https://example.com/${code}` }).returning();
      return { id: row.id, code };
    };
    const [foreign] = await db.insert(domains).values({ hostname: 'go.outsider.test', workspaceId: O, status: 'verified', verificationToken: 'f0' }).returning();
    const [domainW] = await db.insert(domains).values({ hostname: 'go.team-w.test', workspaceId: W, status: 'verified', verificationToken: 'w1' }).returning();
    const [domainW2] = await db.insert(domains).values({ hostname: 'old.team-w.test', workspaceId: W, verificationToken: 'w2' }).returning();
    await db.insert(webhooks).values({ id: 'wh_matrix', workspaceId: W, createdBy: userIds.owner, url: 'http://127.0.0.1:9/hook', events: ['link.created'] });
    return {
      W,
      O,
      userIds,
      tokens: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.secret])) as Fixture['tokens'],
      tokenIds: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.token.id])) as Fixture['tokenIds'],
      linkO: await link(W, userIds.owner, 'w-owner'),
      linkO2: await link(W, userIds.owner, 'w-owner-2'),
      linkM: await link(W, userIds.member, 'w-member'),
      linkX: await link(O, userIds.outsider, 'o-outsider'),
      webhook: 'wh_matrix',
      foreignDomain: foreign.id,
      domainW: domainW.id,
      domainW2: domainW2.id,
    };
  } finally {
    await handle.close();
  }
}

const eqPersonal = (userId: string) => and(eq(workspaces.personalOwnerId, userId), eq(workspaces.kind, 'personal'));
const eqId = (id: string) => eq(workspaces.id, id);

describe.each(databaseKinds(pgUrl()))('tenant isolation matrix on %s', (_name, makeDb) => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: Fixture;
  const cookies = {} as Record<'owner' | 'admin' | 'member' | 'outsider', string>;

  beforeAll(async () => {
    tdb = await makeDb();
    f = await seed(tdb);
    sling = await startInProcessSling({
      ...tdb.env,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      ENTERPRISE_LIMIT_PER_HOUR: '1000000',
      ENTERPRISE_LIMIT_PER_MINUTE: '1000000',
      // Domain checks ask a closed port on loopback: refused at once, never the network.
      DNS_SERVERS: '127.0.0.1:9',
    });
    api = apiClient(inProcess(sling));
    for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
      cookies[who] = await signIn(api, `${f.userIds[who]}@example.com`, PASSWORD);
      if (who !== 'outsider') {
        const sw = await api.call('switchWorkspace', { params: { id: f.W }, as: { cookie: cookies[who] } });
        expect(sw.status).toBe(200);
      }
    }
    const sent = await api.call('testWebhook', { params: { id: f.webhook }, as: caller('owner') });
    f.delivery = sent.json.delivery.id;
    await until('the test delivery to fail', async () => (await api.call('getDelivery', { params: { id: f.webhook, deliveryId: f.delivery! }, as: caller('owner') })).json.delivery.status === 'failed');
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  type Via = 'session' | 'token';
  /** `who` as the API client's caller: a session cookie (same-origin), a bearer token or Variant B's token parameter; anon sends none. */
  function caller(who: Who, via: Via | 'param' = 'token'): Caller {
    if (who === 'anon') return 'none';
    if (via === 'param') return { tokenParam: f.tokens[who] };
    return via === 'session' && who !== 'readonly' ? { cookie: cookies[who] } : { token: f.tokens[who] };
  }
  /**
   * One request as `who` (the matrix's rows name a method and a path, so they go through the
   * client's raw fetch; its credentials as for any operation).
   */
  async function call(who: Who, method: string, path: string, body?: unknown, via: Via | 'param' = 'token', raw?: { type: string; data: BodyInit }) {
    const headers: Record<string, string> = {};
    if (via === 'param' && who !== 'anon') body = { ...(body as object), token: f.tokens[who] };
    if (raw) headers['content-type'] = raw.type;
    else if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await api.fetch(path, { method, headers, body: raw ? raw.data : body === undefined ? undefined : JSON.stringify(body), as: via === 'param' ? 'none' : caller(who, via) });
    const text = await res.text();
    return { status: res.status, text, json: () => JSON.parse(text) };
  }

  /**
   * What the owner reads back to prove nothing changed. The webhook worker runs beside the test
   * (the webhook subscribes to link.created, and a test event is sent), so the delivery state and
   * endpoint health it writes are left out: they change on their own, not by the refused request.
   */
  const VOLATILE = new Set(['failing_since', 'last_success_at', 'updated_at', 'status', 'attempts', 'next_attempt_at', 'completed_at', 'last_attempt']);
  /**
   * Deliveries are made from the event outbox when the dispatcher next polls (fan-out.ts), for the
   * webhooks subscribed then: an event an allowed call recorded earlier (a link deleted) would
   * become a delivery in the middle of a later refusal's before and after. Both views wait until
   * the outbox is empty, so one the refused request recorded shows in its "after".
   */
  const outboxDrained = () =>
    until('the event outbox to be fanned out', async () => (await sling.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE dispatched_at IS NULL'))[0].n === 0, { intervalMs: 50 });
  const ownerView = async (path: string) => {
    if (path.includes('/webhooks')) await outboxDrained();
    const text = (await call('owner', 'GET', path)).text;
    return path.includes('/webhooks') ? JSON.stringify(JSON.parse(text), (k, v) => (VOLATILE.has(k) ? undefined : v)) : text;
  };

  interface Case {
    name: string;
    method: string;
    path: () => string;
    body?: () => unknown;
    raw?: () => { type: string; data: BodyInit };
    /** Refused callers and their status; each is tried with a token and (but readonly) a session. */
    refused: Partial<Record<Who, number>>;
    /** Read back by the owner before and after every refusal. */
    state?: () => string;
    /** The caller that then succeeds, and its status. */
    allowed: [Who, number];
    via?: Array<Via | 'param'>;
  }

  const L = () => f.linkO;
  const cases = (): Case[] => [
    // Links
    { name: 'GET /api/v1/links/{id}', method: 'GET', path: () => `/api/v1/links/${L().id}`, refused: { outsider: 404, anon: 401 }, allowed: ['member', 200] },
    { name: 'PATCH /api/v1/links/{id} (the owner\'s link)', method: 'PATCH', path: () => `/api/v1/links/${L().id}`, body: () => ({ url: 'https://evil.example/' }), state: () => `/api/v1/links/${L().id}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    { name: 'PATCH /api/v1/links/{id} (a member\'s own link)', method: 'PATCH', path: () => `/api/v1/links/${f.linkM.id}`, body: () => ({ url: 'https://example.com/mine' }), state: () => `/api/v1/links/${f.linkM.id}`, refused: { outsider: 404, readonly: 403 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/links/{id}/stats', method: 'GET', path: () => `/api/v1/links/${L().id}/stats`, refused: { outsider: 404, anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/links/{id}/events', method: 'GET', path: () => `/api/v1/links/${L().id}/events`, refused: { outsider: 404, anon: 401 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/links/{id}/clicks/export', method: 'GET', path: () => `/api/v1/links/${L().id}/clicks/export`, refused: { outsider: 404, anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/links/{id}/qr', method: 'GET', path: () => `/api/v1/links/${L().id}/qr?format=svg`, refused: { outsider: 404, anon: 401 }, allowed: ['member', 200] },
    { name: 'PUT /api/v1/links/{id}/qr/logo', method: 'PUT', path: () => `/api/v1/links/${L().id}/qr/logo`, raw: () => ({ type: 'image/png', data: new Uint8Array(makePngLogo()) }), state: () => `/api/v1/links/${L().id}/qr?format=svg&logo=favicon`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 204] },
    { name: 'DELETE /api/v1/links/{id}/qr/logo', method: 'DELETE', path: () => `/api/v1/links/${L().id}/qr/logo`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['owner', 204] },
    { name: 'DELETE /api/v1/links/{id}', method: 'DELETE', path: () => `/api/v1/links/${f.linkM.id}`, state: () => `/api/v1/links/${f.linkM.id}`, refused: { outsider: 404, anon: 401, readonly: 403 }, allowed: ['member', 204] },
    // Workspace analytics filtered by another workspace's link
    { name: 'GET /api/v1/analytics?link_id= (another workspace\'s link)', method: 'GET', path: () => `/api/v1/analytics?link_id=${f.linkX.id}`, refused: { owner: 404, admin: 404, member: 404, anon: 401 }, allowed: ['outsider', 200] },
    { name: 'GET /api/v1/analytics', method: 'GET', path: () => '/api/v1/analytics', refused: { anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/analytics/export', method: 'GET', path: () => '/api/v1/analytics/export', refused: { anon: 401, readonly: 403 }, allowed: ['member', 200] },
    // Webhooks (admins)
    { name: 'GET /api/v1/webhooks', method: 'GET', path: () => '/api/v1/webhooks', refused: { anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    { name: 'POST /api/v1/webhooks', method: 'POST', path: () => '/api/v1/webhooks', body: () => ({ url: 'http://127.0.0.1:9/new', events: ['link.created'] }), state: () => '/api/v1/webhooks', refused: { anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 201] },
    { name: 'GET /api/v1/webhooks/{id}', method: 'GET', path: () => `/api/v1/webhooks/${f.webhook}`, refused: { outsider: 404, anon: 401, member: 403 }, allowed: ['admin', 200] },
    { name: 'PATCH /api/v1/webhooks/{id}', method: 'PATCH', path: () => `/api/v1/webhooks/${f.webhook}`, body: () => ({ events: ['link.deleted'] }), state: () => `/api/v1/webhooks/${f.webhook}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    { name: 'POST /api/v1/webhooks/{id}/test', method: 'POST', path: () => `/api/v1/webhooks/${f.webhook}/test`, state: () => `/api/v1/webhooks/${f.webhook}/deliveries`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 202] },
    { name: 'GET /api/v1/webhooks/{id}/deliveries', method: 'GET', path: () => `/api/v1/webhooks/${f.webhook}/deliveries`, refused: { outsider: 404, anon: 401, member: 403 }, allowed: ['owner', 200] },
    { name: 'GET /api/v1/webhooks/{id}/deliveries/{delivery}', method: 'GET', path: () => `/api/v1/webhooks/${f.webhook}/deliveries/${f.delivery}`, refused: { outsider: 404, anon: 401, member: 403 }, allowed: ['admin', 200] },
    { name: 'POST /api/v1/webhooks/{id}/deliveries/{delivery}/resend', method: 'POST', path: () => `/api/v1/webhooks/${f.webhook}/deliveries/${f.delivery}/resend`, state: () => `/api/v1/webhooks/${f.webhook}/deliveries`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 202] },
    { name: 'POST /api/v1/webhooks/{id}/rotate-secret', method: 'POST', path: () => `/api/v1/webhooks/${f.webhook}/rotate-secret`, state: () => `/api/v1/webhooks/${f.webhook}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['owner', 200] },
    // Variant A (slug-based) and B, within the token's workspace
    { name: 'GET /api.php?action=stats&slug=', method: 'GET', path: () => `/api.php?action=stats&slug=${L().code}`, refused: { outsider: 404, anon: 401, readonly: 403 }, allowed: ['member', 200], via: ['token'] },
    { name: 'PATCH /api.php?slug=', method: 'PATCH', path: () => `/api.php?slug=${L().code}`, body: () => ({ url: 'https://evil.example/' }), state: () => `/api/v1/links/${L().id}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200], via: ['token'] },
    { name: 'DELETE /api.php?slug=', method: 'DELETE', path: () => `/api.php?slug=${f.linkO2.code}`, state: () => `/api/v1/links/${f.linkO2.id}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 204], via: ['token'] },
    { name: 'POST /api (Variant B)', method: 'POST', path: () => '/api', body: () => ({ long_url: 'https://example.com/b' }), refused: { readonly: 403 }, allowed: ['member', 201], via: ['param'] },
    // Domains: another workspace's domain is not usable
    { name: 'POST /api/v1/links with another workspace\'s domain_id', method: 'POST', path: () => '/api/v1/links', body: () => ({ url: 'https://example.com/d', domain_id: f.foreignDomain }), refused: { owner: 400, admin: 400, member: 400, anon: 401 }, allowed: ['outsider', 201] },
    { name: 'GET /api/v1/links/availability with another workspace\'s domain_id', method: 'GET', path: () => `/api/v1/links/availability?alias=free-one&domain_id=${f.foreignDomain}`, refused: { owner: 400, member: 400, anon: 401, readonly: 403 }, allowed: ['outsider', 200] },
    { name: 'POST /api/v1/webhooks with another workspace\'s domain filter', method: 'POST', path: () => '/api/v1/webhooks', body: () => ({ url: 'http://127.0.0.1:9/d', events: ['link.created'], domain_id: f.foreignDomain }), state: () => '/api/v1/webhooks', refused: { owner: 400, admin: 400 }, allowed: ['outsider', 201] },
    { name: 'POST /api/v1/webhooks with another workspace\'s link filter', method: 'POST', path: () => '/api/v1/webhooks', body: () => ({ url: 'http://127.0.0.1:9/l', events: ['link.created'], link_id: f.linkX.id }), state: () => '/api/v1/webhooks', refused: { owner: 400, admin: 400 }, allowed: ['outsider', 201] },
    // Custom domains (admins change them; members read them)
    { name: 'GET /api/v1/domains', method: 'GET', path: () => '/api/v1/domains', refused: { anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'POST /api/v1/domains', method: 'POST', path: () => '/api/v1/domains', body: () => ({ hostname: 'new.team-w.test' }), state: () => '/api/v1/domains', refused: { anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 201] },
    { name: 'GET /api/v1/domains/{id}', method: 'GET', path: () => `/api/v1/domains/${f.domainW}`, refused: { outsider: 404, anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'GET /api/v1/domains/{id} (another workspace\'s)', method: 'GET', path: () => `/api/v1/domains/${f.foreignDomain}`, refused: { owner: 404, admin: 404, member: 404 }, allowed: ['outsider', 200] },
    { name: 'PATCH /api/v1/domains/{id}', method: 'PATCH', path: () => `/api/v1/domains/${f.domainW}`, body: () => ({ not_found_url: 'https://example.com/lost', default: true }), state: () => `/api/v1/domains/${f.domainW}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    { name: 'POST /api/v1/domains/{id}/verify', method: 'POST', path: () => `/api/v1/domains/${f.domainW2}/verify`, state: () => `/api/v1/domains/${f.domainW2}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    { name: 'DELETE /api/v1/domains/{id}', method: 'DELETE', path: () => `/api/v1/domains/${f.domainW2}`, state: () => `/api/v1/domains/${f.domainW2}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['owner', 204] },
    { name: 'POST /api/v1/domains/{id}/verify (another workspace\'s)', method: 'POST', path: () => `/api/v1/domains/${f.foreignDomain}/verify`, state: () => '/api/v1/domains', refused: { owner: 404, admin: 404 }, allowed: ['outsider', 200] },
    // Members and invitations
    { name: 'GET /api/v1/workspace/members', method: 'GET', path: () => '/api/v1/workspace/members', refused: { anon: 401, readonly: 403 }, allowed: ['member', 200] },
    { name: 'POST /api/v1/workspace/invitations', method: 'POST', path: () => '/api/v1/workspace/invitations', body: () => ({ email: 'new@example.com' }), refused: { anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 201] },
    { name: 'PATCH /api/v1/workspace/members/{member}', method: 'PATCH', path: () => `/api/v1/workspace/members/${f.userIds.member}`, body: () => ({ role: 'admin' }), state: () => '/api/v1/workspace/members', refused: { anon: 401, member: 403, readonly: 403, outsider: 404 }, allowed: ['admin', 200] },
    { name: 'PATCH /api/v1/workspace/members/{member} back', method: 'PATCH', path: () => `/api/v1/workspace/members/${f.userIds.member}`, body: () => ({ role: 'member' }), state: () => '/api/v1/workspace/members', refused: { outsider: 404 }, allowed: ['owner', 200] },
    { name: 'POST /api/v1/links/bulk-delete', method: 'POST', path: () => '/api/v1/links/bulk-delete', body: () => ({ ids: [f.linkO.id] }), state: () => `/api/v1/links/${L().id}`, refused: { outsider: 404, anon: 401, member: 403, readonly: 403 }, allowed: ['owner', 200] },
    { name: 'PATCH /api/v1/workspace', method: 'PATCH', path: () => '/api/v1/workspace', body: () => ({ name: 'Hijacked' }), state: () => '/api/v1/workspace', refused: { anon: 401, member: 403, readonly: 403 }, allowed: ['admin', 200] },
    // Duplicating another workspace's link: 404, and nothing is created in team W (the outsider copies its own).
    { name: 'POST /api/v1/links/{id}/duplicate (another workspace\'s link)', method: 'POST', path: () => `/api/v1/links/${f.linkX.id}/duplicate`, state: () => '/api/v1/links?limit=100', refused: { owner: 404, admin: 404, member: 404, anon: 401 }, allowed: ['outsider', 201] },
  ];

  test('every endpoint × role × outsider: the documented status, and nothing changed when refused', async () => {
    const failures: string[] = [];
    for (const c of cases()) {
      for (const [who, status] of Object.entries(c.refused) as Array<[Who, number]>) {
        const vias = c.via ?? (who === 'anon' || who === 'readonly' ? ['token' as const] : ['token' as const, 'session' as const]);
        for (const via of vias) {
          const before = c.state ? await ownerView(c.state()) : undefined;
          const res = await call(who, c.method, c.path(), c.body?.(), via, c.raw?.());
          if (res.status !== status) failures.push(`${c.name} as ${who} (${via}): ${res.status} ${res.text.slice(0, 160)}, expected ${status}`);
          else if (!/^\{"error":\{"code":"\w+","message":/.test(res.text)) failures.push(`${c.name} as ${who} (${via}): not the JSON error shape: ${res.text.slice(0, 120)}`);
          if (c.state && (await ownerView(c.state())) !== before) failures.push(`${c.name} as ${who} (${via}): the resource changed`);
        }
      }
      const [who, status] = c.allowed;
      const res = await call(who, c.method, c.path(), c.body?.(), c.via?.[0] ?? 'token', c.raw?.());
      if (res.status !== status) failures.push(`${c.name} as ${who} (allowed): ${res.status} ${res.text.slice(0, 160)}, expected ${status}`);
    }
    expect(failures).toEqual([]);
  });

  test('lists never show another workspace\'s rows', async () => {
    const outsiderLinks = (await call('outsider', 'GET', '/api/v1/links')).json().links.map((l: { id: number }) => l.id);
    expect(outsiderLinks).not.toContain(f.linkO.id);
    const memberLinks = (await call('member', 'GET', '/api/v1/links', undefined, 'session')).json().links.map((l: { id: number }) => l.id);
    expect(memberLinks).not.toContain(f.linkX.id);
    expect((await call('outsider', 'GET', '/api.php?action=list')).json().links.map((l: { id: number }) => l.id)).not.toContain(f.linkO.id);
    expect((await call('outsider', 'GET', '/api/v1/webhooks')).json().webhooks.map((w: { id: string }) => w.id)).not.toContain(f.webhook);
    const domainsOfW = (await call('member', 'GET', '/api.php?action=domains')).json().domains.map((d: { id: number }) => d.id);
    expect(domainsOfW).not.toContain(f.foreignDomain);
    expect((await call('outsider', 'GET', '/api.php?action=domains')).json().domains.map((d: { id: number }) => d.id)).toContain(f.foreignDomain);
    const outsiderStats = (await call('outsider', 'GET', '/api/v1/analytics')).json();
    expect(outsiderStats.workspace.id).toBe(f.O);
    const exported = (await call('outsider', 'GET', '/api/v1/analytics/export?format=json')).json();
    expect(exported.every((r: { link_id: number }) => r.link_id === f.linkX.id)).toBe(true);
    const members = (await call('outsider', 'GET', '/api/v1/workspace/members')).json().members.map((m: { user_id: string }) => m.user_id);
    expect(members).toEqual([f.userIds.outsider]);
  });

  test('tokens: sessions only; a member sees and changes only its own, an admin every token of the workspace, an outsider none', async () => {
    expect((await call('member', 'GET', '/api/v1/tokens')).status).toBe(403); // a token cannot manage tokens
    const mine = (await call('member', 'GET', '/api/v1/tokens', undefined, 'session')).json().tokens.map((t: { id: string }) => t.id).sort();
    expect(mine).toEqual([f.tokenIds.member, f.tokenIds.readonly].sort());
    const all = (await call('admin', 'GET', '/api/v1/tokens', undefined, 'session')).json().tokens.map((t: { id: string }) => t.id);
    expect(all).toEqual(expect.arrayContaining([f.tokenIds.owner, f.tokenIds.admin, f.tokenIds.member]));
    expect(all).not.toContain(f.tokenIds.outsider);
    expect((await call('outsider', 'DELETE', `/api/v1/tokens/${f.tokenIds.member}`, undefined, 'session')).status).toBe(404);
    expect((await call('member', 'DELETE', `/api/v1/tokens/${f.tokenIds.admin}`, undefined, 'session')).status).toBe(404);
    expect((await call('admin', 'POST', `/api/v1/tokens/${f.tokenIds.member}/rotate`, undefined, 'session')).status).toBe(404); // only its maker sees a new secret
    expect((await call('member', 'GET', '/api/v1/links')).status).toBe(200); // still alive
    expect((await call('admin', 'DELETE', `/api/v1/tokens/${f.tokenIds.member}`, undefined, 'session')).status).toBe(204);
    expect((await call('member', 'GET', '/api/v1/links')).status).toBe(401);
  });

  test('a new sign-in opens on the workspace used last; the personal one when that membership is gone', async () => {
    const current = async (cookie: string) => (await api.call('getWorkspace', { as: { cookie } })).json.workspace.id;
    expect(await current(await signIn(api, `${f.userIds.admin}@example.com`, PASSWORD))).toBe(f.W);
  });

  test('better-auth\'s own organization endpoints are switched off (they would skip Sling\'s rules)', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/auth/organization/create', { name: 'Side door', slug: 'side-door' }],
      ['POST', '/api/auth/organization/invite-member', { email: 'x@example.com', role: 'owner', organizationId: f.W }],
      ['POST', '/api/auth/organization/remove-member', { memberIdOrEmail: `${f.userIds.owner}@example.com`, organizationId: f.W }],
      ['POST', '/api/auth/organization/set-active', { organizationId: f.W }],
      ['GET', '/api/auth/organization/list', undefined],
    ] as const) {
      const res = await api.fetch(path, {
        method,
        as: { cookie: cookies.outsider },
        headers: { origin: sling.url, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, path).toBe(404);
    }
    expect((await call('owner', 'GET', '/api/v1/workspace/members')).json().members).toHaveLength(3);
  });

  test('a cross-site form POST with a valid session cookie is refused before anything happens', async () => {
    const crossSite = { as: { cookie: cookies.outsider }, headers: { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' } };
    const form = { type: 'application/x-www-form-urlencoded', data: 'url=https%3A%2F%2Fevil.example%2F' };
    for (const res of [
      await api.call('createLink', { ...crossSite, raw: form }),
      await api.call('deleteLink', { ...crossSite, params: { id: f.linkX.id }, headers: { ...crossSite.headers, 'content-type': form.type } }),
      await api.call('createToken', { ...crossSite, raw: form }),
    ]) {
      expect(res.status, res.text).toBe(403);
      expect(res.json.error.code).toBe('forbidden');
    }
    expect((await call('outsider', 'GET', `/api/v1/links/${f.linkX.id}`)).status).toBe(200);
  });
});
