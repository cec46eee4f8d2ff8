// Landing pages of custom domains (issue 16, point 5) on Sling in the test process: REST v1
// /api/v1/domains/{id}/landing through its router for owners and admins only (a member 403, another
// workspace 404), the 512 KiB limit, and the page served by its edge on loopback (requests with the
// domain's Host header) at the domain's root with the sandbox policy — never on the app host, never
// with a cookie — and replaced everywhere as soon as it is saved. On PostgreSQL a second instance, a
// built server process (two instances are that test's subject), serves the new page at once and,
// having Next's pages, shows that the app host keeps Sling's own home page.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LANDING_CSP } from '../../../lib/server/site-answers';
import type { putDomainLanding } from '../../../lib/openapi/operations/domain-assets';
import type { updateDomain } from '../../../lib/openapi/operations/domains';
import { apiClient, inProcess, offSchema, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { seedLandingFixture, type LandingFixture, type LandingWho } from '../../helpers/landing-fixtures';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { startSling } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const HOST = 'go.landing.test';
const OTHER = 'hi.landing.test';
const EXPECTED_CSP =
  "sandbox allow-scripts allow-forms allow-popups; default-src 'none'; script-src 'unsafe-inline' https:; style-src 'unsafe-inline' https:; " +
  "img-src https: data: blob:; font-src https: data:; media-src https: data: blob:; connect-src https:; frame-src https:; form-action https:; base-uri 'none'; frame-ancestors 'none'";

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request with any Host header (fetch does not let one set it). */
function visit(port: number, host: string, path: string, method = 'GET', form?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers =
      form === undefined ? { host } : { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)) };
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(form);
  });
}

describe(`landing pages on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: LandingFixture;
  let id: number;

  beforeAll(async () => {
    tdb = await makeDb();
    f = await seedLandingFixture(tdb, [HOST, OTHER]);
    id = f.domains[HOST];
    sling = await startInProcessSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9', ENTERPRISE_LIMIT_PER_HOUR: '100000', ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
    api = apiClient(inProcess(sling));
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** The client calling as one of the fixture's people (the owner unless told), or with no credentials (null). */
  const as = (who: LandingWho | null = 'owner') => (who ? api.as({ token: f.tokens[who] }) : api.as('none'));
  const getLanding = (domain: number | string, who?: LandingWho | null) => as(who).call('getDomainLanding', { params: { id: domain } });
  const putLanding = (domain: number | string, body: CallOptions<typeof putDomainLanding>['body'], who?: LandingWho | null) =>
    as(who).call('putDomainLanding', { params: { id: domain }, body });
  const patchDomain = (domain: number, body: CallOptions<typeof updateDomain>['body'], who?: LandingWho | null) =>
    as(who).call('updateDomain', { params: { id: domain }, body });

  test('PUT and GET /api/v1/domains/{id}/landing: owners and admins; a member 403, another workspace 404, no credentials 401', async () => {
    const empty = await getLanding(id);
    expect(empty.status).toBe(200);
    expect(empty.json.landing_page).toEqual({ html: '', css: '', js: '', size: 0, limit: 524288, updated_at: null });
    expect(empty.json.domain).toMatchObject({ id, hostname: HOST, root_behavior: 'sling' });

    const page = { html: '<h1>Hello</h1>', css: 'h1 { color: rebeccapurple; }', js: "document.body.dataset.ran = 'yes';" };
    const saved = await putLanding(id, page);
    expect(saved.status).toBe(200);
    expect(saved.json.landing_page).toMatchObject({
      ...page,
      size: Buffer.byteLength(page.html + page.css + page.js),
      updated_at: expect.stringMatching(/Z$/),
    });
    expect((await getLanding(id, 'admin')).json.landing_page).toMatchObject(page);
    expect((await putLanding(id, { html: '<h1>By the admin</h1>' }, 'admin')).json.landing_page).toMatchObject({
      html: '<h1>By the admin</h1>',
      css: '',
      js: '',
    });

    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { html: '<p>member</p>' } : undefined;
      const call = (who: LandingWho | null) => (body ? putLanding(id, body, who) : getLanding(id, who));
      const member = await call('member');
      expect(member.status, method).toBe(403);
      expect(member.json.error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
      const outsider = await call('outsider');
      expect(outsider.status, method).toBe(404);
      expect(outsider.json.error.code).toBe('not_found');
      expect((await call(null)).status, method).toBe(401);
    }
    // The owner of the other workspace edits its own domain only.
    expect((await getLanding(f.foreignDomain)).status).toBe(404);
    expect((await putLanding(f.foreignDomain, { html: '<p>theirs</p>' }, 'outsider')).status).toBe(200);
    // Nothing the refused calls sent was kept.
    expect((await getLanding(id)).json.landing_page.html).toBe('<h1>By the admin</h1>');
    expect((await getLanding('abc')).status).toBe(404);
  });

  test('bad bodies: 400 naming the field; over 512 KiB: 413 in the JSON error shape, and the saved page is kept', async () => {
    const wrong = await putLanding(id, offSchema({ html: 5, extra: true }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.code).toBe('invalid_request');
    expect(Object.keys(wrong.json.error.details).sort()).toEqual(['extra', 'html']);
    expect((await as().call('putDomainLanding', { params: { id }, raw: { type: 'application/json', data: '{"html": ' } })).json.error.code).toBe(
      'invalid_request',
    );

    const limit = 512 * 1024;
    const fits = await putLanding(id, { html: 'a'.repeat(limit - 20), css: 'b'.repeat(10), js: 'c'.repeat(10) });
    expect(fits.status).toBe(200);
    expect(fits.json.landing_page.size).toBe(limit);
    // Counted in UTF-8 bytes: 'é' is two.
    const over = await putLanding(id, { html: 'é'.repeat(limit / 2), js: 'x' });
    expect(over.status).toBe(413);
    expect(over.json).toEqual({
      error: {
        code: 'payload_too_large',
        message: expect.stringMatching(/at most 512 KiB/),
        details: { size: limit + 1, limit },
        doc_url: 'docs/api/errors.md#payload_too_large',
      },
    });
    // A body far past the route's own limit is refused before it is read.
    const huge = await putLanding(id, { html: 'z'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.json.error.code).toBe('payload_too_large');
    expect((await getLanding(id)).json.landing_page.size).toBe(limit);
  });

  test('GET / on the domain: the assembled page with the sandbox policy, no cookie; the app host keeps its home page', async () => {
    const page = {
      html: '<!doctype html><html><head><title>Go</title></head><body><h1>Welcome to go</h1></body></html>',
      css: 'h1 { color: teal; } /* </style> stays inside */',
      js: "document.title = 'ran'; // </script> stays inside",
    };
    expect((await putLanding(id, page)).status).toBe(200);
    // Saved but not chosen yet: the root is still Sling's page.
    expect((await visit(sling.port, HOST, '/')).body).toContain(`${HOST} is a short-link domain`);

    const chosen = await patchDomain(id, { root_behavior: 'landing' });
    expect(chosen.status).toBe(200);
    expect(chosen.json.domain.root_behavior).toBe('landing');
    const root = await visit(sling.port, HOST, '/');
    expect(root.status).toBe(200);
    expect(root.headers['content-security-policy']).toBe(EXPECTED_CSP);
    expect(LANDING_CSP).toBe(EXPECTED_CSP);
    expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(root.headers['x-content-type-options']).toBe('nosniff');
    expect(root.headers['set-cookie']).toBeUndefined();
    expect(root.body).toBe(
      '<!doctype html><html><head><title>Go</title><style>\nh1 { color: teal; } /* <\\/style> stays inside */\n</style>\n</head><body><h1>Welcome to go</h1>' +
        "<script>\ndocument.title = 'ran'; // <\\/script> stays inside\n</script>\n</body></html>",
    );
    expect((await visit(sling.port, HOST, '/?utm_source=x')).body).toBe(root.body);
    const head = await visit(sling.port, HOST, '/', 'HEAD');
    expect([head.status, head.body, head.headers['content-security-policy']]).toEqual([200, '', EXPECTED_CSP]);

    // A save shows at once (the per-host cache is invalidated), and the other domain is untouched.
    expect((await putLanding(id, { html: '<p>Second version</p>' })).status).toBe(200);
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Second version</p>');
    expect((await visit(sling.port, OTHER, '/')).body).toContain(`${OTHER} is a short-link domain`);

    // The app host never serves a domain's landing page nor its policy. (This Sling has no Next
    // pages, so its home page itself is checked on the full server of the PostgreSQL test below.)
    const home = await visit(sling.port, `127.0.0.1:${sling.port}`, '/');
    expect(home.body).not.toContain('Second version');
    expect(home.headers['content-security-policy'] ?? '').not.toContain('sandbox');

    // No Sling cookie on any answer of the custom domain (root, link, link page, not-found) but the
    // signed unlock of a password-protected link, scoped to that link.
    const link = await as().call('createLink', { body: { url: 'https://example.com/a', alias: 'secret', domain_id: id, password: 'open sesame' } });
    expect(link.status).toBe(201);
    for (const [path, method] of [
      ['/', 'GET'],
      ['/secret', 'GET'],
      ['/l/protected/secret', 'GET'],
      ['/nope', 'GET'],
      ['/l/protected/secret', 'POST'],
    ] as const) {
      const res = await visit(sling.port, HOST, path, method);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers['set-cookie'], `${method} ${path}`).toBeUndefined();
    }
    const unlocked = await visit(sling.port, HOST, '/l/protected/secret', 'POST', 'password=open+sesame');
    expect(unlocked.status).toBe(303);
    expect(unlocked.headers['set-cookie']).toEqual([expect.stringMatching(/^sl_unlock_\d+=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/)]);

    // An empty page falls back to Sling's page; other behaviours as chosen.
    expect((await putLanding(id, { html: '' })).status).toBe(200);
    expect((await visit(sling.port, HOST, '/')).body).toContain(`${HOST} is a short-link domain`);
    const noUrl = await patchDomain(id, { root_behavior: 'redirect' });
    expect(noUrl.status).toBe(400);
    expect(noUrl.json.error.details.root_redirect_url).toBeDefined();
    expect((await patchDomain(id, offSchema({ root_behavior: 'elsewhere' }))).json.error.details.root_behavior).toMatch(/landing, redirect, sling/);
    expect((await patchDomain(id, { root_behavior: 'redirect', root_redirect_url: 'https://example.com/home' })).json.domain).toMatchObject({
      root_behavior: 'redirect',
      root_redirect_url: 'https://example.com/home',
    });
    expect((await visit(sling.port, HOST, '/')).headers.location).toBe('https://example.com/home');
    // Back to the landing page: the URL is kept for later, the page answers.
    expect((await putLanding(id, { html: '<p>Third</p>' })).status).toBe(200);
    expect((await patchDomain(id, { root_behavior: 'landing' })).json.domain.root_redirect_url).toBe('https://example.com/home');
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Third</p>');
    // The Domains page's redirect form sends the URL it shows: unchanged, it keeps the landing page;
    // a new URL turns the redirect on; removing it brings the saved landing page back.
    const patchRoot = async (body: CallOptions<typeof updateDomain>['body']) => (await patchDomain(id, body)).json.domain.root_behavior;
    expect(await patchRoot({ root_redirect_url: 'https://example.com/home', not_found_url: 'https://example.com/nf' })).toBe('landing');
    expect(await patchRoot({ root_redirect_url: 'https://example.com/new', not_found_url: 'https://example.com/nf' })).toBe('redirect');
    expect((await visit(sling.port, HOST, '/')).headers.location).toBe('https://example.com/new');
    expect(await patchRoot({ root_redirect_url: null })).toBe('landing');
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Third</p>');
    // A member may not change what the root shows.
    expect((await patchDomain(id, { root_behavior: 'sling' }, 'member')).status).toBe(403);
    // The older way still works: a root_redirect_url alone turns the redirect on, null turns it off
    // (to Sling's page, as this domain has no landing page).
    expect((await patchDomain(f.domains[OTHER], { root_redirect_url: 'https://example.com/other' })).json.domain.root_behavior).toBe('redirect');
    expect((await visit(sling.port, OTHER, '/')).headers.location).toBe('https://example.com/other');
    expect((await patchDomain(f.domains[OTHER], { root_redirect_url: null })).json.domain.root_behavior).toBe('sling');
  });

  // Two instances share PostgreSQL: a page saved through one is served by the other at once.
  if (name === 'PostgreSQL') {
    test('a save on one instance replaces the page the other serves; its app host keeps Sling’s home page', async () => {
      const other = await startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9' });
      try {
        expect((await putLanding(id, { html: '<p>Fourth</p>' })).status).toBe(200);
        expect((await visit(other.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Fourth</p>'); // cached there now
        expect((await putLanding(id, { html: '<p>Fifth</p>' })).status).toBe(200);
        await until('the other instance to serve the new page', async () => (await visit(other.port, HOST, '/')).body === '<!doctype html>\n<p>Fifth</p>', {
          timeoutMs: 5_000,
          intervalMs: 50,
        });
        // The app host: Sling's own home page and policy, whatever a domain's landing page says.
        const home = await visit(other.port, `127.0.0.1:${other.port}`, '/');
        expect(home.status).toBe(200);
        expect(home.body).not.toContain('Fifth');
        expect(home.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
        expect(home.headers['content-security-policy']).not.toContain('sandbox');
      } finally {
        await other.stop();
      }
    });
  }

  test('deleting the domain takes its page with it', async () => {
    expect((await as().call('deleteDomain', { params: { id } })).status).toBe(204);
    expect((await visit(sling.port, HOST, '/')).body).toBe('This domain is not connected to Sling.\n');
    expect((await getLanding(id)).status).toBe(404);
  });
});
