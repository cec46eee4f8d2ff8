// Safety on Sling in the test process (the API through its router; redirects, warnings and the
// review form through its edge on loopback), on every database: feeds configured in SAFETY_FEEDS
// are imported when the server starts; a listed URL or host is refused with 422 unsafe_url and the
// reason by Variant A, Variant B, REST v1 (create and PATCH) and the home page's /api/v1/shorten;
// a suspicious destination is created pending_review and its visitors get a warning with "continue
// anyway" (only continuing counts a click); a link listed by a later import is blocked, no way on.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { altchaPayload } from '../../helpers/altcha';
import { apiClient, inProcess, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { runSling } from '../../helpers/sling-process';
import { feedHost, feedUrl, hostList, openphish, urlhausCsv } from '../../helpers/threat-feeds';
import { AGENTS } from '../../helpers/agents';
import { until } from '../../helpers/until';

const N = 2000;

describe(`safety over HTTP on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const dbName = suiteDatabase.name;
  let tdb: TestDatabase;
  let sling: InProcessSling | undefined;
  let env: Record<string, string>;
  let token: string;
  let server: Server;
  let hostsFile: string;
  /** The client of the Sling of the moment (one test restarts it). */
  let sam: ApiClient;

  const createA = (url: string) => sam.call('apiPhpCreate', { body: { url } });
  const createV1 = (url: string) => sam.call('createLink', { body: { url } });
  const linkJson = async (id: number) => (await sam.call('getLink', { params: { id } })).json;
  const start = async (vars: Record<string, string>) => {
    sling = await startInProcessSling(vars);
    sam = apiClient(inProcess(sling), { token });
  };

  async function expectUnsafe(res: ApiResult, field: string, reason: RegExp) {
    expect(res.status).toBe(422);
    const body = res.json;
    expect(body.error).toMatchObject({ code: 'unsafe_url', message: expect.stringMatching(reason), details: { [field]: expect.stringMatching(reason) } });
  }

  beforeAll(async () => {
    tdb = await makeDb();
    server = createServer((req, res) => {
      if (req.url === '/feeds/openphish.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(openphish(N));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const dir = tempDir('sling-feeds-');
    hostsFile = join(dir, 'hosts.txt');
    writeFileSync(hostsFile, hostList(N));
    writeFileSync(join(dir, 'urlhaus.csv'), urlhausCsv(N));
    const feedServer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    env = {
      ...tdb.env,
      ENTERPRISE_LIMIT_PER_MINUTE: '100000',
      SAFETY_STRIKES_PER_HOUR: '1000',
      SAFETY_FEEDS: [hostsFile, join(dir, 'urlhaus.csv'), `${feedServer}/feeds/openphish.txt`].join(','),
    };
    sling = await startInProcessSling(env);
    token = await sling.seed.userWithToken('sam@example.com', { plan: 'enterprise' });
    sam = apiClient(inProcess(sling), { token });
    // The import runs when the workers start, one feed after another (the one over HTTP may come
    // last); until then listed destinations are still accepted. Each probe is refused by one feed.
    const probes = [`https://${feedHost(1)}/`, feedUrl.urlhausCsv(1), feedUrl.openphish(1)];
    await until(
      'every feed to be imported',
      async () => {
        for (const url of probes) if ((await createA(url)).status !== 422) return false;
        return true;
      },
      { timeoutMs: 60_000 },
    );
  });
  afterAll(async () => {
    await sling?.close();
    server?.close();
    await tdb?.drop();
  });

  test('a listed URL and a listed host are refused at create by Variant A, B, REST and /api/v1/shorten, and by PATCH', async () => {
    const hostReason = new RegExp(`host ${feedHost(3).replaceAll('.', '\\.')} is listed as malware or phishing by hosts\\.txt`);
    const urlReason = /address is listed as malware or phishing by 127\.0\.0\.1:\d+/;
    await expectUnsafe(await createA(`https://${feedHost(3)}/x`), 'url', hostReason);
    await expectUnsafe(await createA(feedUrl.openphish(5)), 'url', urlReason);
    // Variant B with the token and URL in the query string, no body.
    const variantB = (longUrl: string) => sam.call('variantBCreate', { as: 'none', query: { token, long_url: longUrl } });
    await expectUnsafe(await variantB(`http://sub.${feedHost(3)}/`), 'long_url', hostReason);
    await expectUnsafe(await variantB(feedUrl.urlhausCsv(9)), 'long_url', /listed as malware or phishing by urlhaus\.csv/);
    await expectUnsafe(await createV1(`https://${feedHost(3)}/`), 'url', hostReason);
    await expectUnsafe(await createV1(feedUrl.openphish(6)), 'url', urlReason);
    // The home page's form, with a solved ALTCHA challenge.
    await expectUnsafe(
      await sam.call('shortenAnonymously', { as: 'none', body: { url: `https://${feedHost(3)}/`, altcha: await altchaPayload(sling!.url) } }),
      'url',
      hostReason,
    );

    const fine = (await createV1('https://example.com/fine')).json;
    expect(fine.status).toBe('active');
    await expectUnsafe(await sam.call('updateLink', { params: { id: fine.id }, body: { url: feedUrl.openphish(7) } }), 'url', urlReason);
    await expectUnsafe(await sam.call('apiPhpUpdate', { query: { slug: fine.short_code }, body: { url: `https://${feedHost(3)}/` } }), 'url', hostReason);
    expect(await linkJson(fine.id)).toMatchObject({ long_url: 'https://example.com/fine', status: 'active' });
  });

  test('a suspicious destination is created pending_review; visitors get the warning, and only "continue anyway" counts a click', async () => {
    const res = await createV1('http://203.0.113.9/invoice.pdf');
    expect(res.status).toBe(201);
    const link = res.json;
    expect(link).toMatchObject({ status: 'pending_review', safety_reason: expect.stringMatching(/bare IP address/) });

    // A browser's agent: clicks from bots are kept but not counted.
    const browser = { 'user-agent': AGENTS.chrome };
    const warning = await fetch(link.short_url, { redirect: 'manual', headers: browser });
    expect((await fetch(`${sling!.url}/l/review/${link.short_code}`, { redirect: 'manual', headers: browser })).status).toBe(200);
    expect(warning.status).toBe(200);
    const html = await warning.text();
    expect(html).toContain('This link may be unsafe');
    expect(html).toContain('bare IP address');
    expect(html).toContain('203.0.113.9');
    expect(html).toContain(`action="/l/review/${link.short_code}"`);
    expect(html).toContain('Continue anyway');

    const go = await fetch(`${sling!.url}/l/review/${link.short_code}`, { method: 'POST', redirect: 'manual', headers: browser });
    expect(go.status).toBe(303);
    expect(go.headers.get('location')).toBe('http://203.0.113.9/invoice.pdf');
    await until('the click to be counted', async () => (await linkJson(link.id)).clicks === 1);
    // The warning views were not counted: one click, from continuing.
    expect((await linkJson(link.id)).clicks).toBe(1);
  });

  test('an import that lists an existing link blocks it: a warning without a way on', async () => {
    const link = (await createV1('https://soon-listed.example/landing')).json;
    expect((await fetch(link.short_url, { redirect: 'manual' })).headers.get('location')).toBe('https://soon-listed.example/landing');

    appendFileSync(hostsFile, 'soon-listed.example\n');
    // The import runs at start (and hourly): a restart is the quickest run, and works on PGlite too.
    const port = sling!.port;
    await sling!.close();
    await start({ ...env, PORT: String(port) }); // the same address: short URLs stay valid
    const blocked = await until(
      'the link to be blocked',
      async () => {
        const json = await linkJson(link.id);
        return json.status === 'blocked' ? json : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(blocked.safety_reason).toBe("The destination's host soon-listed.example is listed as malware or phishing by hosts.txt.");

    const page = await fetch(link.short_url, { redirect: 'manual' });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('This link may be unsafe');
    expect(html).toContain('soon-listed.example is listed as malware or phishing');
    expect(html).not.toContain('Continue anyway');
    expect(html).not.toContain('https://soon-listed.example/landing');
    const forced = await fetch(`${sling!.url}/l/review/${link.short_code}`, { method: 'POST', redirect: 'manual' });
    expect(forced.status).toBe(403);
    expect(forced.headers.get('location')).toBeNull();
  }, 150_000);

  // PostgreSQL only: the CLI can send a job while the server runs (PGlite admits one process).
  if (dbName === 'PostgreSQL') {
    test('sling jobs run safety.import-feeds, while the server runs with the link cached, blocks it at the edge', async () => {
      const link = (await createV1('https://cached-then-listed.example/')).json;
      // Twice: the second answer comes from the edge's cache.
      for (let i = 0; i < 2; i++) expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
      appendFileSync(hostsFile, 'cached-then-listed.example\n');
      const sent = await runSling(['jobs', 'run', 'safety.import-feeds'], env);
      expect(sent.code).toBe(0);
      await until('the edge to stop redirecting', async () => (await fetch(link.short_url, { redirect: 'manual' })).status === 403, { timeoutMs: 30_000 });
      expect(await linkJson(link.id)).toMatchObject({ status: 'blocked', safety_reason: expect.stringContaining('cached-then-listed.example') });
    });
  }
});
