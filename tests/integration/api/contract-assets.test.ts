// Contract test: real answers of Sling (in the test process, the API through its router) match the OpenAPI document it serves, for the
// operations of CONTRACT_TAGS.assets — single sign-on and directory sync (an Enterprise team
// workspace, a real DNS server on loopback for the domains' TXT records), a domain's favicon and
// landing page, a link's QR code, logo and preview image, the sites' favicons, imports, and the
// public forms (the anonymous shortener and abuse reports). Every operation is called with its
// success status and every error status it declares (tests/helpers/contract.ts checks each answer).
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { threatEntries } from '../../../db/schema';
import { MAX_IMPORT_BYTES } from '../../../lib/imports/import-schema';
import { signUpAndInVia } from '../../helpers/accounts';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { ContractClient, spendWindows, sweepCommonErrors, sweepRateLimits } from '../../helpers/contract';
import { CONTRACT_TAGS } from '../../helpers/contract-tags';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { challtestsrvPath } from '../../helpers/services';
import { makeEnterpriseTeam } from '../../helpers/sso-fixtures';

type Json = Record<string, any>;
const TAGS = CONTRACT_TAGS.assets;
const OWNER = 'ann@acme.test';
const UNSAFE_HOST = 'phish.contract.test';

function png(side = 16): Buffer {
  const image = new PNG({ width: side, height: side });
  image.data.fill(0x80);
  return PNG.sync.write(image);
}
const pngBlob = (side?: number) => new Blob([new Uint8Array(png(side))]);

describe('real answers match the OpenAPI document (assets, SSO, imports, public forms)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let dns: TestDnsServer;
  let client: ContractClient;
  /** The owner's token in a personal workspace (Enterprise): SSO refuses it with 400. */
  let personal: string;
  let narrow: [string, string];
  const call: ContractClient['call'] = (...args) => client.call(...args);

  beforeAll(async () => {
    const challtestsrv = challtestsrvPath();
    if (!challtestsrv) throw new Error('pebble-challtestsrv is needed (Debian package pebble)');
    [tdb, dns] = await Promise.all([suiteDatabase.migrated(), startDnsServer(challtestsrv)]);
    sling = await startInProcessSling({
      ...tdb.env,
      DNS_SERVERS: dns.address,
      SSO_ALLOW_PRIVATE_ISSUERS: 'true',
      ENTERPRISE_LIMIT_PER_MINUTE: '100000',
      FAVICONS_TIMEOUT_MS: '500',
      ALTCHA_MAX_COUNTER: '1000',
      ANON_LINKS_PER_MINUTE: '4',
      REPORTS_PER_HOUR: '4',
    });
    await sling.seed.user(OWNER, { plan: 'enterprise', password: 'correct horse 1', name: OWNER.split('@')[0] });
    await makeEnterpriseTeam(sling.handle, 'acme', OWNER);
    const token = await sling.seed.token(OWNER, { workspace: 'acme' });
    personal = await sling.seed.token(OWNER);
    narrow = [
      await sling.seed.token(OWNER, { workspace: 'acme', scopes: ['links:read'] }),
      await sling.seed.token(OWNER, { workspace: 'acme', scopes: ['webhooks:read'] }),
    ];
    await sling.handle.db.insert(threatEntries).values({ kind: 'host', value: UNSAFE_HOST, source: 'contract' });
    api = apiClient(inProcess(sling));
    client = await ContractClient.connect(api, token, await signUpAndInVia(api, 'sam@example.com'));
  }, 400_000);
  afterAll(async () => {
    await sling?.close();
    await dns?.stop();
    await tdb?.drop();
  });

  const link = async (body: Json) => (await call('POST', '/api/v1/links', { body })).body as Json;

  test('QR codes and their logo', async () => {
    const { id } = await link({ url: 'https://example.com/qr' });
    const values = { id };
    const first = await call('GET', '/api/v1/links/{id}/qr', { values });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect((await call('GET', '/api/v1/links/{id}/qr', { values, query: 'format=svg&fg=1a2b3c' })).status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect((await call('GET', '/api/v1/links/{id}/qr', { values, headers: { 'if-none-match': etag } })).status).toBe(304);
    const bad = await call('GET', '/api/v1/links/{id}/qr', { values, query: 'format=gif&size=big' });
    expect(bad.body).toMatchObject({ error: { code: 'invalid_request', details: { format: 'The format must be png, svg or pdf.' } } });
    expect((await call('GET', '/api/v1/links/{id}/qr', { values, query: 'fg=777777&bg=888888' })).body).toMatchObject({
      error: { details: { fg: expect.stringMatching(/contrast/) } },
    });
    expect((await call('GET', '/api/v1/links/{id}/qr', { values, query: 'logo=1' })).body).toMatchObject({
      error: { details: { logo: expect.stringMatching(/no logo yet/) } },
    });
    expect((await call('GET', '/api/v1/links/{id}/qr', { values: { id: 999999 } })).status).toBe(404);

    expect((await call('PUT', '/api/v1/links/{id}/qr/logo', { values, rawBody: { data: pngBlob(), type: 'image/png' } })).status).toBe(204);
    expect((await call('GET', '/api/v1/links/{id}/qr', { values, query: 'logo=1&format=pdf' })).headers.get('content-type')).toBe('application/pdf');
    expect((await call('PUT', '/api/v1/links/{id}/qr/logo', { values, rawBody: { data: '', type: 'image/png' } })).status).toBe(400);
    expect((await call('PUT', '/api/v1/links/{id}/qr/logo', { values, rawBody: { data: 'GIF89a', type: 'image/gif' } })).body).toMatchObject({
      error: { code: 'unsupported_media_type' },
    });
    expect((await call('PUT', '/api/v1/links/{id}/qr/logo', { values: { id: 999999 }, rawBody: { data: pngBlob(), type: 'image/png' } })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/links/{id}/qr/logo', { values })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/links/{id}/qr/logo', { values: { id: 999999 } })).status).toBe(404);
  });

  test("a link's preview image and the sites' favicons", async () => {
    const { id } = await link({ url: 'https://nowhere.invalid/page', preview: { title: 'Card' } });
    const bare = (await link({ url: 'https://example.com/bare' })).id;
    const values = { id };
    expect((await call('GET', '/api/v1/links/{id}/preview/image', { values })).status).toBe(404);
    const put = await call('PUT', '/api/v1/links/{id}/preview/image', { values, rawBody: { data: pngBlob(), type: 'image/png' } });
    expect(put.body).toMatchObject({ preview: { title: 'Card', image_source: 'upload' } });
    expect((await call('GET', '/api/v1/links/{id}/preview/image', { values })).headers.get('content-type')).toBe('image/png');
    expect(
      (await call('PUT', '/api/v1/links/{id}/preview/image', { values: { id: bare }, rawBody: { data: pngBlob(), type: 'image/png' } })).body,
    ).toMatchObject({
      error: { code: 'invalid_request', details: { preview: 'Set a title first.' } },
    });
    expect((await call('PUT', '/api/v1/links/{id}/preview/image', { values, rawBody: { data: 'a=1', type: 'text/plain' } })).status).toBe(415);
    expect((await call('PUT', '/api/v1/links/{id}/preview/image', { values: { id: 999999 }, rawBody: { data: pngBlob(), type: 'image/png' } })).status).toBe(
      404,
    );
    expect((await call('DELETE', '/api/v1/links/{id}/preview/image', { values })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/links/{id}/preview/image', { values: { id: 999999 } })).status).toBe(404);

    // nowhere.invalid has no address: the letter icon.
    const icon = await call('GET', '/api/v1/favicons/{host}', { values: { host: 'nowhere.invalid' } });
    expect([icon.status, icon.headers.get('x-favicon')]).toEqual([200, 'letter']);
    expect((await call('GET', '/api/v1/favicons/{host}', { values: { host: 'not a host!' } })).body).toMatchObject({
      error: { details: { host: expect.any(String) } },
    });
    expect((await call('GET', '/api/v1/favicons/{host}', { values: { host: 'elsewhere.example' } })).status).toBe(404);
  });

  test("a domain's favicon and landing page", async () => {
    const made = await call('POST', '/api/v1/domains', { body: { hostname: 'go.acme.test' } });
    expect(made.status).toBe(201);
    const values = { id: (made.body as Json).domain.id };
    const none = { id: 999999 };
    const icon = await call('GET', '/api/v1/domains/{id}/favicon', { values });
    expect([icon.status, icon.headers.get('x-favicon-source')]).toEqual([200, 'sling']);
    expect((await call('PUT', '/api/v1/domains/{id}/favicon', { values, rawBody: { data: pngBlob(32), type: 'image/png' } })).body).toMatchObject({
      favicon: { content_type: 'image/png' },
    });
    expect((await call('PUT', '/api/v1/domains/{id}/favicon', { values, rawBody: { data: '', type: 'image/png' } })).status).toBe(400);
    expect((await call('PUT', '/api/v1/domains/{id}/favicon', { values, rawBody: { data: 'a=1', type: 'text/plain' } })).status).toBe(415);
    expect((await call('PUT', '/api/v1/domains/{id}/favicon', { values: none, rawBody: { data: pngBlob(), type: 'image/png' } })).status).toBe(404);
    expect((await call('GET', '/api/v1/domains/{id}/favicon', { values: none })).status).toBe(404);
    expect((await call('DELETE', '/api/v1/domains/{id}/favicon', { values })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/domains/{id}/favicon', { values: none })).status).toBe(404);

    expect((await call('GET', '/api/v1/domains/{id}/landing', { values })).body).toMatchObject({ landing_page: { html: '', updated_at: null } });
    expect((await call('GET', '/api/v1/domains/{id}/landing', { values: none })).status).toBe(404);
    expect((await call('PUT', '/api/v1/domains/{id}/landing', { values, body: { html: '<h1>Acme</h1>' } })).body).toMatchObject({
      landing_page: { html: '<h1>Acme</h1>', css: '' },
    });
    expect((await call('PUT', '/api/v1/domains/{id}/landing', { values, body: { html: 5 } })).body).toMatchObject({
      error: { details: { html: expect.any(String) } },
    });
    expect((await call('PUT', '/api/v1/domains/{id}/landing', { values, body: { html: 'x'.repeat(600 * 1024) } })).body).toMatchObject({
      error: { code: 'payload_too_large' },
    });
    expect((await call('PUT', '/api/v1/domains/{id}/landing', { values: none, body: { html: '' } })).status).toBe(404);
  });

  test('imports: raw and multipart uploads, progress, the report', async () => {
    const csv = 'url,alias\nhttps://example.com/imported,imported-one\n';
    const raw = await call('POST', '/api/v1/imports', { query: 'format=csv&filename=links.csv', rawBody: { data: csv, type: 'text/csv' } });
    expect(raw.status).toBe(202);
    expect(raw.headers.get('location')).toBe(`/api/v1/imports/${(raw.body as Json).id}`);
    expect(raw.body).toMatchObject({ format: 'csv', filename: 'links.csv' });
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'upload.csv');
    const multipart = await call('POST', '/api/v1/imports', { rawBody: { data: form } });
    expect(multipart.body).toMatchObject({ filename: 'upload.csv' });
    expect((await call('POST', '/api/v1/imports', { query: 'format=xml', rawBody: { data: csv, type: 'text/csv' } })).body).toMatchObject({
      error: { details: { format: expect.any(String) } },
    });
    expect((await call('POST', '/api/v1/imports', { rawBody: { data: '', type: 'text/csv' } })).status).toBe(400);
    // Within the request's limit (the file plus multipart framing), one byte over the file's.
    const over = await call('POST', '/api/v1/imports', {
      rawBody: { data: new Blob([new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61)]), type: 'application/octet-stream' },
    });
    expect(over.body).toMatchObject({ error: { code: 'payload_too_large', details: { limit_bytes: MAX_IMPORT_BYTES } } });

    expect((await call('GET', '/api/v1/imports', { query: 'limit=5' })).body).toMatchObject({ imports: expect.any(Array) });
    expect((await call('GET', '/api/v1/imports', { query: 'limit=500' })).status).toBe(400);
    const values = { id: (raw.body as Json).id };
    expect((await call('GET', '/api/v1/imports/{id}', { values })).status).toBe(200);
    expect((await call('GET', '/api/v1/imports/{id}', { values: { id: 'imp_nosuchimport1' } })).status).toBe(404);
    expect((await call('GET', '/api/v1/imports/{id}/report', { values })).headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await call('GET', '/api/v1/imports/{id}/report', { values: { id: 'nope' } })).status).toBe(404);
  });

  test('single sign-on: connections, actions, email domains', async () => {
    const oidc = { type: 'okta', name: 'Acme Okta', issuer: 'http://127.0.0.1:9', client_id: 'sling', client_secret: 'secret', domain: 'acme.test' };
    const made = await call('POST', '/api/v1/workspace/sso', { body: oidc });
    expect(made.status).toBe(201);
    const a = (made.body as Json).connection;
    const saml = await call('POST', '/api/v1/workspace/sso', {
      body: { type: 'saml', name: 'Acme SAML', domain: 'acme.test', saml: { metadata_url: 'http://127.0.0.1:9/metadata' } },
    });
    expect(saml.body).toMatchObject({ connection: { protocol: 'saml', callback_url: null } });
    const b = (saml.body as Json).connection;
    const bad = await call('POST', '/api/v1/workspace/sso', { body: { ...oidc, issuer: 'https://{org}.okta.com', domain: 'not a domain' } });
    expect(Object.keys((bad.body as Json).error.details).sort()).toEqual(['domain', 'issuer']);
    expect((await call('GET', '/api/v1/workspace/sso')).body).toMatchObject({ connections: [expect.any(Object), expect.any(Object)] });

    const values = { id: a.id };
    const none = { id: 'no-such-connection' };
    expect((await call('GET', '/api/v1/workspace/sso/{id}', { values })).status).toBe(200);
    expect((await call('GET', '/api/v1/workspace/sso/{id}', { values: none })).status).toBe(404);
    expect((await call('PATCH', '/api/v1/workspace/sso/{id}', { values, body: { name: 'Okta' } })).body).toMatchObject({ connection: { name: 'Okta' } });
    expect((await call('PATCH', '/api/v1/workspace/sso/{id}', { values, body: { colour: 'red' } })).body).toMatchObject({
      error: { details: { colour: 'Unknown field.' } },
    });
    expect((await call('PATCH', '/api/v1/workspace/sso/{id}', { values: none, body: { name: 'x' } })).status).toBe(404);

    const action = (name: string, id = a.id) => call('POST', '/api/v1/workspace/sso/{id}/{action}', { values: { id, action: name } });
    expect((await action('test')).body).toMatchObject({ connection: { test: { passed: false } } });
    expect((await action('verify-domain')).body).toMatchObject({ verified: false });
    expect((await action('enable')).body).toMatchObject({ error: { code: 'sso_not_ready' } });
    expect((await action('disable')).status).toBe(200);
    expect((await action('launch')).status).toBe(404);
    expect((await action('test', 'no-such-connection')).status).toBe(404);

    // Email domains: one more, a bad one, one too many (20 a connection).
    const added = await call('POST', '/api/v1/workspace/sso/{id}/domains', { values, body: { domain: 'labs.acme.test' } });
    expect(added.status).toBe(201);
    expect((await call('POST', '/api/v1/workspace/sso/{id}/domains', { values, body: { domain: 'not a domain' } })).status).toBe(400);
    expect((await call('POST', '/api/v1/workspace/sso/{id}/domains', { values: none, body: { domain: 'x.acme.test' } })).status).toBe(404);
    for (let i = 0; i < 18; i++)
      expect((await call('POST', '/api/v1/workspace/sso/{id}/domains', { values, body: { domain: `d${i}.acme.test` } })).status).toBe(201);
    expect((await call('POST', '/api/v1/workspace/sso/{id}/domains', { values, body: { domain: 'one-more.acme.test' } })).body).toMatchObject({
      error: { code: 'limit_reached' },
    });
    const labs = ((added.body as Json).connection.domains as Json[]).find((d) => d.domain === 'labs.acme.test')!;
    expect((await call('DELETE', '/api/v1/workspace/sso/{id}/domains/{domainId}', { values: { id: a.id, domainId: labs.id } })).status).toBe(200);
    expect((await call('DELETE', '/api/v1/workspace/sso/{id}/domains/{domainId}', { values: { id: a.id, domainId: labs.id } })).status).toBe(404);

    // acme.test proven for the first connection; the second one's proof then finds it taken.
    const domainOf = (c: Json) => (c.domains as Json[]).find((d) => d.domain === 'acme.test')!;
    const verify = (c: Json) => call('POST', '/api/v1/workspace/sso/{id}/domains/{domainId}/verify', { values: { id: c.id, domainId: domainOf(c).id } });
    expect((await verify(a)).body).toMatchObject({ verified: false });
    await dns.addTxt(domainOf(a).verification.name, domainOf(a).verification.value);
    expect((await verify(a)).body).toMatchObject({ verified: true });
    await dns.addTxt(domainOf(b).verification.name, domainOf(b).verification.value);
    expect((await verify(b)).body).toMatchObject({ error: { code: 'domain_taken' } });
    expect((await action('verify-domain', b.id)).body).toMatchObject({ error: { code: 'domain_taken' } });
    expect(
      (await call('POST', '/api/v1/workspace/sso/{id}/domains/{domainId}/verify', { values: { id: 'no-such-connection', domainId: 'nope' } })).status,
    ).toBe(404);
    expect((await call('POST', '/api/v1/workspace/sso/{id}/domains/{domainId}/verify', { values: { id: a.id, domainId: labs.id } })).status).toBe(404);
    expect((await verify(a)).body).toMatchObject({ verified: true });

    expect((await call('DELETE', '/api/v1/workspace/sso/{id}', { values: { id: b.id } })).status).toBe(204);
    expect((await call('DELETE', '/api/v1/workspace/sso/{id}', { values: { id: b.id } })).status).toBe(404);
  });

  test('directory sync: the token issued, replaced, revoked', async () => {
    expect((await call('GET', '/api/v1/workspace/directory-sync')).body).toMatchObject({ directory_sync: { enabled: false, token: null } });
    expect((await call('DELETE', '/api/v1/workspace/directory-sync')).status).toBe(404);
    expect((await call('POST', '/api/v1/workspace/directory-sync')).status).toBe(201);
    expect((await call('POST', '/api/v1/workspace/directory-sync')).status).toBe(200);
    expect((await call('DELETE', '/api/v1/workspace/directory-sync')).status).toBe(204);
  });

  test('single sign-on and directory sync need a team workspace: 400 in a personal one', async () => {
    const auth = { bearer: personal };
    for (const { method, path } of client.operations(['Single sign-on', 'Directory sync'])) {
      const values = { id: 'x', action: 'test', domainId: 'x' };
      const body =
        method === 'POST' && path === '/api/v1/workspace/sso/{id}/domains' ? { domain: 'x.acme.test' } : method === 'PATCH' ? { name: 'x' } : undefined;
      const res = await call(method, path, {
        values,
        auth,
        body:
          path === '/api/v1/workspace/sso' && method === 'POST'
            ? { type: 'okta', issuer: 'https://login.acme.test', client_id: 'c', client_secret: 's', domain: 'acme.test' }
            : body,
      });
      expect(res.body, `${method} ${path}`).toMatchObject({ error: { code: 'invalid_request', details: { workspace: 'personal' } } });
    }
  });

  test('the public forms: the anonymous shortener and abuse reports', async () => {
    const shorten = (body: Json) => call('POST', '/api/v1/shorten', { auth: 'none', body });
    expect((await shorten({ url: 5 })).body).toMatchObject({ error: { code: 'invalid_request', details: { url: expect.any(String) } } });
    expect((await shorten({ url: 'https://example.com', alias: 'mine' })).status).toBe(403);
    // Counted from here on (4 a minute): a missing solution, a bad one, a link, an unsafe destination, then 429.
    expect((await shorten({ url: 'https://example.com' })).body).toMatchObject({ error: { code: 'altcha_required' } });
    expect((await shorten({ url: 'https://example.com', altcha: 'garbage' })).body).toMatchObject({ error: { code: 'altcha_invalid' } });
    expect((await shorten({ url: 'https://example.com/anon', altcha: await altchaPayload(sling.url) })).status).toBe(201);
    expect((await shorten({ url: `https://${UNSAFE_HOST}/login`, altcha: await altchaPayload(sling.url) })).body).toMatchObject({
      error: { code: 'unsafe_url' },
    });
    expect((await shorten({ url: 'https://example.com/more', altcha: await altchaPayload(sling.url) })).status).toBe(429);

    const { short_url } = await link({ url: 'https://example.com/reported' });
    const report = (body: Json) => call('POST', '/api/v1/reports', { auth: 'none', body: { reason: 'spam', ...body } });
    expect((await report({ url: short_url, reason: 'boring' })).body).toMatchObject({ error: { details: { reason: expect.any(String) } } });
    expect((await report({ url: short_url })).body).toMatchObject({ error: { code: 'altcha_required' } });
    expect((await report({ url: short_url, altcha: 'garbage' })).body).toMatchObject({ error: { code: 'altcha_invalid' } });
    expect((await report({ url: `${short_url}-gone`, altcha: await altchaPayload(sling.url) })).status).toBe(404);
    expect((await report({ url: short_url, altcha: await altchaPayload(sling.url) })).body).toMatchObject({ url: short_url, status: 'open' });
    expect((await report({ url: short_url, altcha: await altchaPayload(sling.url) })).status).toBe(429);
  });

  test('the public stats page: 401 until unlocked, 403 for a wrong password, 404 when off, 429 past the reads a minute', async () => {
    const open = await link({ url: 'https://example.com/public', public_stats: true });
    const locked = await link({ url: 'https://example.com/locked', public_stats: true, public_stats_password: 'page secret 1' });
    const off = await link({ url: 'https://example.com/private' });
    const stats = (code: string, query?: string) => call('GET', '/api/v1/public/stats/{code}', { auth: 'none', values: { code }, query });
    const unlock = (code: string, body: Json) => call('POST', '/api/v1/public/stats/{code}/unlock', { auth: 'none', values: { code }, body });
    expect((await stats(open.short_code)).status).toBe(200);
    expect((await stats(locked.short_code)).status).toBe(401);
    expect((await stats(off.short_code)).status).toBe(404);
    expect((await stats(open.short_code, 'compare=forever')).status).toBe(400);
    expect((await unlock(locked.short_code, { password: 'wrong' })).status).toBe(403);
    expect((await unlock(locked.short_code, { password: 'page secret 1' })).status).toBe(204);
    expect((await unlock(off.short_code, { password: 'page secret 1' })).status).toBe(404);
    expect((await unlock(locked.short_code, { password: 5 })).status).toBe(400);
    // Five guesses a minute per page and address: the sixth is refused.
    for (let i = 0; i < 3; i++) await unlock(locked.short_code, { password: 'wrong' });
    expect((await unlock(locked.short_code, { password: 'wrong' })).status).toBe(429);
    // Reads: 120 a minute per address, every page together.
    let last = 200;
    for (let i = 0; i < 130 && last !== 429; i++) last = (await stats(off.short_code)).status;
    expect(last).toBe(429);
  });

  test('errors every route can give: 401, 403, 413, 415', async () => {
    await sweepCommonErrors(client, TAGS, { narrow });
  }, 120_000);

  test('429 once a workspace has spent its windows', async () => {
    const cookie = await signUpAndInVia(api, 'rita@example.com');
    const bearer = ((await call('POST', '/api/v1/tokens', { auth: { cookie }, body: { name: 'limited' } })).body as { secret: string }).secret;
    await sweepRateLimits(client, TAGS, { bearer, cookie }, () => spendWindows(api, bearer, cookie));
  }, 120_000);

  test('every operation was seen with its success status and every error status it declares', () => {
    expect(client.uncovered(TAGS)).toEqual([]);
  });
});
