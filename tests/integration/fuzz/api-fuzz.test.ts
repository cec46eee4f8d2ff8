// The API fuzz suite (issue 14): every route of the router's table (lib/api/routes.ts, the same table
// server.ts serves, so a new route is fuzzed without being listed), with
// every method it takes and some it does not, gets hostile path parameters, queries, bodies, content
// types and credentials. It fails on any 5xx, any error answer under /api that is not the JSON error
// shape, and any answer slower than the budget (a hang detector, not a performance test).
//
// The inputs come from fast-check with a fixed seed, so a run is repeatable; FUZZ_SEED=<n> replays
// another seed and FUZZ_RUNS=<n> sends more (e.g. FUZZ_SEED=$RANDOM FUZZ_RUNS=20000 for a long hunt).
// A built server process over real sockets: the fuzz writes raw requests (hostile bytes, headers and
// credentials) by hand, as a client on the network would; set-up goes through the typed client.
//
// The public forms (anonymous shortening, abuse reports) parse most of their input behind an ALTCHA
// proof of work, where the fuzz above stops with 400. A second pass solves a real challenge for each
// body (tests/helpers/altcha.ts, the browser's solver) on a server asking for the smallest proof the
// configuration allows (ALTCHA_MAX_COUNTER=2: a hash or two), so the bodies reach the parsers behind it.
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_ROUTES } from '../../../lib/api/routes';
import { createUserWithToken, signUpAndIn } from '../../helpers/accounts';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, overHttp } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/** Bodies per public form behind the ALTCHA gate (each pays for a challenge and its solution). */
const GATED_RUNS = Math.max(100, Math.round(RUNS / 4));
/** No answer may take longer than this (checked on each answer; a route that never answers fails the test's own timeout). */
const BUDGET_MS = 5_000;

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** A path of the API and the methods it takes. */
interface ApiPath {
  path: string;
  methods: ReadonlySet<string>;
}

const ROUTES: ApiPath[] = [...new Set(API_ROUTES.map((r) => r.path))].map((path) => ({
  path,
  methods: new Set(API_ROUTES.filter((r) => r.path === path).map((r) => r.method)),
}));

/** Values that broke parsers somewhere: empty, huge, negative, non-numbers, NUL, bad escapes, injections, look-alikes. */
const NASTY = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  'a%00b',
  '%',
  '%FF',
  '%C3%28',
  '%ZZ',
  '..',
  '../..',
  '/',
  '//',
  "' OR '1'='1",
  '1;DROP TABLE links',
  '<script>alert(1)</script>',
  '\u202egnp.exe',
  '😀',
  '\u0000',
  '\ud800',
  'javascript:alert(1)',
  'http://127.0.0.1/',
  'http://localhost:3000/x',
  'https://example.com/ok',
  'example.com',
  "=cmd|' /C calc'!A0",
  '__proto__',
  'constructor',
  'a'.repeat(3000),
  'x'.repeat(60),
  '2027-01-31',
  '2027-13-45',
  '0000-00-00T00:00:00Z',
  'hour',
  'day',
  'week',
  'year',
  'csv',
  'json',
  'xlsx',
  'owner',
  'admin',
  'member',
  'ws_system',
  'list',
  'stats',
  'domains',
  'link.created',
  '*',
  '-',
  '_',
  'A-Za-z',
  '  padded  ',
];

const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const FIELDS = [
  'url',
  'long_url',
  'alias',
  'domain_id',
  'password',
  'expiration',
  'expiration_date',
  'max_clicks',
  'name',
  'slug',
  'scopes',
  'events',
  'link_id',
  'role',
  'email',
  'token',
  'user_id',
  'grace_hours',
  'ids',
  'tags',
  'code',
  'action',
  'status',
  'description',
  'enabled',
  'secret',
  'expires_in_days',
  'newPassword',
  'currentPassword',
  'callbackURL',
  'rememberMe',
  'organizationId',
  '__proto__',
];
const QUERY = [
  'q',
  'limit',
  'offset',
  'cursor',
  'from',
  'to',
  'interval',
  'action',
  'slug',
  'domain_id',
  'status',
  'format',
  'created_by',
  'sort',
  'order',
  'alias',
  'size',
  'ecc',
  'fg',
  'bg',
  'margin',
  'token',
  'long_url',
  'url',
  'link_id',
  'page',
  'id',
  'tz',
];

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, 2 ** 53 + 1) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const jsonBody = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), jsonValue, { maxKeys: 5 }).map((o) => JSON.stringify(o)) },
  { weight: 1, arbitrary: fc.constantFrom('null', '[]', '42', '"text"', '{', '{"url":', '{"a":"\\u0000"}', '{"__proto__":{"admin":true}}', '') },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
);

type Auth = 'bearer' | 'session' | 'session-cross-site' | 'none' | 'garbage';

interface FuzzRequest {
  route: ApiPath;
  method: string;
  path: string;
  auth: Auth;
  contentType?: string;
  body?: string;
}

/** A path parameter: sometimes a real id of the fuzzing user, mostly hostile, encoded so it travels. */
function paramValue(known: string[]): fc.Arbitrary<string> {
  const real = known.length ? [{ weight: 2, arbitrary: fc.constantFrom(...known) }] : [];
  return fc.oneof(
    ...real,
    { weight: 5, arbitrary: nastyString.map(encodePathValue) },
    { weight: 1, arbitrary: fc.constantFrom('%00', '%FF', 'a%2Fb', '%2e%2e') },
  );
}

function encodePathValue(v: string): string {
  const encoded = encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'));
  return encoded === '' ? '%20' : encoded;
}

function queryString(): fc.Arbitrary<string> {
  return fc
    .dictionary(
      fc.constantFrom(...QUERY),
      fc.oneof(
        nastyString.map((v) => encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'))),
        fc.constantFrom('%00', '%FF', '%'),
      ),
      { maxKeys: 4 },
    )
    .map((q) => {
      const s = Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return s ? `?${s}` : '';
    });
}

const AUTH_PATHS = [
  'sign-in/email',
  'sign-up/email',
  'get-session',
  'sign-out',
  'two-factor/disable',
  'two-factor/enable',
  'organization/create',
  'list-sessions',
  'request-password-reset',
  'reset-password',
  'change-password',
  'update-user',
  'delete-user',
  'magic-link/verify',
  'sign-in/magic-link',
  'passkey/generate-register-options',
  'passkey/verify-registration',
  'passkey/generate-authenticate-options',
  'passkey/verify-authentication',
  'passkey/list-user-passkeys',
  'passkey/update-passkey',
  'passkey/delete-passkey',
  'sign-in/social',
  'callback/github',
  'x',
  'x/y/z',
];

function requestFor(route: ApiPath, knownIds: Record<string, string[]>): fc.Arbitrary<FuzzRequest> {
  const segments = route.path.split('/').slice(1);
  const pathParts = segments.map((s) => {
    if (s.startsWith('{...')) return fc.constantFrom(...AUTH_PATHS);
    if (s.startsWith('{')) return paramValue(knownIds[s] ?? []);
    return fc.constant(s);
  });
  const methods = [
    ...route.methods,
    ...(route.methods.has('GET') ? ['HEAD'] : []),
    'OPTIONS',
    ...HTTP_METHODS.filter((m) => !route.methods.has(m) && m !== 'HEAD'),
  ];
  return fc
    .record({
      path: fc.tuple(...pathParts).map((parts) => '/' + parts.join('/')),
      query: queryString(),
      method: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...route.methods) }, { weight: 1, arbitrary: fc.constantFrom(...methods) }),
      auth: fc.constantFrom<Auth>('bearer', 'bearer', 'session', 'session', 'session-cross-site', 'none', 'garbage'),
      body: jsonBody,
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=zz',
        undefined,
      ),
    })
    .map(({ path, query, method, auth, body, contentType }) => ({
      route,
      method,
      path: path + query,
      auth,
      ...(method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? {} : { body, contentType }),
    }));
}

/** URLs put together from parts that broke URL handling somewhere: schemes, hosts, ports, credentials, encodings. */
const hostileUrl = fc
  .tuple(
    fc.constantFrom(
      'http://',
      'https://',
      'HTTPS://',
      'http:/',
      'https:\\\\',
      '//',
      'ftp://',
      'javascript:',
      'data:text/html,',
      'file:///',
      'mailto:',
      ' https://',
      '',
    ),
    fc.constantFrom('', '', '', 'user:pass@', '@', 'a@b@', ':@'),
    fc.constantFrom(
      'example.com',
      'example.com',
      'EXAMPLE.com.',
      'sub.sub.sub.sub.sub.sub.sub.example.com',
      'bit.ly',
      'xn--pypal-4ve.com',
      'xn--',
      'пример.рф',
      'paypal.com.evil.example',
      '127.0.0.1',
      '0x7f.1',
      '2130706433',
      '0.0.0.0',
      '169.254.169.254',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[fe80::1%25eth0]',
      '[::',
      'localhost',
      'exa mple.com',
      'exa%00mple.com',
      '%65xample.com',
      'a'.repeat(64) + '.com',
      `${'a.'.repeat(130)}com`,
      '.',
      '',
    ),
    fc.constantFrom('', '', ':0', ':80', ':443', ':65535', ':65536', ':-1', ':abc', ':'),
    fc.constantFrom(
      '',
      '/',
      '/page',
      '/login/paypal/verify-account',
      '/%70%61%79%70%61%6c%2f%6c%6f%67%69%6e',
      '/a/../../..',
      '/%00',
      '/%ZZ',
      '/%C3%28',
      '/😀',
      '/\u0000',
      '/\ud800',
      '/\u202egnp.exe',
      `/${'x'.repeat(1600)}`,
      `/${'x'.repeat(2100)}`,
    ),
    fc.constantFrom('', '', '?a=1', '?qr=1', '?a=%00', '?<script>', '#frag', '?x=' + '%41'.repeat(10)),
  )
  .map((parts) => parts.join(''));

/** The `altcha` field: mostly a fresh solution (fetched and solved at send time), sometimes a hostile one. */
type AltchaValue = { fresh: true } | { fresh: false; value: unknown };
const altchaValue: fc.Arbitrary<AltchaValue> = fc.oneof(
  { weight: 8, arbitrary: fc.constant<AltchaValue>({ fresh: true }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        jsonValue,
        fc.constantFrom('replay', 'tampered', 'as-object', 'bad-parameters'),
        fc.base64String({ maxLength: 64 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => Buffer.from(JSON.stringify(v)).toString('base64')),
      )
      .map((value): AltchaValue => ({ fresh: false, value })),
  },
);

/** A public form behind the ALTCHA gate and the bodies it gets (the `altcha` field is added at send time). */
interface GatedForm {
  path: string;
  body: (shortUrls: string[]) => fc.Arbitrary<Record<string, unknown>>;
}

const GATED_FORMS: GatedForm[] = [
  {
    path: '/api/v1/shorten',
    body: () =>
      fc.record(
        {
          url: fc.oneof({ weight: 6, arbitrary: hostileUrl }, { weight: 2, arbitrary: jsonValue }, { weight: 1, arbitrary: fc.webUrl() }),
          alias: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(undefined, null, '') }, { weight: 1, arbitrary: jsonValue }),
          extra: jsonValue,
        },
        { requiredKeys: ['url'] },
      ),
  },
  {
    path: '/api/v1/reports',
    body: (shortUrls) =>
      fc.record(
        {
          url: fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...shortUrls) },
            {
              weight: 3,
              arbitrary: fc.tuple(fc.constantFrom(...shortUrls), fc.constantFrom('', '/', '%00', '%FF', '/x/y', '?a=1', '%2F..', 'é')).map(([u, t]) => u + t),
            },
            { weight: 3, arbitrary: hostileUrl },
            { weight: 2, arbitrary: jsonValue },
          ),
          reason: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('phishing', 'malware', 'spam', 'other') }, { weight: 1, arbitrary: jsonValue }),
          // Mostly well-formed, so most bodies pass the schema and reach what is behind the gate.
          details: fc.oneof({ weight: 4, arbitrary: fc.string({ maxLength: 200 }) }, { weight: 1, arbitrary: jsonValue }),
          email: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('', 'reporter@example.com', 'Reporter+x@Example.COM') },
            { weight: 1, arbitrary: fc.constantFrom('a@b', '"q"@example.com', 'x@[127.0.0.1]') },
            { weight: 1, arbitrary: jsonValue },
          ),
        },
        { requiredKeys: ['url', 'reason'] },
      ),
  },
];

interface Answer {
  status: number;
  contentType: string;
  body: string;
  ms: number;
}

describe('API fuzz: hostile input on every route', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let token: string;
  let cookie: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const knownIds: Record<string, string[]> = {};
  /** Short links of this instance, for the abuse reports to name. */
  const shortUrls: string[] = [];

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    const env = {
      ...tdb.env,
      ENTERPRISE_LIMIT_PER_MINUTE: '1000000',
      ENTERPRISE_LIMIT_PER_HOUR: '1000000',
      ANON_LINKS_PER_MINUTE: '100000',
      ANON_LINKS_PER_DAY: '100000',
      AUTH_ATTEMPTS_PER_MINUTE: '100000',
      REPORTS_PER_HOUR: '100000',
      // The smallest proof of work the setting allows, so the gated pass solves a challenge per body at once.
      ALTCHA_MAX_COUNTER: '2',
      WEBHOOKS_ALLOW_PRIVATE: 'true',
    };
    token = await createUserWithToken(env, 'fuzz@example.com', 'enterprise');
    sling = await startSling(env);
    cookie = await signUpAndIn(sling.url, 'fuzz-session@example.com', 'Fuzz');
    // Both credentials work, so the fuzz reaches the handlers behind them.
    const api = apiClient(overHttp(sling.url), { token });
    expect((await api.call('listLinks', { as: { cookie } })).status).toBe(200);
    expect((await api.call('listLinks')).status).toBe(200);
    const link = (await api.call('createLink', { body: { url: 'https://example.com/fuzz' } })).json;
    // A webhook the fuzz can address by id (its URL on loopback: no lookup outside this machine).
    const created = await api.call('createWebhook', { body: { url: 'http://127.0.0.1:9/hook', events: ['link.created'] } });
    expect(created.status, created.text).toBe(201);
    knownIds['{id}'] = [String(link.id), String(created.json.webhook.id)];
    shortUrls.push(link.short_url, link.short_url.replace('http://', 'https://'), link.short_url.replace('http://', ''));
    knownIds['{action}'] = ['rotate', 'revoke', 'enable', 'disable', 'test', 'switch'];
  }, 120_000);
  afterAll(async () => {
    agent.destroy();
    await sling?.stop();
    await tdb?.drop();
  });

  function send(r: FuzzRequest): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (r.auth === 'bearer') headers.authorization = `Bearer ${token}`;
    if (r.auth === 'garbage') headers.authorization = 'Bearer \u00ff-not-a-token';
    if (r.auth === 'session' || r.auth === 'session-cross-site') {
      headers.cookie = cookie;
      headers.origin = r.auth === 'session' ? sling.url : 'https://evil.example';
    }
    const body = r.body === undefined ? undefined : Buffer.from(r.body);
    if (body) {
      if (r.contentType) headers['content-type'] = r.contentType;
      headers['content-length'] = String(body.length);
    }
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: sling.port, method: r.method, path: r.path, headers, agent }, (res) => {
        // An event stream (the live clicks) never ends: its status and type are the answer, and leaving
        // closes it on the server.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.destroy();
          return resolve({ status: res.statusCode!, contentType: String(res.headers['content-type']), body: '', ms: Date.now() - started });
        }
        const chunks: Buffer[] = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            ms: Date.now() - started,
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** SCIM endpoints answer errors in SCIM's shape (RFC 7644 §3.12), which identity providers read. */
  function scimProblemOf(a: Answer): string | null {
    if (!a.contentType.startsWith('application/scim+json')) return `SCIM error ${a.status} as ${a.contentType || 'no content type'}`;
    try {
      const parsed = JSON.parse(a.body) as { schemas?: unknown; status?: unknown; detail?: unknown };
      const shaped =
        Array.isArray(parsed.schemas) &&
        parsed.schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error') &&
        parsed.status === String(a.status) &&
        typeof parsed.detail === 'string';
      return shaped ? null : `SCIM error ${a.status} not in SCIM's error shape: ${a.body.slice(0, 120)}`;
    } catch {
      return `SCIM error ${a.status} with a body that is not JSON: ${a.body.slice(0, 120)}`;
    }
  }

  /** What is wrong with an answer, or null. */
  function problemOf(r: FuzzRequest, a: Answer): string | null {
    if (a.status >= 500) return `status ${a.status}: ${a.body.slice(0, 200)}`;
    if (a.ms > BUDGET_MS) return `answered after ${a.ms} ms`;
    if (a.status >= 400 && r.method !== 'HEAD' && r.route.path.startsWith('/api/scim/')) return scimProblemOf(a);
    if (a.status >= 400 && r.method !== 'HEAD') {
      if (!a.contentType.startsWith('application/json')) return `error ${a.status} as ${a.contentType || 'no content type'}: ${a.body.slice(0, 120)}`;
      try {
        const parsed = JSON.parse(a.body) as { error?: { code?: unknown; message?: unknown } };
        // better-auth's own answers carry {code, message} at the top level; Sling's the `error` object.
        const shaped = (typeof parsed.error?.code === 'string' && typeof parsed.error?.message === 'string') || r.route.path.startsWith('/api/auth/');
        if (!shaped) return `error ${a.status} not in the error shape: ${a.body.slice(0, 120)}`;
      } catch {
        return `error ${a.status} with a body that is not JSON: ${a.body.slice(0, 120)}`;
      }
    }
    return null;
  }

  test('the route table is every path the router serves', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(35);
    for (const r of ROUTES) expect(r.methods.size, `${r.path} exports no HTTP method`).toBeGreaterThan(0);
  });

  test(`${RUNS} hostile requests over every route (seed ${SEED}): no 5xx, JSON errors, none slower than ${BUDGET_MS} ms`, async () => {
    const all = fc.oneof(...ROUTES.map((route) => requestFor(route, knownIds)));
    const requests = fc.sample(all, { numRuns: RUNS, seed: SEED });
    // Every route at least ten times, whatever the sample did.
    for (const route of ROUTES) requests.push(...fc.sample(requestFor(route, knownIds), { numRuns: 10, seed: SEED + 1 }));
    const problems: string[] = [];
    const seen = new Map<string, number>();
    const statuses = new Map<number, number>();
    for (const r of requests) {
      let a: Answer;
      try {
        a = await send(r);
      } catch (err) {
        problems.push(`${r.method} ${r.path} [${r.auth}]: ${(err as Error).message}`);
        continue;
      }
      seen.set(r.route.path, (seen.get(r.route.path) ?? 0) + 1);
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      const problem = problemOf(r, a);
      if (problem) problems.push(`${r.method} ${r.path} [${r.auth}${r.contentType ? `, ${r.contentType}` : ''}] ${r.body?.slice(0, 100) ?? ''} → ${problem}`);
    }
    console.log(`fuzz: ${requests.length} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(problems.slice(0, 15)).toEqual([]);
    for (const route of ROUTES) expect(seen.get(route.path) ?? 0, route.path).toBeGreaterThanOrEqual(10);
    expect(requests.length).toBeGreaterThanOrEqual(1000);
    // The instance survived it and logged no unhandled error.
    expect((await fetch(`${sling.url}/healthz`)).status).toBe(200);
    expect(sling.output()).not.toMatch(/"msg":"unhandled error"/);
  }, 600_000);
  /** What an answer gives away that it must not: a stack, a query, a file path, a driver's message. */
  function leakOf(a: Answer): string | null {
    const leak = /\bat \S+ \(|node_modules|Failed query|\bselect\b.+\bfrom\b|ECONN|invalid byte sequence|\/work\/|SECRET_KEY/i.exec(a.body);
    return leak ? `the answer gives away "${leak[0]}": ${a.body.slice(0, 160)}` : null;
  }

  test(`${GATED_RUNS} hostile bodies per public form behind a solved ALTCHA (seed ${SEED}): past the gate, no 5xx, JSON errors, no leak`, async () => {
    // One solution spent by a first request, to be replayed; a fresh one whose parts are then tampered with.
    const spent = await altchaPayload(sling.url);
    await send(gatedRequest('/api/v1/shorten', { url: 'https://example.com/spent', altcha: spent }));
    const decoded = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    async function hostileAltcha(value: unknown): Promise<unknown> {
      if (value === 'replay') return spent;
      if (typeof value !== 'string' || !['tampered', 'as-object', 'bad-parameters'].includes(value)) return value;
      const fresh = decoded(await altchaPayload(sling.url));
      if (value === 'as-object') return fresh;
      if (value === 'tampered') return encoded({ ...fresh, solution: { ...fresh.solution, counter: fresh.solution.counter + 1, derivedKey: '00' } });
      return encoded({
        ...fresh,
        challenge: { ...fresh.challenge, parameters: { ...fresh.challenge.parameters, expiresAt: 'never', keyLength: 1e9, cost: -1 } },
      });
    }

    const problems: string[] = [];
    for (const form of GATED_FORMS) {
      const bodies = fc.sample(fc.tuple(form.body(shortUrls), altchaValue), { numRuns: GATED_RUNS, seed: SEED + 2 });
      const codes = new Map<string, number>();
      let solved = 0;
      for (const [fields, altcha] of bodies) {
        const body = { ...fields, altcha: altcha.fresh ? await altchaPayload(sling.url) : await hostileAltcha(altcha.value) };
        const r = gatedRequest(form.path, body);
        let a: Answer;
        try {
          a = await send(r);
        } catch (err) {
          problems.push(`POST ${form.path} ${r.body?.slice(0, 100)}: ${(err as Error).message}`);
          continue;
        }
        const code = a.status < 400 ? String(a.status) : ((JSON.parse(a.body) as { error?: { code?: string } }).error?.code ?? String(a.status));
        codes.set(code, (codes.get(code) ?? 0) + 1);
        const problem = problemOf(r, a) ?? leakOf(a);
        if (problem) problems.push(`POST ${form.path} ${r.body?.slice(0, 100)} → ${problem}`);
        // A solved challenge always gets past the gate: whatever refuses the body is behind it (or the schema before it).
        if (altcha.fresh) {
          solved++;
          if (code.startsWith('altcha_')) problems.push(`POST ${form.path} ${r.body?.slice(0, 100)} → a solved challenge was refused: ${a.body.slice(0, 160)}`);
        }
      }
      console.log(`fuzz ${form.path}: ${bodies.length} bodies (${solved} with a solved challenge), answers ${JSON.stringify(Object.fromEntries(codes))}`);
      // The bodies reached what is behind the gate: links or reports made, inputs refused there.
      expect(codes.get('201') ?? 0, form.path).toBeGreaterThan(0);
      expect(codes.get('invalid_request') ?? 0, form.path).toBeGreaterThan(0);
      expect(solved, form.path).toBeGreaterThan(bodies.length / 2);
    }
    expect(problems.slice(0, 15)).toEqual([]);
    expect((await fetch(`${sling.url}/healthz`)).status).toBe(200);
    expect(sling.output()).not.toMatch(/"msg":"unhandled error"/);
  }, 600_000);

  function gatedRequest(path: string, body: Record<string, unknown>): FuzzRequest {
    return { route: { path, methods: new Set(['POST']) }, method: 'POST', path, auth: 'none', contentType: 'application/json', body: JSON.stringify(body) };
  }
});
