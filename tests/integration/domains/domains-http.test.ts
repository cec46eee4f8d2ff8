// Custom domains as a user and a visitor meet them, on Sling in the test process: REST v1
// /api/v1/domains and Variant A action=domains through its router, DNS verification through a real
// DNS server on loopback (pebble-challtestsrv), and strict host dispatch by its edge on loopback
// (requests with any Host header) — a verified domain serves its short links and nothing else, an
// unknown host gets a plain 404 and never the app. On PostgreSQL a second instance, a built server
// process, shows the per-host invalidation between two instances (that test's subject). The
// in-process Sling goes by the test's clock (lib/core/clock.ts): a domain's next check comes when the
// test moves it.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startDnsServer, type TestDnsServer } from '../../helpers/dns-server';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { challtestsrvPath } from '../../helpers/services';
import { startSling } from '../../helpers/sling-process';
import { until } from '../../helpers/until';
import { manualClock, type ManualClock } from '../../../lib/core/clock';

const LINK_HOST = 'links.sling.test';
const binary = challtestsrvPath();

/** A request with any Host header (fetch does not let one set it). */
function get(
  port: number,
  host: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
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
  describe(`custom domains on ${suiteDatabase.name}`, () => {
    const makeDb = suiteDatabase.migrated;
    let tdb: TestDatabase;
    let dns: TestDnsServer;
    let sling: InProcessSling;
    /** dom@example.com (Enterprise) and free@example.com (Free), each with a token of their own workspace. */
    let dom: ApiClient;
    let free: ApiClient;
    let nobody: ApiClient;

    let clock: ManualClock;

    beforeAll(async () => {
      tdb = await makeDb();
      dns = await startDnsServer(binary);
      clock = manualClock();
      sling = await startInProcessSling(
        {
          ...tdb.env,
          LINK_HOST,
          DNS_SERVERS: dns.address,
          LINK_HOST_IPS: '203.0.113.7',
          ENTERPRISE_LIMIT_PER_HOUR: '100000',
          ENTERPRISE_LIMIT_PER_MINUTE: '100000',
        },
        { clock },
      );
      nobody = apiClient(inProcess(sling));
      dom = nobody.as({ token: await sling.seed.userWithToken('dom@example.com', { plan: 'enterprise' }) });
      free = nobody.as({ token: await sling.seed.userWithToken('free@example.com', { plan: 'free' }) });
    });
    afterAll(async () => {
      await sling?.close();
      await dns?.stop();
      await tdb?.drop();
    });

    test('POST /api/v1/domains: the records to add; bad host names refused naming the field; unique across workspaces', async () => {
      const added = await dom.call('addDomain', { body: { hostname: 'Go.Example.COM.' } });
      expect(added.status).toBe(201);
      const d = added.json.domain;
      expect(d).toMatchObject({ hostname: 'go.example.com', status: 'pending', shared: false, default: false, verified_at: null });
      expect(d.records).toEqual([
        { type: 'CNAME', name: 'go.example.com', label: 'go', value: LINK_HOST, purpose: 'route' },
        {
          type: 'TXT',
          name: '_svc-verify.go.example.com',
          label: '_svc-verify.go',
          value: expect.stringMatching(/^svc-verify=[0-9a-f]{32}$/),
          purpose: 'ownership',
        },
      ]);
      const idn = await dom.call('addDomain', { body: { hostname: 'kürzer.example.org' } });
      expect(idn.status).toBe(201);
      expect(idn.json.domain.hostname).toBe('xn--krzer-kva.example.org');
      const apex = await dom.call('addDomain', { body: { hostname: 'apex-example.net' } });
      expect(apex.status).toBe(201);
      expect(apex.json.domain.records.map((r: { type: string; label: string; value: string }) => [r.type, r.label, r.value])).toEqual([
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
        // Nothing dropped or decoded silently.
        ['go.example.net/path?q=1#f', /without a path, query or fragment/],
        ['go.example.net\\x', /backslash/],
        ['go%2Eexample.net', /percent-encoded/],
        // Look-alikes (UTS #39): a Cyrillic "apple", a Cyrillic а in "paypal", a Cyrillic о in "go-x".
        ['go.аррӏе.com', /can pass for a name in plain Latin letters/],
        ['login.pаypаl.com', /mixes letters of different scripts \(Latin and Cyrillic\)/],
        ['gо-x.example.com', /mixes letters of different scripts/],
      ] as const) {
        const res = await dom.call('addDomain', { body: { hostname } });
        expect(res.status, hostname).toBe(400);
        expect(res.json.error.code).toBe('invalid_request');
        expect(res.json.error.details.hostname, hostname).toMatch(pattern);
      }
      expect((await dom.call('addDomain', { body: offSchema({ hostname: 'go.example.net', extra: 1 }) })).json.error.details).toEqual({
        extra: 'Unknown field.',
      });
      // The workspace has it already (any case); another workspace's Free plan has room for one only.
      const again = await dom.call('addDomain', { body: { hostname: 'GO.example.com' } });
      expect(again.status).toBe(409);
      expect(again.json.error).toMatchObject({ code: 'domain_taken', message: 'go.example.com is already in this workspace.' });
      expect((await free.call('addDomain', { body: { hostname: 'free-one.example.com' } })).status).toBe(201);
      const over = await free.call('addDomain', { body: { hostname: 'free-two.example.com' } });
      expect(over.status).toBe(403);
      expect(over.json.error).toMatchObject({ code: 'plan_required', details: { plan: 'pro', limit: 1 } });
      expect(over.json.error.message).toMatch(/Free plan includes 1 custom domain.*Pro plan/);
      // Outside the workspace it does not exist.
      expect((await free.call('getDomain', { params: { id: d.id } })).status).toBe(404);
      expect((await free.call('verifyDomain', { params: { id: d.id } })).status).toBe(404);
    });

    test('POST /api/v1/domains/{id}/verify: missing CNAME and a wrong TXT value are reported with what was seen; right records verify it, once', async () => {
      const { json: body } = await dom.call('addDomain', { body: { hostname: 'links.verify.test' } });
      const d = body.domain;
      const txt = d.records.find((r: { type: string }) => r.type === 'TXT');
      await dns.addTxt(txt.name, 'svc-verify=not-the-token');
      let check = await dom.call('verifyDomain', { params: { id: d.id } });
      expect(check.status).toBe(200);
      expect(check.json.verified).toBe(false);
      expect(check.json.domain.status).toBe('pending');
      expect(check.json.domain.records).toEqual([
        expect.objectContaining({ type: 'CNAME', status: 'missing', seen: [] }),
        expect.objectContaining({ type: 'TXT', status: 'wrong', seen: ['svc-verify=not-the-token'] }),
      ]);
      // A link cannot be made on it yet.
      const early = await dom.call('createLink', { body: { url: 'https://example.com/early', domain_id: d.id } });
      expect(early.status).toBe(400);
      expect(early.json.error.details.domain_id).toMatch(/not verified yet/);

      await dns.setCname('links.verify.test', 'somewhere-else.example.net');
      await dns.clearTxt(txt.name);
      await dns.addTxt(txt.name, txt.value);
      check = await dom.call('verifyDomain', { params: { id: d.id } });
      expect(check.json.domain.records).toEqual([
        expect.objectContaining({ type: 'CNAME', status: 'wrong', seen: ['somewhere-else.example.net'] }),
        expect.objectContaining({ type: 'TXT', status: 'found', seen: [txt.value] }),
      ]);
      await dns.setCname('links.verify.test', LINK_HOST);
      check = await dom.call('verifyDomain', { params: { id: d.id } });
      expect(check.json).toMatchObject({ verified: true, domain: { status: 'verified', next_check_at: null } });
      expect(check.json.domain.records.map((r: { status: string }) => r.status)).toEqual(['found', 'found']);
      expect((await dom.call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);

      // Variant A lists it with its status.
      const listed = await dom.call('apiPhpDomains');
      expect(listed.json.domains.find((x: { id: number }) => x.id === d.id)).toMatchObject({ hostname: 'links.verify.test', status: 'verified' });
      expect(listed.json.domains[0]).toMatchObject({ shared: true, is_default: true, status: 'verified' });
    });

    test('the background check verifies a domain whose records appear later, without a click', async () => {
      const { json: body } = await dom.call('addDomain', { body: { hostname: 'later.verify.test' } });
      const d = body.domain;
      expect(d.next_check_at).not.toBeNull();
      await dns.setCname('later.verify.test', LINK_HOST);
      await dns.addTxt(`_svc-verify.later.verify.test`, d.records[1].value);
      // The job runs every minute on its own (cron); rather than wait for the minute, the test sends
      // the job cron would send. Not due yet by the server's clock, it leaves the domain pending…
      // (The commands run in this process on the server's database, as its admin socket runs them.)
      const queues = JSON.parse((await sling.cli(['jobs', 'status', '--json'])).stdout) as Array<{ queue: string; cron: string | null }>;
      expect(queues.find((q) => q.queue === 'domains.check')?.cron).toBe('* * * * *');
      expect(Date.parse(d.next_check_at)).toBe(clock.nowMs() + 60_000); // DOMAIN_CHECK_SCHEDULE's first step
      const checks = async () =>
        (JSON.parse((await sling.cli(['jobs', 'status', '--json'])).stdout) as Array<{ queue: string; completed: number }>).find(
          (q) => q.queue === 'domains.check',
        )!.completed;
      const before = await checks();
      expect((await sling.cli(['jobs', 'run', 'domains.check'])).code).toBe(0);
      await until('the early check to finish', async () => (await checks()) > before);
      expect((await dom.call('getDomain', { params: { id: d.id } })).json.domain).toMatchObject({ status: 'pending', last_checked_at: null });
      // …and once the clock has passed its next check, the job verifies it.
      clock.set(Date.parse(d.next_check_at) + 1_000);
      const sent = await sling.cli(['jobs', 'run', 'domains.check']);
      expect(sent.code, sent.stderr).toBe(0);
      const done = await until(
        'the job to verify the domain',
        async () => {
          const got = await dom.call('getDomain', { params: { id: d.id } });
          return got.json.domain.status === 'verified' ? got.json.domain : undefined;
        },
        { timeoutMs: 30_000, intervalMs: 250 },
      );
      expect(done.last_checked_at).not.toBeNull();
    });

    test('claims: a name pending elsewhere can be added; the first to prove it by DNS holds it and every other claim expires, saying why', async () => {
      const [ann, bob, cat] = await Promise.all(
        ['ann', 'bob', 'cat'].map(async (who) => nobody.as({ token: await sling.seed.userWithToken(`${who}@claims.test`, { plan: 'pro' }) })),
      );
      // Ann claims the name and never proves it; Bob and Cat may claim it too (a pending claim holds nothing).
      const claims = [];
      for (const client of [ann, bob, cat]) {
        const added = await client.call('addDomain', { body: { hostname: 'go.claimed.test' } });
        expect(added.status).toBe(201);
        expect(added.json.domain).toMatchObject({ status: 'pending', status_reason: null });
        claims.push(added.json.domain);
      }
      const [annClaim, bobClaim, catClaim] = claims;
      // Bob and Cat both publish their proof; both verify at once: exactly one holds the name.
      await dns.setCname('go.claimed.test', LINK_HOST);
      for (const claim of [bobClaim, catClaim]) await dns.addTxt('_svc-verify.go.claimed.test', claim.records[1].value);
      const [bobCheck, catCheck] = await Promise.all([
        bob.call('verifyDomain', { params: { id: bobClaim.id } }),
        cat.call('verifyDomain', { params: { id: catClaim.id } }),
      ]);
      expect([bobCheck.status, catCheck.status].sort()).toEqual([200, 409]);
      const [winner, winnerClaim, loser, loserClaim] = bobCheck.status === 200 ? [bob, bobClaim, cat, catClaim] : [cat, catClaim, bob, bobClaim];
      const lostCheck = bobCheck.status === 200 ? catCheck : bobCheck;
      expect(lostCheck.json.error.code).toBe('domain_taken');
      expect(lostCheck.json.error.message).toMatch(/^Another workspace verified go\.claimed\.test on \d{4}-\d{2}-\d{2}; it is theirs until they remove it\.$/);
      expect((await winner.call('getDomain', { params: { id: winnerClaim.id } })).json.domain).toMatchObject({ status: 'verified', status_reason: null });
      // Every other claim has expired, with the reason: the one that lost the race, and Ann's.
      for (const [client, claim] of [
        [loser, loserClaim],
        [ann, annClaim],
      ] as const) {
        const got = (await client.call('getDomain', { params: { id: claim.id } })).json.domain;
        expect(got).toMatchObject({ status: 'expired', next_check_at: null });
        expect(got.status_reason).toMatch(/^Another workspace verified go\.claimed\.test/);
        // Verifying by hand now says the same, as a 409.
        const retry = await client.call('verifyDomain', { params: { id: claim.id } });
        expect(retry.status).toBe(409);
        expect(retry.json.error.message).toBe(got.status_reason);
      }
      // A verified name is refused to everyone else.
      const late = nobody.as({ token: await sling.seed.userWithToken('dan@claims.test', { plan: 'pro' }) });
      const refused = await late.call('addDomain', { body: { hostname: 'GO.claimed.test' } });
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatchObject({ code: 'domain_taken', details: { hostname: 'Another workspace has verified this domain.' } });
      // Deleted by its holder, the name is free to claim again, and the expired claim can prove it.
      expect((await winner.call('deleteDomain', { params: { id: winnerClaim.id } })).status).toBe(204);
      await dns.clearTxt('_svc-verify.go.claimed.test');
      await dns.addTxt('_svc-verify.go.claimed.test', annClaim.records[1].value);
      const annCheck = await ann.call('verifyDomain', { params: { id: annClaim.id } });
      expect(annCheck.status).toBe(200);
      expect(annCheck.json.domain).toMatchObject({ status: 'verified', status_reason: null });
    });

    test('a claim not proven within 7 days expires at the background check, saying why', async () => {
      const eve = nobody.as({ token: await sling.seed.userWithToken('eve@claims.test', { plan: 'pro' }) });
      const { json: added } = await eve.call('addDomain', { body: { hostname: 'stale.claimed.test' } });
      const created = Date.parse(added.domain.created_at);
      const completed = async () =>
        (JSON.parse((await sling.cli(['jobs', 'status', '--json'])).stdout) as Array<{ queue: string; completed: number }>).find(
          (q) => q.queue === 'domains.check',
        )!.completed;
      const runCheck = async () => {
        const before = await completed();
        const sent = await sling.cli(['jobs', 'run', 'domains.check']);
        expect(sent.code, sent.stderr).toBe(0);
        await until('the check to finish', async () => (await completed()) > before, { timeoutMs: 30_000, intervalMs: 250 });
        return (await eve.call('getDomain', { params: { id: added.domain.id } })).json.domain;
      };
      // Six days on, still pending (its background checks stopped after 72 hours); at seven, expired.
      clock.set(created + 6 * 86_400_000);
      expect(await runCheck()).toMatchObject({ status: 'pending', status_reason: null });
      clock.set(created + 7 * 86_400_000 + 1_000);
      expect(await runCheck()).toMatchObject({
        status: 'expired',
        next_check_at: null,
        status_reason: 'Not verified within 7 days of being added. Publish the DNS records and verify it again, or remove it.',
      });
    });

    test('a verified domain serves its short links on its Host; unknown hosts and other paths never reach the app', async () => {
      const { json: body } = await dom.call('addDomain', { body: { hostname: 'go.serve.test', not_found_url: 'https://example.com/nothing-here' } });
      const d = body.domain;
      await dns.setCname('go.serve.test', LINK_HOST);
      await dns.addTxt('_svc-verify.go.serve.test', d.records[1].value);
      expect((await dom.call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);

      const link = await dom.call('createLink', { body: { url: 'https://example.com/custom', alias: 'promo', domain_id: d.id } });
      expect(link.status).toBe(201);
      expect(link.json).toMatchObject({ short_url: 'https://go.serve.test/promo', domain: { id: d.id, hostname: 'go.serve.test' } });
      const onDefault = await dom.call('createLink', { body: { url: 'https://example.com/default', alias: 'on-default' } });
      expect(onDefault.json.short_url).toBe(`${sling.url}/on-default`);

      // The custom domain: its link, its root, its not-found; the app is not there.
      const hit = await get(sling.port, 'go.serve.test', '/promo?x=1');
      expect(hit.status).toBe(302);
      expect(hit.headers.location).toBe('https://example.com/custom?x=1');
      expect((await get(sling.port, 'GO.SERVE.TEST:80', '/promo')).status).toBe(302);
      // A password-protected link's prompt is served on the custom domain too (a link page).
      expect(
        (await dom.call('createLink', { body: { url: 'https://example.com/locked', alias: 'locked', domain_id: d.id, password: 'open sesame' } })).status,
      ).toBe(201);
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
      // The same code on the app host is the default domain's (there is none): a 404.
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
      const patched = await dom.call('updateDomain', {
        params: { id: d.id },
        body: { root_redirect_url: 'https://example.com/home', not_found_url: null, default: true },
      });
      expect(patched.status).toBe(200);
      expect(patched.json.domain).toMatchObject({ default: true, root_redirect_url: 'https://example.com/home', not_found_url: null });
      expect((await get(sling.port, 'go.serve.test', '/')).headers.location).toBe('https://example.com/home');
      expect((await get(sling.port, 'go.serve.test', '/nope')).status).toBe(404);
      const viaDefault = await dom.call('createLink', { body: { url: 'https://example.com/d2', alias: 'dd2' } });
      expect(viaDefault.json.short_url, JSON.stringify(viaDefault.json)).toBe('https://go.serve.test/dd2');
      expect(
        (await dom.call('updateDomain', { params: { id: d.id }, body: { root_redirect_url: 'javascript:alert(1)' } })).json.error.details.root_redirect_url,
      ).toBeDefined();

      // Deleting it: its links stop answering, and its host is unknown again.
      expect((await dom.call('getDomain', { params: { id: d.id } })).json.domain.link_count).toBe(3);
      expect((await dom.call('deleteDomain', { params: { id: d.id } })).status).toBe(204);
      expect((await get(sling.port, 'go.serve.test', '/promo')).status).toBe(404);
      expect((await dom.call('getLink', { params: { id: link.json.id } })).status).toBe(404);
      const after = await dom.call('createLink', { body: { url: 'https://example.com/d3', alias: 'dd3' } });
      expect(after.json.short_url).toBe(`${sling.url}/dd3`);
    });

    // Two instances share PostgreSQL: a host one of them remembered as unknown is served as soon as the
    // other verifies it, and forgotten when it is deleted — by the per-host invalidation message, well
    // before the cache's 60 s expiry.
    if (suiteDatabase.kind === 'postgres') {
      test('a domain verified on one instance is served by another at once; deleted, it is unknown there too', async () => {
        const other = await startSling({ ...tdb.env, LINK_HOST, DNS_SERVERS: dns.address });
        try {
          expect((await get(other.port, 'two.serve.test', '/hop')).status).toBe(404); // remembered as unknown
          const d = (await dom.call('addDomain', { body: { hostname: 'two.serve.test' } })).json.domain;
          await dns.setCname('two.serve.test', LINK_HOST);
          await dns.addTxt('_svc-verify.two.serve.test', d.records[1].value);
          expect((await dom.call('verifyDomain', { params: { id: d.id } })).json.verified).toBe(true);
          expect((await dom.call('createLink', { body: { url: 'https://example.com/hop', alias: 'hop', domain_id: d.id } })).status).toBe(201);
          await until('the other instance to serve the domain', async () => (await get(other.port, 'two.serve.test', '/hop')).status === 302, {
            timeoutMs: 5_000,
            intervalMs: 50,
          });
          expect((await dom.call('deleteDomain', { params: { id: d.id } })).status).toBe(204);
          await until(
            'the other instance to forget the domain',
            async () => (await get(other.port, 'two.serve.test', '/hop')).body === 'This domain is not connected to Sling.\n',
            { timeoutMs: 5_000, intervalMs: 50 },
          );
        } finally {
          await other.stop();
        }
      });
    }
  });
}
