// The tenant-isolation matrix (issues 13 and 29, docs/architecture/overview.md, "Tenancy"), generated
// from the operation registry (lib/openapi/registry.ts, ALL_OPERATIONS): every workspace operation ×
// owner / admin / member / outsider / a token without the scope / no credentials, on PGlite and
// PostgreSQL, against one in-process Sling per database.
//
// Who must be refused is derived from what the Operation declares — its `auth` and its `permission`,
// read through lib/tenancy/permissions.ts (the least role that holds it, the token scope it needs):
//   - no credentials: 401;
//   - a token on a session-only operation: 403 (tokens never hold it); a token of the owner that has
//     every scope but the one the operation needs: 403;
//   - a member or admin below the permission's role: 403, by token and by session;
//   - an outsider (the owner of another workspace, with its own token and session) addressing team W's
//     resource (a path parameter, or Variant A's ?slug=): 404, never 403, which would confirm the row;
// plus the refusals no declaration can state (the row's `refused`): a member changing a link it did
// not create (403), a token someone else made (404). Every refusal must carry the JSON error shape, and
// after each one the owner reads the operation's resource back (`state`) and compares it with what it
// read before — the JSON as answered, or bytes for images; fields the webhook worker and token use
// write on their own are left out. Then one allowed caller (the owner unless the row says) succeeds
// with one of the operation's declared 2xx, so the 404s are not 404s for a missing fixture.
//
// Every operation of the registry has a row or an entry in NOT_IN_MATRIX with its reason, and the
// first test fails otherwise: an operation added without isolation coverage breaks the build.
// Fixtures a row consumes (deletes, renames, a member removed) are made fresh by the row's `setup`,
// as the owner, so the allowed call may use them up; rows that change the workspace as a whole run
// last (LAST). A few checks the generation cannot express stay hand-written below the matrix:
// another workspace's domain or link inside a body (a 400, not a path), lists and exports never
// holding another workspace's rows, token visibility between members, better-auth's organization
// endpoints, cross-site form posts, and the platform-admin operations' 404 to workspace callers.
import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, domains, links, users, webhooks, workspaceMembers, workspaces, type Role } from '../../../db/schema';
import type { Operation } from '../../../lib/http/operation';
import { hashPassword } from '../../../lib/passwords/password';
import { openDatabase } from '../../../lib/db/open-database';
import { ensureDefaultDomain } from '../../../lib/domains/domain-registry';
import { ALL_OPERATIONS } from '../../../lib/openapi/registry';
import { PERMISSIONS, roleAtLeast, TOKEN_SCOPES, type TokenScope } from '../../../lib/tenancy/permissions';
import { createApiToken } from '../../../lib/tokens/manage-tokens';
import { ensurePersonalWorkspace } from '../../../lib/workspaces/ensure-personal-workspace';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { makePngLogo } from '../../helpers/decode-qr';
import { apiClient, inProcess, type ApiClient, type ApiResult, type Caller, type OperationId } from '../../helpers/api-client';
import { signIn } from '../../helpers/accounts';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const PASSWORD = 'matrix password 1';
type Person = 'owner' | 'admin' | 'member' | 'outsider' | 'spare1' | 'spare2' | 'spare3';
type Role3 = 'owner' | 'admin' | 'member';

/**
 * Operations outside the matrix, each with why. Platform administration is checked below (every
 * workspace caller gets 404); the rest have no workspace resource to address.
 */
const NOT_IN_MATRIX: Record<string, string> = {
  mcp: "any token may connect; each tool calls a REST operation of this matrix through the router with the caller's own token (tests/integration/mcp/)",
  getOpenApiDocument: 'public: the API description, the same for everyone',
  altchaChallenge: 'public: a proof-of-work challenge for the anonymous forms',
  shortenAnonymously: 'public: the home page form; its links belong to no workspace',
  submitAbuseReport: 'public: anyone may report a link; it changes no workspace data',
  publicStats: 'public: a link’s statistics, only when its owner switched the page on (tests/integration/links/public-stats.test.ts)',
  unlockPublicStats: 'public: the public stats page’s password; it changes no workspace data',
  disableTwoFactor: "account, not workspace: the caller's own second factor (tests/integration/auth/)",
  liveClicks:
    'a stream that never ends, which the matrix cannot read to its end; who may open it, and that another workspace never sees a click, are in tests/integration/analytics/live-clicks.test.ts',
  acceptInvitation: 'addressed by the emailed secret, not by a workspace id; wrong-address refusals are in tests/integration/workspaces/',
  ...Object.fromEntries(
    ALL_OPERATIONS.filter((op) => op.auth.includes('admin_session')).map((op) => [
      op.id,
      'platform administration: 404 to every workspace caller (the test "admin operations" below)',
    ]),
  ),
};

/**
 * Workspace-caller operations that declare no permission, so the matrix derives only the 401, the
 * token's 403 and the outsider's row for them: each says why no role is needed. A new operation
 * without a permission fails the coverage test until it is listed here.
 */
const NO_PERMISSION: Record<string, string> = {
  listWorkspaces: "the caller's own memberships, whatever its role",
  createWorkspace: 'a new workspace of which the caller becomes the owner',
  switchWorkspace: 'the handler checks that the caller is a member of the addressed workspace (404 otherwise)',
  leaveWorkspace: 'any member may leave (the last owner is refused by the handler)',
};

const OPS = new Map(ALL_OPERATIONS.map((op) => [op.id, op]));

interface Fixture {
  W: string;
  O: string;
  userIds: Record<Person, string>;
  tokens: Record<'owner' | 'admin' | 'member' | 'outsider', string>;
  tokenIds: Record<'owner' | 'admin' | 'member' | 'outsider', string>;
  /** The owner's token with every scope but the key. */
  without: Record<TokenScope, string>;
  linkO: { id: number; code: string };
  linkM: { id: number; code: string };
  linkX: { id: number; code: string };
  webhook: string;
  foreignDomain: number;
  domainW: number;
  domainW2: number;
  delivery: string;
  sso: string;
  ssoDomain: string;
  importId: string;
}

/** The host only team W's links go to (the site favicon's address). */
const W_HOST = 'w-only.example';

/** Two workspaces made in the database before Sling starts: team W (owner, admin, member, three spares) and the outsider's own O. */
async function seed(tdb: TestDatabase): Promise<Omit<Fixture, 'delivery' | 'sso' | 'ssoDomain' | 'importId'>> {
  const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
  try {
    await ensureDefaultDomain(handle, '127.0.0.1');
    const db = handle.db;
    const hash = await hashPassword(PASSWORD);
    const userIds = {
      owner: 'm-owner',
      admin: 'm-admin',
      member: 'm-member',
      outsider: 'm-outsider',
      spare1: 'm-spare1',
      spare2: 'm-spare2',
      spare3: 'm-spare3',
    } as const;
    for (const id of Object.values(userIds)) {
      await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
      await db.insert(accounts).values({ id: `acc-${id}`, accountId: id, providerId: 'credential', userId: id, password: hash });
      await ensurePersonalWorkspace(db, { id });
    }
    const W = randomUUID();
    await db.insert(workspaces).values({ id: W, name: 'Team W', slug: 'team-w', kind: 'team', plan: 'enterprise' });
    const roles: Array<[Person, Role]> = [
      ['owner', 'owner'],
      ['admin', 'admin'],
      ['member', 'member'],
      ['spare1', 'member'],
      ['spare2', 'member'],
      ['spare3', 'member'],
    ];
    for (const [who, role] of roles) await db.insert(workspaceMembers).values({ id: randomUUID(), organizationId: W, userId: userIds[who], role });
    // The outsider owns a team workspace of its own on the same plan, so nothing but the workspace
    // differs (a personal workspace would be refused SSO with a 400 before any lookup).
    const O = randomUUID();
    await db.insert(workspaces).values({ id: O, name: 'Team O', slug: 'team-o', kind: 'team', plan: 'enterprise' });
    await db.insert(workspaceMembers).values({ id: randomUUID(), organizationId: O, userId: userIds.outsider, role: 'owner' });
    const token = async (userId: string, workspaceId: string, scopes?: string[]) => createApiToken(db, { userId, workspaceId, scopes, name: 'matrix' });
    // Every scope named, so also the two a token has only when named (tokens:read, tokens:write).
    const all = [...TOKEN_SCOPES];
    const t = {
      owner: await token(userIds.owner, W, all),
      admin: await token(userIds.admin, W, all),
      member: await token(userIds.member, W, all),
      outsider: await token(userIds.outsider, O, all),
    };
    const without = {} as Record<TokenScope, string>;
    for (const scope of TOKEN_SCOPES)
      without[scope] = (
        await token(
          userIds.owner,
          W,
          TOKEN_SCOPES.filter((s) => s !== scope),
        )
      ).secret;
    const [def] = await db.select().from(domains);
    const link = async (workspaceId: string, createdBy: string, code: string, host: string) => {
      const [row] = await db
        .insert(links)
        .values({ workspaceId, createdBy, domainId: def.id, shortCode: code, longUrl: `https://${host}/${code}` })
        .returning();
      return { id: row.id, code };
    };
    const [foreign] = await db
      .insert(domains)
      .values({ hostname: 'go.outsider.test', workspaceId: O, status: 'verified', verificationToken: 'f0' })
      .returning();
    const [domainW] = await db.insert(domains).values({ hostname: 'go.team-w.test', workspaceId: W, status: 'verified', verificationToken: 'w1' }).returning();
    const [domainW2] = await db.insert(domains).values({ hostname: 'old.team-w.test', workspaceId: W, verificationToken: 'w2' }).returning();
    await db.insert(webhooks).values({ id: 'wh_matrix', workspaceId: W, createdBy: userIds.owner, url: 'http://127.0.0.1:9/hook', events: ['link.created'] });
    return {
      W,
      O,
      userIds,
      tokens: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.secret])) as Fixture['tokens'],
      tokenIds: Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.token.id])) as Fixture['tokenIds'],
      without,
      linkO: await link(W, userIds.owner, 'w-owner', W_HOST),
      linkM: await link(W, userIds.member, 'w-member', 'example.com'),
      linkX: await link(O, userIds.outsider, 'o-outsider', 'example.com'),
      webhook: 'wh_matrix',
      foreignDomain: foreign.id,
      domainW: domainW.id,
      domainW2: domainW2.id,
    };
  } finally {
    await handle.close();
  }
}

function png(width: number, height: number): Uint8Array<ArrayBuffer> {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return new Uint8Array(PNG.sync.write(image));
}

/** What one call sends, but for its caller. */
interface Request {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  raw?: () => { type: string; data: BodyInit };
}

type Who = Role3 | 'outsider' | 'spare3';
type Via = 'token' | 'session' | 'param';

/** One row of the matrix: how to call the operation on team W's resource and how to read that resource back. */
interface Row {
  /** Makes what the row consumes, as the owner (fresh for this row); its result is handed to the other fields. */
  setup?: () => Promise<unknown>;
  request: (made: never) => Request;
  /** The resource as the owner reads it (the JSON as answered, or bytes). */
  state: (made: never) => Promise<string>;
  /** Refusals the declarations cannot state (the query limits what a role holding the permission reaches). */
  refused?: Partial<Record<Role3, number>>;
  /** The outsider addresses team W's resource although the path has no parameter (Variant A's ?slug=). */
  addresses?: boolean;
  /** What the outsider sends in its own workspace, when the request holds a name unique across workspaces (a hostname). */
  outsiderRequest?: () => Request;
  /** The caller that succeeds (default: the owner). */
  allowed?: Who;
  /** Undoes what the allowed call did to the callers' context (a session switched to a new workspace). */
  after?: (made: never) => Promise<void>;
}

/** Rows run in the registry's order, but these, which change the workspace itself, run last and in this order. */
const LAST = ['transferOwnership', 'leaveWorkspace', 'deleteWorkspace'];

describe('the isolation matrix covers the registry', () => {
  test('every operation has a row or an explicit exclusion with its reason', () => {
    const covered = new Set(Object.keys(ROWS_SHAPE));
    const registry = ALL_OPERATIONS.map((op) => op.id);
    expect(
      registry.filter((id) => !covered.has(id) && !(id in NOT_IN_MATRIX)),
      'operations with neither a row nor an exclusion',
    ).toEqual([]);
    expect(
      [...covered].filter((id) => !OPS.has(id)),
      'rows for operations the registry does not have',
    ).toEqual([]);
    expect(
      [...covered].filter((id) => id in NOT_IN_MATRIX),
      'rows for excluded operations',
    ).toEqual([]);
    expect(
      Object.keys(NOT_IN_MATRIX).filter((id) => !OPS.has(id)),
      'exclusions of operations the registry does not have',
    ).toEqual([]);
    for (const [id, why] of Object.entries(NOT_IN_MATRIX)) expect(why.length, id).toBeGreaterThan(10);
  });

  test('every operation in the matrix declares a permission, or says why it needs none', () => {
    // The refusals are derived from the permission: an operation that forgot to declare one would
    // be checked only for its 401.
    const missing = ALL_OPERATIONS.filter((op) => !(op.id in NOT_IN_MATRIX) && !op.permission && !(op.id in NO_PERMISSION)).map((op) => op.id);
    expect(missing).toEqual([]);
    expect(Object.keys(NO_PERMISSION).filter((id) => OPS.get(id)?.permission !== undefined)).toEqual([]);
  });
});

/** The rows' keys, known without a database (filled by rowsFor; the coverage test reads it). */
const ROWS_SHAPE: Record<string, true> = {};

describe(`tenant isolation matrix on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: Fixture;
  const cookies = {} as Record<Who, string>;

  beforeAll(async () => {
    tdb = await makeDb();
    f = (await seed(tdb)) as Fixture;
    sling = await startInProcessSling({
      ...tdb.env,
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The SSO connections' issuer is a closed port on loopback: refused at once, never the network.
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      ENTERPRISE_LIMIT_PER_HOUR: '1000000',
      ENTERPRISE_LIMIT_PER_MINUTE: '1000000',
      // Domain and SSO domain checks ask a closed port on loopback: refused at once, never the network.
      DNS_SERVERS: '127.0.0.1:9',
      FAVICONS_TIMEOUT_MS: '100',
    });
    api = apiClient(inProcess(sling));
    for (const who of ['owner', 'admin', 'member', 'outsider', 'spare3'] as const) {
      cookies[who] = await signIn(api, `${f.userIds[who]}@example.com`, PASSWORD);
      expect((await api.call('switchWorkspace', { params: { id: who === 'outsider' ? f.O : f.W }, as: { cookie: cookies[who] } })).status).toBe(200);
    }
    const sent = await api.call('testWebhook', { params: { id: f.webhook }, as: OWNER() });
    f.delivery = sent.json.delivery.id;
    await until(
      'the test delivery to fail',
      async () => (await api.call('getDelivery', { params: { id: f.webhook, deliveryId: f.delivery }, as: OWNER() })).json.delivery.status === 'failed',
    );
    f.sso = ok(await api.call('createSsoConnection', { body: ssoBody('shared'), as: OWNER() }), 201).connection.id;
    f.ssoDomain = await addSsoDomain('shared-extra.matrix.test');
    f.importId = await finishedImport('shared');
    // A social preview's title, which an uploaded preview image needs.
    ok(await api.call('updateLink', { params: { id: f.linkO.id }, body: { preview: { title: 'Team W' } }, as: OWNER() }));
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const OWNER = (): Caller => ({ token: f.tokens.owner });
  const OWNER_SESSION = (): Caller => ({ cookie: cookies.owner });
  function ok(res: ApiResult, status = 200) {
    if (res.status !== status) throw new Error(`fixture: ${res.status} ${res.text.slice(0, 200)}`);
    return res.json;
  }
  const ssoBody = (name: string) => ({
    type: 'okta' as const,
    name,
    issuer: 'http://127.0.0.1:9',
    client_id: 'matrix',
    client_secret: 'matrix-secret',
    domain: `${name}.matrix.test`,
  });
  async function finishedImport(name: string): Promise<string> {
    const id = ok(
      await api.call('createImport', { raw: { type: 'text/csv', data: `keyword,url\nimp-${name},https://example.com/${name}\n` }, as: OWNER() }),
      202,
    ).id as string;
    await until(`import ${id} to finish`, async () => ['done', 'failed'].includes((await api.call('getImport', { params: { id }, as: OWNER() })).json.status));
    return id;
  }
  async function addSsoDomain(domain: string): Promise<string> {
    const connection = ok(await api.call('addSsoDomain', { params: { id: f.sso }, body: { domain }, as: OWNER() }), 201).connection;
    return connection.domains.find((d: { domain: string }) => d.domain === domain).id;
  }
  let serial = 0;
  const fresh = () => `${++serial}-${Math.random().toString(36).slice(2, 6)}`;
  const newLink = async (alias?: string) =>
    ok(
      await api.call('createLink', { body: { url: `https://example.com/${fresh()}`, preview: { title: 'Matrix' }, ...(alias ? { alias } : {}) }, as: OWNER() }),
      201,
    ) as { id: number; short_code: string };

  // ── Reading back ──────────────────────────────────────────────────────
  /**
   * Written on their own while the test runs, not by a refused request: the webhook worker's delivery
   * state and endpoint health (the webhook subscribes to link.created, and test events are sent), and
   * a token's last use (the refused tokens authenticate before they are refused).
   */
  const VOLATILE = new Set([
    'failing_since',
    'last_success_at',
    'updated_at',
    'status',
    'attempts',
    'next_attempt_at',
    'completed_at',
    'last_attempt',
    'last_used_at',
    'last_used_ip',
  ]);
  /**
   * Deliveries are made from the event outbox when the dispatcher next polls (fan-out.ts): an event
   * an allowed call recorded earlier would become a delivery between a refusal's before and after.
   * Webhook views wait until the outbox is empty, so one the refused request recorded shows in its "after".
   */
  const outboxDrained = () =>
    until(
      'the event outbox to be fanned out',
      async () => (await sling.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE dispatched_at IS NULL'))[0].n === 0,
      { intervalMs: 50 },
    );
  const stable = (res: ApiResult) =>
    `${res.status} ${res.json === undefined ? res.bytes.toString('base64') : JSON.stringify(res.json, (k, v) => (VOLATILE.has(k) ? undefined : v))}`;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const read = async (id: OperationId, opts: any = {}) => stable(await api.call(id, { as: OWNER(), ...opts } as never));
  const R = {
    link: (id: number) => read('getLink', { params: { id } }),
    links: () => read('listLinks', { query: { limit: 100 } }),
    linkAssets: async (id: number) =>
      `${await read('getLinkQr', { params: { id }, query: { format: 'svg', logo: '1' } })} ${await read('getLinkPreviewImage', { params: { id } })} ${await read('getLink', { params: { id } })}`,
    webhook: async (id: string) => (
      await outboxDrained(), `${await read('getWebhook', { params: { id } })} ${await read('listDeliveries', { params: { id } })}`
    ),
    webhooks: async () => (await outboxDrained(), read('listWebhooks')),
    domain: (id: number) => read('getDomain', { params: { id } }),
    domains: () => read('listDomains'),
    folders: () => read('listFolders'),
    domainAssets: async (id: number) =>
      `${await read('getDomainFavicon', { params: { id } })} ${await read('getDomainLanding', { params: { id } })} ${await read('getDomain', { params: { id } })}`,
    tokens: () => read('listTokens', { as: OWNER_SESSION() }),
    imports: () => read('listImports'),
    /** One import: an import another row started goes on running in the background, changing the list. */
    import: async (id: string) => `${await read('getImport', { params: { id } })} ${await read('getImportReport', { params: { id } })}`,
    workspace: async () => `${await read('getWorkspace')} ${await read('listMembers')}`,
    workspaces: () => read('listWorkspaces', { as: OWNER_SESSION() }),
    members: async () => `${await read('listMembers')} ${await read('listInvitations')}`,
    sso: async () => `${await read('listSsoConnections')} ${await read('getDirectorySync')}`,
    audit: () => read('listAudit'),
    privacy: () => read('getWorkspacePrivacy'),
    /** The orphan visits of the domain and whether the workspace keeps each one. */
    orphans: (id: number) => read('getOrphanVisits', { params: { id } }),
    tags: async () => `${await read('listWorkspaceTags')} ${await read('listLinks', { query: { limit: 100 } })}`,
  };

  // ── The rows ──────────────────────────────────────────────────────────
  type Link = { id: number };
  const row = <M>(r: {
    setup?: () => Promise<M>;
    request: (m: M) => Request;
    state: (m: M) => Promise<string>;
    refused?: Row['refused'];
    addresses?: boolean;
    outsiderRequest?: () => Request;
    allowed?: Who;
    after?: (m: M) => Promise<void>;
  }) => r as unknown as Row;
  /** A member may change only the links it created: the owner's link is refused by the query. */
  const OWN_LINKS = { member: 403 } as const;
  const logo = () => ({ type: 'image/png', data: new Uint8Array(makePngLogo()) });
  const newFolder = async () => ok(await api.call('createFolder', { body: { name: `folder ${fresh()}` }, as: OWNER() }), 201).folder.id as string;
  const preview = () => ({ type: 'image/png', data: png(600, 315) });
  const linkWithPreview = async () => {
    const link = await newLink();
    ok(await api.call('putLinkPreviewImage', { params: { id: link.id }, raw: preview(), as: OWNER() }), 200);
    return link;
  };
  const domainWithFavicon = async () => {
    const id = ok(await api.call('addDomain', { body: { hostname: `fav-${fresh()}.team-w.test` }, as: OWNER() }), 201).domain.id as number;
    ok(await api.call('putDomainFavicon', { params: { id }, raw: { type: 'image/png', data: png(32, 32) }, as: OWNER() }), 200);
    return id;
  };
  const taggedLink = async () => {
    const name = `mx-${fresh()}`;
    ok(await api.call('createLink', { body: { url: `https://example.com/${name}`, tags: [name] }, as: OWNER() }), 201);
    return name;
  };
  const invitation = async () =>
    ok(await api.call('createInvitation', { body: { email: `inv-${fresh()}@example.com` }, as: OWNER() }), 201).invitation.id as string;

  const ROWS: Record<string, Row> = {
    // Links
    aliasAvailability: row({ request: () => ({ query: { alias: 'free-one' } }), state: R.links }),
    bulkCreateLinks: row({ request: () => ({ body: { links: [{ url: 'https://example.com/bulk' }] } }), state: R.links }),
    bulkDeleteLinks: row({
      setup: () => newLink(),
      request: (l: Link) => ({ body: { ids: [l.id] } }),
      state: (l: Link) => R.link(l.id),
      refused: OWN_LINKS,
      addresses: true,
    }),
    bulkUpdateLinks: row({
      setup: () => newLink(),
      request: (l: Link) => ({ body: { ids: [l.id], archived: true, add_tags: ['matrix'] } }),
      state: (l: Link) => R.link(l.id),
      refused: OWN_LINKS,
      addresses: true,
    }),
    createLink: row({ request: () => ({ body: { url: 'https://example.com/created' } }), state: R.links }),
    deleteLink: row({ setup: () => newLink(), request: (l: Link) => ({ params: { id: l.id } }), state: (l: Link) => R.link(l.id), refused: OWN_LINKS }),
    duplicateLink: row({ request: () => ({ params: { id: f.linkO.id } }), state: R.links }),
    freePreviousCode: row({
      setup: async () => {
        const old = `fpc-${fresh()}`;
        const link = await newLink(old);
        ok(await api.call('updateLink', { params: { id: link.id }, body: { alias: `${old}-new` }, as: OWNER() }));
        return { id: link.id, old };
      },
      request: (m: { id: number; old: string }) => ({ params: { id: m.id, code: m.old } }),
      state: (m: { id: number }) => R.link(m.id),
      refused: OWN_LINKS,
    }),
    getLink: row({ request: () => ({ params: { id: f.linkO.id } }), state: () => R.link(f.linkO.id) }),
    recordConversion: row({
      setup: async () =>
        ok(
          await api.call('createLink', {
            body: {
              url: `https://example.com/${fresh()}`,
              ab_test: {
                variants: [
                  { id: 'a', url: 'https://example.com/a', weight: 50 },
                  { id: 'b', url: 'https://example.com/b', weight: 50 },
                ],
              },
            },
            as: OWNER(),
          }),
          201,
        ) as Link,
      request: (l: Link) => ({ params: { id: l.id }, body: { variant: 'a' } }),
      // The conversions show in the statistics (a fixed range, so nothing else moves between reads).
      state: (l: Link) => read('linkStats', { params: { id: l.id }, query: { from: '2026-01-01', to: '2026-01-02' } }),
      refused: OWN_LINKS,
    }),
    linkEvents: row({ request: () => ({ params: { id: f.linkO.id } }), state: () => R.link(f.linkO.id) }),
    listLinks: row({ request: () => ({}), state: R.links }),
    listTags: row({ request: () => ({}), state: R.links }),
    // Tags (a fresh tag on one of the owner's links for each row that changes one)
    listWorkspaceTags: row({ request: () => ({}), state: R.tags }),
    updateTag: row({
      setup: () => taggedLink(),
      request: (name: string) => ({ params: { name }, body: { name: `${name}-new`, color: 'red' } }),
      state: R.tags,
    }),
    mergeTags: row({
      setup: () => taggedLink(),
      request: (name: string) => ({ body: { from: [name], into: `${name}-into` } }),
      state: R.tags,
      addresses: true,
    }),
    deleteTag: row({ setup: () => taggedLink(), request: (name: string) => ({ params: { name } }), state: R.tags }),
    updateLink: row({
      request: () => ({ params: { id: f.linkO.id }, body: { url: `https://${W_HOST}/changed` } }),
      state: () => R.link(f.linkO.id),
      refused: OWN_LINKS,
    }),
    linkClicksExport: row({ request: () => ({ params: { id: f.linkO.id } }), state: () => R.link(f.linkO.id) }),
    linkStats: row({ request: () => ({ params: { id: f.linkO.id } }), state: () => R.link(f.linkO.id) }),
    workspaceClicksExport: row({ request: () => ({}), state: R.links }),
    workspaceStats: row({ request: () => ({}), state: R.links }),
    // Link assets
    deleteLinkPreviewImage: row({
      setup: linkWithPreview,
      request: (l: Link) => ({ params: { id: l.id } }),
      state: (l: Link) => R.linkAssets(l.id),
      refused: OWN_LINKS,
    }),
    deleteLinkQrLogo: row({
      setup: async () => {
        const link = await newLink();
        ok(await api.call('putLinkQrLogo', { params: { id: link.id }, raw: logo(), as: OWNER() }), 204);
        return link;
      },
      request: (l: Link) => ({ params: { id: l.id } }),
      state: (l: Link) => read('getLinkQr', { params: { id: l.id }, query: { format: 'svg', logo: '1' } }),
      refused: OWN_LINKS,
    }),
    getLinkPreviewImage: row({ setup: linkWithPreview, request: (l: Link) => ({ params: { id: l.id } }), state: (l: Link) => R.linkAssets(l.id) }),
    getLinkQr: row({ request: () => ({ params: { id: f.linkO.id }, query: { format: 'svg' } }), state: () => R.linkAssets(f.linkO.id) }),
    getSiteFavicon: row({ request: () => ({ params: { host: W_HOST } }), state: R.links }),
    putLinkPreviewImage: row({ request: () => ({ params: { id: f.linkO.id }, raw: preview }), state: () => R.linkAssets(f.linkO.id), refused: OWN_LINKS }),
    putLinkQrLogo: row({
      request: () => ({ params: { id: f.linkO.id }, raw: logo }),
      state: () => read('getLinkQr', { params: { id: f.linkO.id }, query: { format: 'svg', logo: '1' } }),
      refused: OWN_LINKS,
    }),
    // Imports
    createImport: row({ request: () => ({ raw: () => ({ type: 'text/csv', data: 'keyword,url\nimp-matrix,https://example.com/imp\n' }) }), state: R.imports }),
    getImport: row({ request: () => ({ params: { id: f.importId } }), state: () => R.import(f.importId) }),
    getImportReport: row({ request: () => ({ params: { id: f.importId } }), state: () => R.import(f.importId) }),
    listImports: row({ request: () => ({}), state: R.imports }),
    // Folders (a fresh one for each row that changes one)
    listFolders: row({ request: () => ({}), state: R.folders }),
    createFolder: row({ request: () => ({ body: { name: `made ${fresh()}` } }), state: R.folders }),
    updateFolder: row({ setup: () => newFolder(), request: (id: string) => ({ params: { id }, body: { name: `renamed ${fresh()}` } }), state: R.folders }),
    deleteFolder: row({ setup: () => newFolder(), request: (id: string) => ({ params: { id } }), state: R.folders }),
    // Webhooks
    createWebhook: row({ request: () => ({ body: { url: 'http://127.0.0.1:9/new', events: ['link.created'] } }), state: R.webhooks }),
    deleteWebhook: row({
      setup: async () =>
        ok(await api.call('createWebhook', { body: { url: 'http://127.0.0.1:9/gone', events: ['link.deleted'] }, as: OWNER() }), 201).webhook.id as string,
      request: (id: string) => ({ params: { id } }),
      state: R.webhooks,
    }),
    getDelivery: row({ request: () => ({ params: { id: f.webhook, deliveryId: f.delivery } }), state: () => R.webhook(f.webhook) }),
    getWebhook: row({ request: () => ({ params: { id: f.webhook } }), state: () => R.webhook(f.webhook) }),
    listDeliveries: row({ request: () => ({ params: { id: f.webhook } }), state: () => R.webhook(f.webhook) }),
    listWebhooks: row({ request: () => ({}), state: R.webhooks }),
    resendDelivery: row({ request: () => ({ params: { id: f.webhook, deliveryId: f.delivery } }), state: () => R.webhook(f.webhook) }),
    rotateWebhookSecret: row({ request: () => ({ params: { id: f.webhook } }), state: () => R.webhook(f.webhook) }),
    testWebhook: row({ request: () => ({ params: { id: f.webhook } }), state: () => R.webhook(f.webhook) }),
    updateWebhook: row({
      request: () => ({ params: { id: f.webhook }, body: { events: ['link.created', 'link.deleted'] } }),
      state: () => R.webhook(f.webhook),
    }),
    // API tokens (sessions only; a member reaches only its own, and only its maker rotates one)
    createToken: row({ request: () => ({ body: { name: 'matrix new' } }), state: R.tokens }),
    listTokens: row({ request: () => ({}), state: R.tokens }),
    regenerateToken: row({
      setup: async () => ok(await api.call('createToken', { body: { name: 'regenerate' }, as: OWNER_SESSION() }), 201).token.id as string,
      request: (id: string) => ({ params: { id } }),
      state: R.tokens,
      refused: { member: 404, admin: 404 },
    }),
    revokeToken: row({
      setup: async () => ok(await api.call('createToken', { body: { name: 'revoke' }, as: OWNER_SESSION() }), 201).token.id as string,
      request: (id: string) => ({ params: { id } }),
      state: R.tokens,
      refused: { member: 404 },
    }),
    rotateToken: row({
      setup: async () => ok(await api.call('createToken', { body: { name: 'rotate' }, as: OWNER_SESSION() }), 201).token.id as string,
      request: (id: string) => ({ params: { id } }),
      state: R.tokens,
      refused: { member: 404, admin: 404 },
    }),
    // Domains
    addDomain: row({
      request: () => ({ body: { hostname: 'new.team-w.test' } }),
      outsiderRequest: () => ({ body: { hostname: 'new.team-o.test' } }),
      state: R.domains,
    }),
    deleteDomain: row({
      setup: async () => ok(await api.call('addDomain', { body: { hostname: `del-${fresh()}.team-w.test` }, as: OWNER() }), 201).domain.id as number,
      request: (id: number) => ({ params: { id } }),
      state: R.domains,
    }),
    getDomain: row({ request: () => ({ params: { id: f.domainW } }), state: () => R.domain(f.domainW) }),
    listDomains: row({ request: () => ({}), state: R.domains }),
    updateDomain: row({
      request: () => ({ params: { id: f.domainW }, body: { not_found_url: 'https://example.com/lost' } }),
      state: () => R.domain(f.domainW),
    }),
    verifyDomain: row({ request: () => ({ params: { id: f.domainW2 } }), state: () => R.domain(f.domainW2) }),
    deleteDomainFavicon: row({ setup: domainWithFavicon, request: (id: number) => ({ params: { id } }), state: (id: number) => R.domainAssets(id) }),
    getDomainFavicon: row({ setup: domainWithFavicon, request: (id: number) => ({ params: { id } }), state: (id: number) => R.domainAssets(id) }),
    getDomainLanding: row({ request: () => ({ params: { id: f.domainW } }), state: () => R.domainAssets(f.domainW) }),
    putDomainFavicon: row({
      request: () => ({ params: { id: f.domainW }, raw: () => ({ type: 'image/png', data: png(32, 32) }) }),
      state: () => R.domainAssets(f.domainW),
    }),
    putDomainLanding: row({ request: () => ({ params: { id: f.domainW }, body: { html: '<h1>Team W</h1>' } }), state: () => R.domainAssets(f.domainW) }),
    // Variant A (the slug addresses the link) and Variant B
    apiPhpCreate: row({ request: () => ({ body: { url: 'https://example.com/variant-a' } }), state: R.links }),
    apiPhpDelete: row({
      setup: () => newLink(`apd-${fresh()}`),
      request: (l: { short_code: string }) => ({ query: { slug: l.short_code } }),
      state: (l: Link) => R.link(l.id),
      refused: OWN_LINKS,
      addresses: true,
    }),
    apiPhpDomains: row({ request: () => ({}), state: R.domains }),
    apiPhpList: row({ request: () => ({}), state: R.links }),
    apiPhpPut: row({
      setup: () => newLink(`app-${fresh()}`),
      request: (l: { short_code: string }) => ({ query: { slug: l.short_code }, body: { url: 'https://example.com/put' } }),
      state: (l: Link) => R.link(l.id),
      refused: OWN_LINKS,
      addresses: true,
    }),
    apiPhpStats: row({ request: () => ({ query: { slug: f.linkO.code } }), state: () => R.link(f.linkO.id), addresses: true }),
    apiPhpUpdate: row({
      setup: () => newLink(`apu-${fresh()}`),
      request: (l: { short_code: string }) => ({ query: { slug: l.short_code }, body: { url: 'https://example.com/patched' } }),
      state: (l: Link) => R.link(l.id),
      refused: OWN_LINKS,
      addresses: true,
    }),
    variantBCreate: row({ request: () => ({ body: { long_url: 'https://example.com/variant-b' } }), state: R.links }),
    // The workspace, its members and invitations, its audit log
    changeMemberRole: row({ request: () => ({ params: { userId: f.userIds.spare1 }, body: { role: 'admin' } }), state: R.members }),
    createInvitation: row({ request: () => ({ body: { email: 'invited@example.com' } }), state: R.members }),
    createWorkspace: row({
      request: () => ({ body: { name: 'Side project' } }),
      state: R.workspaces,
      // A new workspace becomes the session's current one: back to W (and the outsider to O).
      after: async () => {
        ok(await api.call('switchWorkspace', { params: { id: f.W }, as: OWNER_SESSION() }));
        ok(await api.call('switchWorkspace', { params: { id: f.O }, as: { cookie: cookies.outsider } }));
      },
    }),
    deleteWorkspace: row({ request: () => ({}), state: R.workspace }),
    exportAudit: row({ request: () => ({}), state: R.audit }),
    getWorkspace: row({ request: () => ({}), state: R.workspace }),
    leaveWorkspace: row({ request: () => ({}), state: R.members, allowed: 'spare3' }),
    listAudit: row({ request: () => ({}), state: R.audit }),
    listInvitations: row({ request: () => ({}), state: R.members }),
    listMembers: row({ request: () => ({}), state: R.members }),
    listWorkspaces: row({ request: () => ({}), state: R.workspaces }),
    removeMember: row({ request: () => ({ params: { userId: f.userIds.spare2 } }), state: R.members }),
    resendInvitation: row({ setup: invitation, request: (id: string) => ({ params: { id } }), state: R.members }),
    revokeInvitation: row({ setup: invitation, request: (id: string) => ({ params: { id } }), state: R.members }),
    switchWorkspace: row({ request: () => ({ params: { id: f.W } }), state: R.workspaces }),
    transferOwnership: row({
      request: () => ({ body: { user_id: f.userIds.admin } }),
      state: R.workspace,
      // Back to the owner, so the rows after it (deleteWorkspace) find the roles they expect.
      after: async () => void ok(await api.call('transferOwnership', { body: { user_id: f.userIds.owner }, as: { cookie: cookies.admin } })),
    }),
    updateWorkspace: row({ request: () => ({ body: { name: 'Renamed W' } }), state: R.workspace }),
    getWorkspacePrivacy: row({ request: () => ({}), state: R.privacy }),
    getOrphanVisits: row({ request: () => ({ params: { id: f.domainW } }), state: () => R.orphans(f.domainW) }),
    exportOrphanVisits: row({ request: () => ({ params: { id: f.domainW } }), state: () => R.orphans(f.domainW) }),
    setOrphanLogging: row({ request: () => ({ body: { log_orphan_visits: true } }), state: () => R.orphans(f.domainW) }),
    updateWorkspacePrivacy: row({ request: () => ({ body: { ip: 'anonymized', excluded_ranges: ['203.0.113.0/24'] } }), state: R.privacy }),
    // SSO and directory sync
    addSsoDomain: row({ request: () => ({ params: { id: f.sso }, body: { domain: 'added.matrix.test' } }), state: R.sso }),
    createSsoConnection: row({ request: () => ({ body: ssoBody('created') }), state: R.sso }),
    deleteSsoConnection: row({
      setup: async () => ok(await api.call('createSsoConnection', { body: ssoBody(`del-${fresh()}`), as: OWNER() }), 201).connection.id as string,
      request: (id: string) => ({ params: { id } }),
      state: R.sso,
    }),
    getDirectorySync: row({ request: () => ({}), state: R.sso }),
    getSsoConnection: row({ request: () => ({ params: { id: f.sso } }), state: R.sso }),
    issueDirectorySyncToken: row({ request: () => ({}), state: R.sso }),
    listSsoConnections: row({ request: () => ({}), state: R.sso }),
    removeSsoDomain: row({
      setup: () => addSsoDomain(`rm-${fresh()}.matrix.test`),
      request: (domainId: string) => ({ params: { id: f.sso, domainId } }),
      state: R.sso,
    }),
    revokeDirectorySyncToken: row({
      setup: async () => void ok(await api.call('issueDirectorySyncToken', { as: OWNER() })),
      request: () => ({}),
      state: R.sso,
    }),
    // 'test' records its result on the connection (the issuer, a closed port, fails at once), so a refused one that ran shows.
    ssoConnectionAction: row({ request: () => ({ params: { id: f.sso, action: 'test' } }), state: R.sso }),
    updateSsoConnection: row({ request: () => ({ params: { id: f.sso }, body: { name: 'Renamed SSO' } }), state: R.sso }),
    verifySsoDomain: row({ request: () => ({ params: { id: f.sso, domainId: f.ssoDomain } }), state: R.sso }),
  };
  for (const id of Object.keys(ROWS)) ROWS_SHAPE[id] = true;

  // ── Who is refused, from the declarations ────────────────────────────
  interface Refusal {
    who: Who | 'anon' | 'scopeless';
    via: Via | 'none';
    /** 'own': the outsider acting in its own workspace (nothing of team W addressed): any answer but a 5xx, and team W unchanged. */
    status: number | 'own';
  }
  function refusalsOf(op: Operation, r: Row): Refusal[] {
    const byToken = op.auth.includes('bearer') ? 'token' : op.auth.includes('token_param') ? 'param' : undefined;
    const bySession = op.auth.includes('session');
    const vias: Via[] = [...(byToken ? [byToken as Via] : []), ...(bySession ? ['session' as const] : [])];
    const rule = op.permission ? PERMISSIONS[op.permission] : undefined;
    const out: Refusal[] = [{ who: 'anon', via: 'none', status: 401 }];
    if (!byToken)
      out.push({ who: 'owner', via: 'token', status: 403 }); // a token never holds a session-only permission
    else if (rule?.scope) out.push({ who: 'scopeless', via: byToken, status: 403 });
    for (const role of ['member', 'admin'] as const) {
      const status = rule && !roleAtLeast(role, rule.role) ? 403 : r.refused?.[role];
      if (status) for (const via of vias) out.push({ who: role, via, status });
    }
    const addresses = r.addresses || op.path.includes('{');
    for (const via of vias) out.push({ who: 'outsider', via, status: addresses ? 404 : 'own' });
    return out;
  }

  function callerOf(who: Refusal['who'], via: Refusal['via'], op: Operation): Caller {
    if (who === 'anon') return 'none';
    const secret = who === 'scopeless' ? f.without[PERMISSIONS[op.permission!].scope!] : f.tokens[who as keyof Fixture['tokens']];
    if (via === 'session') return { cookie: cookies[who as Who] };
    if (via === 'param') return { tokenParam: secret };
    return { token: secret };
  }
  const send = (op: Operation, req: Request, as: Caller) =>
    api.call(op.id as OperationId, { params: req.params, query: req.query, body: req.body, raw: req.raw?.(), as } as never);

  // ── What the generation cannot express (hand-written; they run before the matrix, whose last rows
  // transfer and delete team W) ────────────────────────────────────────
  /** A request as `who`, by token unless said. */
  const as = (who: Role3 | 'outsider', via: 'token' | 'session' = 'token'): Caller => (via === 'session' ? { cookie: cookies[who] } : { token: f.tokens[who] });

  test("another workspace's domain or link named inside a request (not its path): refused, nothing made", async () => {
    // The operation is allowed; the id in the body or query is the other workspace's. A 400 (or the
    // 404 of the filter) names the field, not the row; the outsider, whose rows they are, succeeds.
    const cases: Array<{
      name: string;
      call: (c: Caller) => Promise<ApiResult>;
      refused: Array<[Role3, number]>;
      allowed: number;
      state: () => Promise<string>;
    }> = [
      {
        name: 'createLink with domain_id',
        call: (c) => api.call('createLink', { body: { url: 'https://example.com/d', domain_id: f.foreignDomain }, as: c }),
        refused: [
          ['owner', 400],
          ['member', 400],
        ],
        allowed: 201,
        state: R.links,
      },
      {
        name: 'aliasAvailability with domain_id',
        call: (c) => api.call('aliasAvailability', { query: { alias: 'free-one', domain_id: f.foreignDomain }, as: c }),
        refused: [
          ['owner', 400],
          ['member', 400],
        ],
        allowed: 200,
        state: R.links,
      },
      {
        name: 'createWebhook with a domain filter',
        call: (c) => api.call('createWebhook', { body: { url: 'http://127.0.0.1:9/d', events: ['link.created'], domain_id: f.foreignDomain }, as: c }),
        refused: [
          ['owner', 400],
          ['admin', 400],
        ],
        allowed: 201,
        state: R.webhooks,
      },
      {
        name: 'createWebhook with a link filter',
        call: (c) => api.call('createWebhook', { body: { url: 'http://127.0.0.1:9/l', events: ['link.created'], link_id: f.linkX.id }, as: c }),
        refused: [
          ['owner', 400],
          ['admin', 400],
        ],
        allowed: 201,
        state: R.webhooks,
      },
      {
        name: 'workspaceStats with link_id',
        call: (c) => api.call('workspaceStats', { query: { link_id: f.linkX.id }, as: c }),
        refused: [
          ['owner', 404],
          ['member', 404],
        ],
        allowed: 200,
        state: R.links,
      },
    ];
    const failures: string[] = [];
    for (const c of cases) {
      for (const [who, status] of c.refused) {
        for (const via of ['token', 'session'] as const) {
          const before = await c.state();
          const res = await c.call(as(who, via));
          if (res.status !== status) failures.push(`${c.name} as ${who} (${via}): ${res.status} ${res.text.slice(0, 160)}, expected ${status}`);
          if ((await c.state()) !== before) failures.push(`${c.name} as ${who} (${via}): team W changed`);
        }
      }
      const res = await c.call(as('outsider'));
      if (res.status !== c.allowed) failures.push(`${c.name} as the outsider: ${res.status} ${res.text.slice(0, 160)}, expected ${c.allowed}`);
    }
    expect(failures).toEqual([]);
  });

  test("the other way round: team W's callers address the outsider's rows and get 404, the outsider's rows unchanged", async () => {
    const outsiderView = async () =>
      `${stable(await api.call('getDomain', { params: { id: f.foreignDomain }, as: as('outsider') }))} ${stable(await api.call('listLinks', { query: { limit: 100 }, as: as('outsider') }))}`;
    const before = await outsiderView();
    for (const who of ['owner', 'admin', 'member'] as const) {
      for (const via of ['token', 'session'] as const) {
        const teamLinks = await R.links();
        expect((await api.call('getDomain', { params: { id: f.foreignDomain }, as: as(who, via) })).status).toBe(404);
        expect((await api.call('verifyDomain', { params: { id: f.foreignDomain }, as: as(who, via) })).status).toBe(who === 'member' ? 403 : 404);
        expect((await api.call('duplicateLink', { params: { id: f.linkX.id }, as: as(who, via) })).status).toBe(404);
        expect((await api.call('updateLink', { params: { id: f.linkX.id }, body: { url: 'https://evil.example/' }, as: as(who, via) })).status).toBe(404);
        expect(await R.links()).toBe(teamLinks); // the duplicate was not made in team W either
      }
    }
    expect(await outsiderView()).toBe(before);
  });

  test("lists and exports never show another workspace's rows", async () => {
    const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => r.id);
    expect(ids((await api.call('listLinks', { as: as('outsider') })).json.links)).not.toContain(f.linkO.id);
    expect(ids((await api.call('listLinks', { as: as('member', 'session') })).json.links)).not.toContain(f.linkX.id);
    expect(ids((await api.call('apiPhpList', { as: as('outsider') })).json.links)).not.toContain(f.linkO.id);
    expect(ids((await api.call('listWebhooks', { as: as('outsider') })).json.webhooks)).not.toContain(f.webhook);
    expect(ids((await api.call('apiPhpDomains', { as: as('member') })).json.domains)).not.toContain(f.foreignDomain);
    expect(ids((await api.call('apiPhpDomains', { as: as('outsider') })).json.domains)).toContain(f.foreignDomain);
    expect((await api.call('workspaceStats', { as: as('outsider') })).json.workspace.id).toBe(f.O);
    const exported = (await api.call('workspaceClicksExport', { query: { format: 'json' }, as: as('outsider') })).json;
    expect(exported.every((r: { link_id: number }) => r.link_id === f.linkX.id)).toBe(true);
    expect((await api.call('listMembers', { as: as('outsider') })).json.members.map((m: { user_id: string }) => m.user_id)).toEqual([f.userIds.outsider]);
  });

  test('tokens: a member sees and changes only its own, an admin every token of the workspace, an outsider none', async () => {
    const mine = (await api.call('listTokens', { as: as('member', 'session') })).json.tokens.map((t: { id: string }) => t.id);
    expect(mine).toContain(f.tokenIds.member);
    expect(mine).not.toContain(f.tokenIds.admin);
    const all = (await api.call('listTokens', { as: as('admin', 'session') })).json.tokens.map((t: { id: string }) => t.id);
    expect(all).toEqual(expect.arrayContaining([f.tokenIds.owner, f.tokenIds.admin, f.tokenIds.member]));
    expect(all).not.toContain(f.tokenIds.outsider);
    // An admin revokes a member's token (tokens.manage): the token stops working.
    const made = ok(await api.call('createToken', { body: { name: 'member spare' }, as: as('member', 'session') }), 201);
    expect((await api.call('listLinks', { as: { token: made.secret } })).status).toBe(200);
    expect((await api.call('revokeToken', { params: { id: made.token.id }, as: as('admin', 'session') })).status).toBe(204);
    expect((await api.call('listLinks', { as: { token: made.secret } })).status).toBe(401);
  });

  test('a new sign-in opens on the workspace used last', async () => {
    const cookie = await signIn(api, `${f.userIds.admin}@example.com`, PASSWORD);
    expect((await api.call('getWorkspace', { as: { cookie } })).json.workspace.id).toBe(f.W);
  });

  test("better-auth's own organization endpoints are switched off (they would skip Sling's rules)", async () => {
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
    expect((await api.call('listMembers', { as: OWNER() })).json.members).toHaveLength(6);
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
    expect((await api.call('getLink', { params: { id: f.linkX.id }, as: as('outsider') })).status).toBe(200);
  });

  test('admin operations (not in the matrix): 404 to the owner, admin and member of team W and to the outsider, by session and token; 401 or 404 without credentials', async () => {
    const failures: string[] = [];
    for (const op of ALL_OPERATIONS.filter((o) => o.auth.includes('admin_session'))) {
      const params = Object.fromEntries(
        [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, name === 'id' && op.path.includes('workspaces') ? f.W : '1']),
      );
      for (const who of ['owner', 'admin', 'member', 'outsider'] as const) {
        for (const via of ['token', 'session'] as const) {
          const res = await api.call(op.id as OperationId, { params, as: as(who, via) } as never);
          if (res.status !== 404) failures.push(`${op.id} as ${who} (${via}): ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
      const anon = await api.call(op.id as OperationId, { params, as: 'none' } as never);
      if (anon.status !== 404 && anon.status !== 401) failures.push(`${op.id} without credentials: ${anon.status}`);
    }
    expect(await R.workspace()).toContain('Team W');
    expect(failures).toEqual([]);
  });

  const order = [...ALL_OPERATIONS.filter((op) => !(op.id in NOT_IN_MATRIX) && !LAST.includes(op.id)), ...LAST.map((id) => OPS.get(id)!)];
  test.each(order.map((op) => [op.id, op] as const))('%s: refused as declared, nothing changed; the allowed caller succeeds', async (_id, op) => {
    const r = ROWS[op.id];
    expect(r, `no matrix row for ${op.id}`).toBeDefined();
    const made = (await r.setup?.()) as never;
    const req = r.request(made);
    const failures: string[] = [];
    let before = await r.state(made);
    for (const refusal of refusalsOf(op, r)) {
      const res = await send(op, refusal.status === 'own' && r.outsiderRequest ? r.outsiderRequest() : req, callerOf(refusal.who, refusal.via, op));
      const label = `${op.id} as ${refusal.who} (${refusal.via})`;
      if (refusal.status === 'own') {
        if (res.status >= 500) failures.push(`${label}, in its own workspace: ${res.status} ${res.text.slice(0, 160)}`);
      } else if (res.status !== refusal.status) failures.push(`${label}: ${res.status} ${res.text.slice(0, 160)}, expected ${refusal.status}`);
      else if (!/^\{"error":\{"code":"\w+","message":/.test(res.text)) failures.push(`${label}: not the JSON error shape: ${res.text.slice(0, 120)}`);
      const after = await r.state(made);
      if (after !== before) failures.push(`${label}: the resource changed:\n  before ${before.slice(0, 300)}\n  after  ${after.slice(0, 300)}`);
      before = after;
    }
    const who = r.allowed ?? 'owner';
    const via: Via = op.auth.includes('bearer') && who !== 'spare3' ? 'token' : op.auth.includes('token_param') ? 'param' : 'session';
    const as: Caller =
      via === 'session' ? { cookie: cookies[who] } : via === 'param' ? { tokenParam: f.tokens[who as Role3] } : { token: f.tokens[who as Role3] };
    const res = await send(op, req, as);
    const success = Object.keys(op.responses)
      .map(Number)
      .filter((s) => s >= 200 && s < 300);
    if (!success.includes(res.status))
      failures.push(`${op.id} as ${who} (allowed, ${via}): ${res.status} ${res.text.slice(0, 200)}, expected ${success.join(' or ')}`);
    await r.after?.(made);
    expect(failures).toEqual([]);
  });
});
