// Landing pages of custom domains over HTTP (issue 16, point 5): REST v1 /api/v1/domains/{id}/landing
// for owners and admins only (a member 403, another workspace 404), the 512 KiB limit, and the page
// served at the domain's root with the sandbox policy — never on the app host, never with a cookie —
// and replaced everywhere as soon as it is saved.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LANDING_CSP } from '../../../lib/edge/site-answers';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { seedLandingFixture, type LandingFixture, type LandingWho } from '../../helpers/landing-fixtures';
import { pgUrl } from '../../helpers/services';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
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
    const headers = form === undefined ? { host } : { host, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(form)) };
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

describe.each(migratedDatabaseKinds(pgUrl()))('landing pages on %s', (name, makeDb) => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let f: LandingFixture;
  let id: number;

  beforeAll(async () => {
    tdb = await makeDb();
    f = await seedLandingFixture(tdb, [HOST, OTHER]);
    id = f.domains[HOST];
    sling = await startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9', ENTERPRISE_LIMIT_PER_HOUR: '100000', ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  async function api(path: string, opts: { method?: string; body?: unknown; raw?: string; as?: LandingWho | null } = {}) {
    const as = opts.as === undefined ? 'owner' : opts.as;
    const text = opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
    const res = await fetch(`${sling.url}${path}`, {
      method: opts.method ?? (text === undefined ? 'GET' : 'PUT'),
      headers: { ...(as ? { authorization: `Bearer ${f.tokens[as]}` } : {}), ...(text === undefined ? {} : { 'content-type': 'application/json' }) },
      body: text,
    });
    const out = await res.text();
    return { status: res.status, body: out ? JSON.parse(out) : undefined };
  }

  test('PUT and GET /api/v1/domains/{id}/landing: owners and admins; a member 403, another workspace 404, no credentials 401', async () => {
    const empty = await api(`/api/v1/domains/${id}/landing`);
    expect(empty.status).toBe(200);
    expect(empty.body.landing_page).toEqual({ html: '', css: '', js: '', size: 0, limit: 524288, updated_at: null });
    expect(empty.body.domain).toMatchObject({ id, hostname: HOST, root_behavior: 'sling' });

    const page = { html: '<h1>Hello</h1>', css: 'h1 { color: rebeccapurple; }', js: "document.body.dataset.ran = 'yes';" };
    const saved = await api(`/api/v1/domains/${id}/landing`, { body: page });
    expect(saved.status).toBe(200);
    expect(saved.body.landing_page).toMatchObject({ ...page, size: Buffer.byteLength(page.html + page.css + page.js), updated_at: expect.stringMatching(/Z$/) });
    expect((await api(`/api/v1/domains/${id}/landing`, { as: 'admin' })).body.landing_page).toMatchObject(page);
    expect((await api(`/api/v1/domains/${id}/landing`, { as: 'admin', body: { html: '<h1>By the admin</h1>' } })).body.landing_page).toMatchObject({ html: '<h1>By the admin</h1>', css: '', js: '' });

    for (const method of ['GET', 'PUT'] as const) {
      const body = method === 'PUT' ? { html: '<p>member</p>' } : undefined;
      const member = await api(`/api/v1/domains/${id}/landing`, { method, body, as: 'member' });
      expect(member.status, method).toBe(403);
      expect(member.body.error).toMatchObject({ code: 'forbidden', details: { required_role: 'admin' } });
      const outsider = await api(`/api/v1/domains/${id}/landing`, { method, body, as: 'outsider' });
      expect(outsider.status, method).toBe(404);
      expect(outsider.body.error.code).toBe('not_found');
      expect((await api(`/api/v1/domains/${id}/landing`, { method, body, as: null })).status, method).toBe(401);
    }
    // The owner of the other workspace edits its own domain only.
    expect((await api(`/api/v1/domains/${f.foreignDomain}/landing`)).status).toBe(404);
    expect((await api(`/api/v1/domains/${f.foreignDomain}/landing`, { as: 'outsider', body: { html: '<p>theirs</p>' } })).status).toBe(200);
    // Nothing the refused calls sent was kept.
    expect((await api(`/api/v1/domains/${id}/landing`)).body.landing_page.html).toBe('<h1>By the admin</h1>');
    expect((await api('/api/v1/domains/abc/landing')).status).toBe(404);
  });

  test('bad bodies: 400 naming the field; over 512 KiB: 413 in the JSON error shape, and the saved page is kept', async () => {
    const wrong = await api(`/api/v1/domains/${id}/landing`, { body: { html: 5, extra: true } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_request');
    expect(Object.keys(wrong.body.error.details).sort()).toEqual(['extra', 'html']);
    expect((await api(`/api/v1/domains/${id}/landing`, { raw: '{"html": ' })).body.error.code).toBe('invalid_request');

    const limit = 512 * 1024;
    const fits = await api(`/api/v1/domains/${id}/landing`, { body: { html: 'a'.repeat(limit - 20), css: 'b'.repeat(10), js: 'c'.repeat(10) } });
    expect(fits.status).toBe(200);
    expect(fits.body.landing_page.size).toBe(limit);
    // Counted in UTF-8 bytes: 'é' is two.
    const over = await api(`/api/v1/domains/${id}/landing`, { body: { html: 'é'.repeat(limit / 2), js: 'x' } });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ error: { code: 'payload_too_large', message: expect.stringMatching(/at most 512 KiB/), details: { size: limit + 1, limit }, doc_url: 'docs/api/errors.md#payload_too_large' } });
    // A body far past the route's own limit is refused before it is read.
    const huge = await api(`/api/v1/domains/${id}/landing`, { body: { html: 'z'.repeat(3 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    expect((await api(`/api/v1/domains/${id}/landing`)).body.landing_page.size).toBe(limit);
  });

  test('GET / on the domain: the assembled page with the sandbox policy, no cookie; the app host keeps its home page', async () => {
    const page = {
      html: '<!doctype html><html><head><title>Go</title></head><body><h1>Welcome to go</h1></body></html>',
      css: 'h1 { color: teal; } /* </style> stays inside */',
      js: "document.title = 'ran'; // </script> stays inside",
    };
    expect((await api(`/api/v1/domains/${id}/landing`, { body: page })).status).toBe(200);
    // Saved but not chosen yet: the root is still Sling's page.
    expect((await visit(sling.port, HOST, '/')).body).toContain(`${HOST} is a short-link domain`);

    const chosen = await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'landing' } });
    expect(chosen.status).toBe(200);
    expect(chosen.body.domain.root_behavior).toBe('landing');
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
    expect((await api(`/api/v1/domains/${id}/landing`, { body: { html: '<p>Second version</p>' } })).status).toBe(200);
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Second version</p>');
    expect((await visit(sling.port, OTHER, '/')).body).toContain(`${OTHER} is a short-link domain`);

    // The app host: Sling's own home page and policy, whatever a domain's landing page says.
    const home = await visit(sling.port, `127.0.0.1:${sling.port}`, '/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain('Second version');
    expect(home.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    expect(home.headers['content-security-policy']).not.toContain('sandbox');

    // No Sling cookie on any answer of the custom domain (root, link, link page, not-found) but the
    // signed unlock of a password-protected link, scoped to that link.
    const link = await api('/api/v1/links', { method: 'POST', body: { url: 'https://example.com/a', alias: 'secret', domain_id: id, password: 'open sesame' } });
    expect(link.status).toBe(201);
    for (const [path, method] of [['/', 'GET'], ['/secret', 'GET'], ['/l/protected/secret', 'GET'], ['/nope', 'GET'], ['/l/protected/secret', 'POST']] as const) {
      const res = await visit(sling.port, HOST, path, method);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers['set-cookie'], `${method} ${path}`).toBeUndefined();
    }
    const unlocked = await visit(sling.port, HOST, '/l/protected/secret', 'POST', 'password=open+sesame');
    expect(unlocked.status).toBe(303);
    expect(unlocked.headers['set-cookie']).toEqual([expect.stringMatching(/^sl_unlock_\d+=[^;]+; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/)]);

    // An empty page falls back to Sling's page; other behaviours as chosen.
    expect((await api(`/api/v1/domains/${id}/landing`, { body: { html: '' } })).status).toBe(200);
    expect((await visit(sling.port, HOST, '/')).body).toContain(`${HOST} is a short-link domain`);
    const noUrl = await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'redirect' } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.details.root_redirect_url).toBeDefined();
    expect((await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'elsewhere' } })).body.error.details.root_behavior).toMatch(/landing, redirect, sling/);
    expect((await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'redirect', root_redirect_url: 'https://example.com/home' } })).body.domain).toMatchObject({
      root_behavior: 'redirect',
      root_redirect_url: 'https://example.com/home',
    });
    expect((await visit(sling.port, HOST, '/')).headers.location).toBe('https://example.com/home');
    // Back to the landing page: the URL is kept for later, the page answers.
    expect((await api(`/api/v1/domains/${id}/landing`, { body: { html: '<p>Third</p>' } })).status).toBe(200);
    expect((await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'landing' } })).body.domain.root_redirect_url).toBe('https://example.com/home');
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Third</p>');
    // The Domains page's redirect form sends the URL it shows: unchanged, it keeps the landing page;
    // a new URL turns the redirect on; removing it brings the saved landing page back.
    const patchRoot = async (body: object) => (await api(`/api/v1/domains/${id}`, { method: 'PATCH', body })).body.domain.root_behavior;
    expect(await patchRoot({ root_redirect_url: 'https://example.com/home', not_found_url: 'https://example.com/nf' })).toBe('landing');
    expect(await patchRoot({ root_redirect_url: 'https://example.com/new', not_found_url: 'https://example.com/nf' })).toBe('redirect');
    expect((await visit(sling.port, HOST, '/')).headers.location).toBe('https://example.com/new');
    expect(await patchRoot({ root_redirect_url: null })).toBe('landing');
    expect((await visit(sling.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Third</p>');
    // A member may not change what the root shows.
    expect((await api(`/api/v1/domains/${id}`, { method: 'PATCH', body: { root_behavior: 'sling' }, as: 'member' })).status).toBe(403);
    // The older way still works: a root_redirect_url alone turns the redirect on, null turns it off
    // (to Sling's page, as this domain has no landing page).
    expect((await api(`/api/v1/domains/${f.domains[OTHER]}`, { method: 'PATCH', body: { root_redirect_url: 'https://example.com/other' } })).body.domain.root_behavior).toBe('redirect');
    expect((await visit(sling.port, OTHER, '/')).headers.location).toBe('https://example.com/other');
    expect((await api(`/api/v1/domains/${f.domains[OTHER]}`, { method: 'PATCH', body: { root_redirect_url: null } })).body.domain.root_behavior).toBe('sling');
  });

  // Two instances share PostgreSQL: a page saved through one is served by the other at once.
  if (name === 'PostgreSQL') {
    test('a save on one instance replaces the page the other serves', async () => {
      const other = await startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9' });
      try {
        expect((await api(`/api/v1/domains/${id}/landing`, { body: { html: '<p>Fourth</p>' } })).status).toBe(200);
        expect((await visit(other.port, HOST, '/')).body).toBe('<!doctype html>\n<p>Fourth</p>'); // cached there now
        expect((await api(`/api/v1/domains/${id}/landing`, { body: { html: '<p>Fifth</p>' } })).status).toBe(200);
        await until('the other instance to serve the new page', async () => (await visit(other.port, HOST, '/')).body === '<!doctype html>\n<p>Fifth</p>', { timeoutMs: 5_000, intervalMs: 50 });
      } finally {
        await other.stop();
      }
    });
  }

  test('deleting the domain takes its page with it', async () => {
    expect((await api(`/api/v1/domains/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await visit(sling.port, HOST, '/')).body).toBe('This domain is not connected to Sling.\n');
    expect((await api(`/api/v1/domains/${id}/landing`)).status).toBe(404);
  });
});
