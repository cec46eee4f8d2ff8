// The test API client answers the same through either transport: the in-process Sling's router
// (no socket) and HTTP to the same server's port, for JSON bodies, a query, path parameters, a
// 404 from the router itself, a bearer token, a session cookie from better-auth's sign-in, Variant
// B's token parameter and a body over the route's limit, with the security headers server.ts adds
// to every API answer (in-process-sling.ts adds them too). What differs by the socket (compression)
// is not compared.
import { expect } from 'vitest';
import { signUpAndInVia } from '../../helpers/accounts';
import { apiClient, inProcess, offSchema, overHttp, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { slingTest } from '../../helpers/sling-fixture';

const test = slingTest();

/** What differs between two accounts' otherwise equal answers: ids, times, codes, names. */
const DIFFERS = new Set([
  'id',
  'current_id',
  'created_by',
  'created_at',
  'updated_at',
  'short_code',
  'short_url',
  'name',
  'slug',
  'email',
  'user_id',
  'workspace_id',
]);
/** The parts of an answer both transports must agree on. */
const SECURITY = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'permissions-policy',
];
const shape = (r: ApiResult) => ({
  status: r.status,
  type: r.headers.get('content-type'),
  security: SECURITY.map((h) => r.headers.get(h)),
  json: JSON.parse(JSON.stringify(r.json ?? null, (k, v) => (DIFFERS.has(k) ? typeof v : v))),
});

test('the same calls give the same answers in process and over HTTP', async ({ sling }) => {
  const both: Array<[string, ApiClient]> = [
    ['in process', apiClient(inProcess(sling))],
    ['over HTTP', apiClient(overHttp(sling.url))],
  ];
  const answers = [];
  for (const [name, api] of both) {
    // One account per transport, so each sees only its own links.
    const token = await sling.seed.userWithToken(`ann-${answers.length}@example.com`, { plan: 'enterprise' });
    const ann = api.as({ token });
    const made = await ann.call('createLink', { body: { url: 'https://example.com/both' } });
    expect(made.status).toBe(201);
    answers.push([
      shape(made),
      shape(await ann.call('getLink', { params: { id: made.json.id } })),
      shape(await ann.call('listLinks', { query: { q: 'both', limit: 1 } })),
      shape(await ann.call('updateLink', { params: { id: made.json.id }, body: offSchema({ colour: 'red' }) })),
      shape(await ann.call('getLink', { params: { id: 'nope' } })),
      shape(await api.call('listLinks')),
      shape(await api.call('variantBCreate', { as: { tokenParam: token }, body: { long_url: 'https://example.com/b' } })),
      shape(await ann.call('createLink', { raw: { type: 'application/json', data: JSON.stringify({ url: `https://example.com/${'x'.repeat(70_000)}` }) } })),
      shape(await api.call('listWorkspaces', { as: { cookie: await signUpAndInVia(api, `sam-${answers.length}@example.com`) } })),
    ]);
    const unknown = await api.fetch('/api/v1/nothing-here', { as: { token } });
    expect(unknown.status, name).toBe(404);
  }
  expect(answers[0].map((a) => a.status)).toEqual([201, 200, 200, 400, 404, 401, 201, 413, 200]);
  expect(answers[0].every((a) => a.security.every((h) => h !== null))).toBe(true);
  expect(answers[1]).toEqual(answers[0]);
});
