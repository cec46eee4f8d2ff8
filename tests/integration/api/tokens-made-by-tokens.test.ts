// /api/v1/tokens with an API token (the remote CLI's `sling tokens …`): only with the tokens:read and
// tokens:write scopes, which no token has unless they are named; a token hands on at most its own
// scopes, never tokens:write, and nothing that outlives it. On Sling in the test process, through its router.
import { expect } from 'vitest';
import { signIn } from '../../helpers/accounts';
import { slingTest } from '../../helpers/sling-fixture';
import { TOKEN_SCOPES } from '../../../lib/tenancy/permissions';

const test = slingTest();

// Every scope but the two for tokens: what a token made without a list has.
const ALL_BUT_TOKENS = TOKEN_SCOPES.filter((s) => s !== 'tokens:read' && s !== 'tokens:write');

test('a token without the tokens scopes (the default) can neither list, make nor revoke tokens', async ({ sling, api }) => {
  const secret = await sling.seed.userWithToken('plain@example.com', { plan: 'business' });
  const plain = api.as({ token: secret });
  const listed = await plain.call('listTokens');
  expect(listed.status).toBe(403);
  expect(listed.json.error).toMatchObject({ code: 'forbidden', details: { required_scope: 'tokens:read' } });
  const made = await plain.call('createToken', { body: { name: 'child' } });
  expect(made.json.error).toMatchObject({ code: 'forbidden', details: { required_scope: 'tokens:write' } });
  // What a default token shows: every scope but the two.
  const session = api.as({ cookie: await signIn(api, 'plain@example.com') });
  const [own] = (await session.call('listTokens')).json.tokens;
  expect(own.scopes).toEqual(ALL_BUT_TOKENS);
  // Ticking every scope in the form names the two, so they are kept.
  const everything = await session.call('createToken', { body: { name: 'all', scopes: [...ALL_BUT_TOKENS, 'tokens:read', 'tokens:write'] } });
  expect(everything.json.token.scopes).toEqual([...ALL_BUT_TOKENS, 'tokens:read', 'tokens:write']);
});

test('a tokens:write token makes tokens with at most its own scopes, never tokens:write, expiring no later than itself', async ({ sling, api }) => {
  await sling.seed.user('maker@example.com', { plan: 'business' });
  const maker = api.as({ token: await sling.seed.token('maker@example.com', { scopes: ['links:read', 'links:write', 'tokens:read', 'tokens:write'] }) });

  // Left out, the scopes are the maker's (less tokens:write, and less tokens:read, which is never a default).
  const child = await maker.call('createToken', { body: { name: 'child' } });
  expect(child.status).toBe(201);
  expect(child.json.token.scopes).toEqual(['links:read', 'links:write']);
  const childApi = api.as({ token: child.json.secret });
  expect((await childApi.call('createLink', { body: { url: 'https://example.com/child' } })).status).toBe(201);
  expect((await childApi.call('listTokens')).status).toBe(403);

  const narrower = await maker.call('createToken', { body: { name: 'reader', scopes: ['links:read', 'tokens:read'] } });
  expect(narrower.json.token.scopes).toEqual(['links:read', 'tokens:read']);

  const wider = await maker.call('createToken', { body: { name: 'wider', scopes: ['links:read', 'domains:write'] } });
  expect(wider.status).toBe(403);
  expect(wider.json.error).toMatchObject({ code: 'forbidden', details: { scope: 'domains:write' } });
  const minting = await maker.call('createToken', { body: { name: 'minting', scopes: ['links:read', 'tokens:write'] } });
  expect(minting.status).toBe(403);
  expect(minting.json.error).toMatchObject({ code: 'forbidden', details: { scope: 'tokens:write' } });

  // Listing shows the member's own tokens (metadata, never a secret); revoking works on them.
  const listed = await maker.call('listTokens');
  expect(listed.status).toBe(200);
  expect(listed.json.tokens.map((t: { name: string }) => t.name).sort()).toEqual(['child', 'reader', 'test']);
  expect(JSON.stringify(listed.json)).not.toContain(child.json.secret);
  expect((await maker.call('revokeToken', { params: { id: child.json.token.id } })).status).toBe(204);
  expect((await childApi.call('listLinks')).status).toBe(401);
  // New secrets for an existing token stay with a signed-in session.
  expect((await maker.call('regenerateToken', { params: { id: narrower.json.token.id } })).status).toBe(403);
});

test('a maker with an expiry: the new token expires with it at the latest', async ({ sling, api }) => {
  await sling.seed.user('expiring@example.com', { plan: 'business' });
  const session = api.as({ cookie: await signIn(api, 'expiring@example.com') });
  const until = new Date(Date.now() + 7 * 86_400_000);
  const made = await session.call('createToken', { body: { name: 'maker', scopes: ['links:read', 'tokens:write'], expires_at: until.toISOString() } });
  const maker = api.as({ token: made.json.secret });

  const inherits = await maker.call('createToken', { body: { name: 'inherits' } });
  expect(inherits.status).toBe(201);
  expect(inherits.json.token.expires_at).toBe(until.toISOString());
  const sooner = new Date(Date.now() + 86_400_000).toISOString();
  expect((await maker.call('createToken', { body: { name: 'sooner', expires_at: sooner } })).json.token.expires_at).toBe(sooner);
  const later = await maker.call('createToken', { body: { name: 'later', expires_at: new Date(until.getTime() + 86_400_000).toISOString() } });
  expect(later.status).toBe(400);
  expect(later.json.error).toMatchObject({ code: 'invalid_request', details: { expires_at: expect.stringMatching(/no later than its maker/) } });
});

test("a member's token revokes only that member's tokens", async ({ sling, api }) => {
  await sling.seed.user('one@example.com', { plan: 'business' });
  await sling.seed.user('two@example.com', { plan: 'business' });
  const one = api.as({ token: await sling.seed.token('one@example.com', { scopes: ['tokens:read', 'tokens:write'] }) });
  const twoSession = api.as({ cookie: await signIn(api, 'two@example.com') });
  const twos = await twoSession.call('createToken', { body: { name: 'two' } });
  // Another workspace's token is simply not there.
  expect((await one.call('revokeToken', { params: { id: twos.json.token.id } })).status).toBe(404);
  expect((await twoSession.call('listTokens')).json.tokens.find((t: { id: string }) => t.id === twos.json.token.id).revoked_at).toBeNull();
});
