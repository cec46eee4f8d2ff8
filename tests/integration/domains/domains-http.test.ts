// Custom domains over HTTP, as a user and a visitor meet them: REST v1 /api/v1/domains and Variant A
// action=domains, DNS verification through a real DNS server on loopback (pebble-challtestsrv), and
// strict host dispatch — a verified domain serves its short links and nothing else, an unknown host
// gets a plain 404 and never the app.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { migratedDatabaseKinds, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { challtestsrvPath, pgUrl } from '../../helpers/services';
import { runSling, startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

const LINK_HOST = 'links.sling.test';
const binary = challtestsrvPath();

/** A request with any Host header (fetch does not let one set it). */
function get(port: number, host: string, path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

if (binary) {
  describe.each(migratedDatabaseKinds(pgUrl()))('custom domains over HTTP on %s', (_name, makeDb) => {
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let sling: SlingProcess;
    let token: string;
    let otherToken: string;

    beforeAll(async () => {
      tdb = await makeDb();
      dns = await startDnsServer(binary);
      token = await createUserWithToken(tdb.env, 'dom@example.com', 'enterprise');
      otherToken = await createUserWithToken(tdb.env, 'free@example.com', 'free');
      sling = await startSling({
        ...tdb.env,
        LINK_HOST,
        DNS_SERVERS: dns.address,
        LINK_HOST_IPS: '203.0.113.7',
        DOMAIN_CHECK_SCHEDULE: '1',
        JOBS_POLL_SECONDS: '1',
        ENTERPRISE_LIMIT_PER_HOUR: '100000',
        ENTERPRISE_LIMIT_PER_MINUTE: '100000',
      });
    });
    afterAll(async () => {
      await sling?.stop();
      await dns?.stop();
      await tdb?.drop();
    });

    async function api(path: string, opts: { method?: string; body?: unknown; as?: string } = {}) {
      const res = await fetch(`${sling.url}${path}`, {
        method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
        headers: { authorization: `Bearer ${opts.as ?? token}`, ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    }

    test('POST /api/v1/domains: the records to add; bad host names refused naming the field; unique across workspaces', async () => {
      const added = await api('/api/v1/domains', { body: { hostname: 'Go.Example.COM.' } });
      expect(added.status).toBe(201);
      const d = added.body.domain;
      expect(d).toMatchObject({ hostname: 'go.example.com', status: 'pending', shared: false, default: false, verified_at: null });
      expect(d.records).toEqual([
        { type: 'CNAME', name: 'go.example.com', label: 'go', value: LINK_HOST, purpose: 'route' },
        { type: 'TXT', name: '_svc-verify.go.example.com', label: '_svc-verify.go', value: expect.stringMatching(/^svc-verify=[0-9a-f]{32}$/), purpose: 'ownership' },
      ]);
      const idn = await api('/api/v1/domains', { body: { hostname: 'kürzer.example.org' } });
      expect(idn.status).toBe(201);
      expect(idn.body.domain.hostname).toBe('xn--krzer-kva.example.org');
      const apex = await api('/api/v1/domains', { body: { hostname: 'apex-example.net' } });
      expect(apex.status).toBe(201);
      expect(apex.body.domain.records.map((r: { type: string; label: string; value: string }) => [r.type, r.label, r.value])).toEqual([
        ['A', '@', '203.0.113.7'],
        ['TXT', '_svc-verify', expect.stringMatching(/^svc-verify=/)],
      ]);
      for (const [hostname, pattern] of [
        ['203.0.113.9', /IP address/],
        ['co.uk', /public suffix/],
        ['github.io', /public suffix/],
        [LINK_HOST, /belongs to this Sling/],
        [`x.${LINK_HOST}`, /belongs to this Sling/],
        ['https://go.example.net/x', /without http/],
        ['bad_name!.example.com', /not a valid host name/],
      ] as const) {
        const res = await api('/api/v1/domains', { body: { hostname } });
        expect(res.status, hostname).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
        expect(res.body.error.details.hostname, hostname).toMatch(pattern);
      }
      expect((await api('/api/v1/domains', { body: { hostname: 'go.example.net', extra: 1 } })).body.error.details).toEqual({ extra: 'Unknown field.' });
      // Another workspace (any case) cannot take it; its Free plan then has room for one only.
      const taken = await api('/api/v1/domains', { body: { hostname: 'GO.example.com' }, as: otherToken });
      expect(taken.status).toBe(409);
      expect(taken.body.error.code).toBe('domain_taken');
      expect((await api('/api/v1/domains', { body: { hostname: 'free-one.example.com' }, as: otherToken })).status).toBe(201);
      const over = await api('/api/v1/domains', { body: { hostname: 'free-two.example.com' }, as: otherToken });
      expect(over.status).toBe(403);
      expect(over.body.error).toMatchObject({ code: 'plan_required', details: { plan: 'pro', limit: 1 } });
      expect(over.body.error.message).toMatch(/Free plan includes 1 custom domain.*Pro plan/);
      // Outside the workspace it does not exist.
      expect((await api(`/api/v1/domains/${d.id}`, { as: otherToken })).status).toBe(404);
      expect((await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST', as: otherToken })).status).toBe(404);
    });

    test('POST /api/v1/domains/{id}/verify: missing CNAME and a wrong TXT value are reported with what was seen; right records verify it, once', async () => {
      const { body } = await api('/api/v1/domains', { body: { hostname: 'links.verify.test' } });
      const d = body.domain;
      const txt = d.records.find((r: { type: string }) => r.type === 'TXT');
      await dns.addTxt(txt.name, 'svc-verify=not-the-token');
      let check = await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' });
      expect(check.status).toBe(200);
      expect(check.body.verified).toBe(false);
      expect(check.body.domain.status).toBe('pending');
      expect(check.body.domain.records).toEqual([
        expect.objectContaining({ type: 'CNAME', status: 'missing', seen: [] }),
        expect.objectContaining({ type: 'TXT', status: 'wrong', seen: ['svc-verify=not-the-token'] }),
      ]);
      // A link cannot be made on it yet.
      const early = await api('/api/v1/links', { body: { url: 'https://example.com/early', domain_id: d.id } });
      expect(early.status).toBe(400);
      expect(early.body.error.details.domain_id).toMatch(/not verified yet/);

      await dns.setCname('links.verify.test', 'somewhere-else.example.net');
      await dns.clearTxt(txt.name);
      await dns.addTxt(txt.name, txt.value);
      check = await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' });
      expect(check.body.domain.records).toEqual([
        expect.objectContaining({ type: 'CNAME', status: 'wrong', seen: ['somewhere-else.example.net'] }),
        expect.objectContaining({ type: 'TXT', status: 'found', seen: [txt.value] }),
      ]);
      await dns.setCname('links.verify.test', LINK_HOST);
      check = await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' });
      expect(check.body).toMatchObject({ verified: true, domain: { status: 'verified', next_check_at: null } });
      expect(check.body.domain.records.map((r: { status: string }) => r.status)).toEqual(['found', 'found']);
      expect((await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' })).body.verified).toBe(true);

      // Variant A lists it with its status.
      const listed = await api('/api.php?action=domains');
      expect(listed.body.domains.find((x: { id: number }) => x.id === d.id)).toMatchObject({ hostname: 'links.verify.test', status: 'verified' });
      expect(listed.body.domains[0]).toMatchObject({ shared: true, is_default: true, status: 'verified' });
    });

    test('the background check verifies a domain whose records appear later, without a click', async () => {
      const { body } = await api('/api/v1/domains', { body: { hostname: 'later.verify.test' } });
      const d = body.domain;
      expect(d.next_check_at).not.toBeNull();
      await dns.setCname('later.verify.test', LINK_HOST);
      await dns.addTxt(`_svc-verify.later.verify.test`, d.records[1].value);
      // The job runs every minute on its own (cron); rather than wait for the minute, the test sends
      // the job cron would send, once the domain is due (DOMAIN_CHECK_SCHEDULE=1: a second after adding).
      const queues = JSON.parse((await runSling(['jobs', 'status', '--json'], tdb.env)).stdout) as Array<{ queue: string; cron: string | null }>;
      expect(queues.find((q) => q.queue === 'domains.check')?.cron).toBe('* * * * *');
      await until('the domain to be due', async () => Date.now() > Date.parse(d.next_check_at), { intervalMs: 100 });
      const sent = await runSling(['jobs', 'run', 'domains.check'], tdb.env);
      expect(sent.code, sent.stderr).toBe(0);
      const done = await until('the job to verify the domain', async () => {
        const got = await api(`/api/v1/domains/${d.id}`);
        return got.body.domain.status === 'verified' ? got.body.domain : undefined;
      }, { timeoutMs: 30_000, intervalMs: 250 });
      expect(done.last_checked_at).not.toBeNull();
    });

    test('a verified domain serves its short links on its Host; unknown hosts and other paths never reach the app', async () => {
      const { body } = await api('/api/v1/domains', { body: { hostname: 'go.serve.test', not_found_url: 'https://example.com/nothing-here' } });
      const d = body.domain;
      await dns.setCname('go.serve.test', LINK_HOST);
      await dns.addTxt('_svc-verify.go.serve.test', d.records[1].value);
      expect((await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' })).body.verified).toBe(true);

      const link = await api('/api/v1/links', { body: { url: 'https://example.com/custom', alias: 'promo', domain_id: d.id } });
      expect(link.status).toBe(201);
      expect(link.body).toMatchObject({ short_url: 'https://go.serve.test/promo', domain: { id: d.id, hostname: 'go.serve.test' } });
      const onDefault = await api('/api/v1/links', { body: { url: 'https://example.com/default', alias: 'on-default' } });
      expect(onDefault.body.short_url).toBe(`${sling.url}/on-default`);

      // The custom domain: its link, its root, its not-found; the app is not there.
      const hit = await get(sling.port, 'go.serve.test', '/promo?x=1');
      expect(hit.status).toBe(302);
      expect(hit.headers.location).toBe('https://example.com/custom?x=1');
      expect((await get(sling.port, 'GO.SERVE.TEST:80', '/promo')).status).toBe(302);
      // A password-protected link's prompt is served on the custom domain too (a link page of Next's).
      expect((await api('/api/v1/links', { body: { url: 'https://example.com/locked', alias: 'locked', domain_id: d.id, password: 'open sesame' } })).status).toBe(201);
      const prompt = await get(sling.port, 'go.serve.test', '/locked');
      expect(prompt.status).toBe(200);
      expect(prompt.body).toContain('This link is password-protected');
      expect((await get(sling.port, 'go.serve.test', '/l/protected/locked')).status).toBe(200);
      // The link page reads the link again on this host: an unprotected one redirects from there too.
      expect((await get(sling.port, 'go.serve.test', '/l/protected/promo')).headers.location).toBe('https://example.com/custom');
      const root = await get(sling.port, 'go.serve.test', '/');
      expect(root.status).toBe(200);
      expect(root.body).toContain('go.serve.test is a short-link domain');
      expect(root.headers['set-cookie']).toBeUndefined();
      for (const path of ['/on-default', '/login', '/api/v1/links', '/links', '/api.php?action=list', '/nope']) {
        const res = await get(sling.port, 'go.serve.test', path);
        expect([res.status, res.headers.location], path).toEqual([302, 'https://example.com/nothing-here']);
      }
      expect((await get(sling.port, 'go.serve.test', '/api/v1/links', 'POST')).status).toBe(405);
      expect((await get(sling.port, 'go.serve.test', '/healthz')).status).toBe(200);
      // The same code on the app host is the default domain's (there is none): Next's 404.
      expect((await get(sling.port, `127.0.0.1:${sling.port}`, '/promo')).status).toBe(404);

      // A host that is not connected: a plain 404, whatever the path.
      for (const host of ['stranger.example.com', 'go.example.com' /* pending */, LINK_HOST, '203.0.113.7']) {
        for (const path of ['/on-default', '/login', '/api/v1/links', '/', '/links']) {
          const res = await get(sling.port, host, path);
          expect(res.status, `${host}${path}`).toBe(404);
          expect(res.body, `${host}${path}`).toBe('This domain is not connected to Sling.\n');
          expect(res.headers['set-cookie']).toBeUndefined();
        }
      }
      // BASE_URL is loopback: the other loopback names are the app too (local development).
      expect((await get(sling.port, `localhost:${sling.port}`, '/on-default')).status).toBe(302);
      expect((await get(sling.port, `127.0.0.1:${sling.port}`, '/on-default')).status).toBe(302);

      // Root redirect and the default domain of the workspace.
      const patched = await api(`/api/v1/domains/${d.id}`, { method: 'PATCH', body: { root_redirect_url: 'https://example.com/home', not_found_url: null, default: true } });
      expect(patched.status).toBe(200);
      expect(patched.body.domain).toMatchObject({ default: true, root_redirect_url: 'https://example.com/home', not_found_url: null });
      expect((await get(sling.port, 'go.serve.test', '/')).headers.location).toBe('https://example.com/home');
      expect((await get(sling.port, 'go.serve.test', '/nope')).status).toBe(404);
      const viaDefault = await api('/api/v1/links', { body: { url: 'https://example.com/d2', alias: 'dd2' } });
      expect(viaDefault.body.short_url, JSON.stringify(viaDefault.body)).toBe('https://go.serve.test/dd2');
      expect((await api(`/api/v1/domains/${d.id}`, { method: 'PATCH', body: { root_redirect_url: 'javascript:alert(1)' } })).body.error.details.root_redirect_url).toBeDefined();

      // Deleting it: its links stop answering, and its host is unknown again.
      expect((await api(`/api/v1/domains/${d.id}`)).body.domain.link_count).toBe(3);
      expect((await api(`/api/v1/domains/${d.id}`, { method: 'DELETE' })).status).toBe(204);
      expect((await get(sling.port, 'go.serve.test', '/promo')).status).toBe(404);
      expect((await api(`/api/v1/links/${link.body.id}`)).status).toBe(404);
      const after = await api('/api/v1/links', { body: { url: 'https://example.com/d3', alias: 'dd3' } });
      expect(after.body.short_url).toBe(`${sling.url}/dd3`);
    });

    // Two instances share PostgreSQL: a host one of them remembered as unknown is served as soon as the
    // other verifies it, and forgotten when it is deleted — by the per-host invalidation message, well
    // before the cache's 60 s expiry.
    if (_name === 'PostgreSQL') {
      test('a domain verified on one instance is served by another at once; deleted, it is unknown there too', async () => {
        const other = await startSling({ ...tdb.env, LINK_HOST, DNS_SERVERS: dns.address });
        try {
          expect((await get(other.port, 'two.serve.test', '/hop')).status).toBe(404); // remembered as unknown
          const d = (await api('/api/v1/domains', { body: { hostname: 'two.serve.test' } })).body.domain;
          await dns.setCname('two.serve.test', LINK_HOST);
          await dns.addTxt('_svc-verify.two.serve.test', d.records[1].value);
          expect((await api(`/api/v1/domains/${d.id}/verify`, { method: 'POST' })).body.verified).toBe(true);
          expect((await api('/api/v1/links', { body: { url: 'https://example.com/hop', alias: 'hop', domain_id: d.id } })).status).toBe(201);
          await until('the other instance to serve the domain', async () => (await get(other.port, 'two.serve.test', '/hop')).status === 302, { timeoutMs: 5_000, intervalMs: 50 });
          expect((await api(`/api/v1/domains/${d.id}`, { method: 'DELETE' })).status).toBe(204);
          await until('the other instance to forget the domain', async () => (await get(other.port, 'two.serve.test', '/hop')).body === 'This domain is not connected to Sling.\n', { timeoutMs: 5_000, intervalMs: 50 });
        } finally {
          await other.stop();
        }
      });
    }
  });
}
