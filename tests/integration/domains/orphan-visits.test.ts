// Orphan visits (issue 34, point 4; docs/guide/orphan-visits.md) through HTTP on Sling in the test
// process: unknown codes (default and custom domain), a custom domain's root showing Sling's page and
// unknown paths are counted with their kind; found and expired links, a root the owner redirects,
// HEAD and Sling's own paths are not; a day's distinct paths fold into "(other)"; each visit is kept
// only for a workspace that asks; the API's totals and top paths, its 404 for another workspace's
// domain, the CSV export, and the retention job.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applyRetention } from '../../../lib/analytics/apply-retention';
import { openDatabase } from '../../../lib/db/open-database';
import { apiClient, inProcess, offSchema, type ApiClient } from '../../helpers/api-client';
import { parseCsv } from '../../helpers/csv';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { seedLandingFixture, type LandingFixture, type LandingWho } from '../../helpers/landing-fixtures';
import { until } from '../../helpers/until';

const HOST = 'go.orphans.test';
const REDIRECTING = 'home.orphans.test';
const MANY = 'many.orphans.test';
const FOREIGN = 'go.outsider.test';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

type Row = { domain_id: number; kind: string; path: string; visits: number };

/** A request with any Host header (fetch does not let one set it). */
function visit(port: number, host: string, path: string, method = 'GET', headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

describe(`orphan visits on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let f: LandingFixture;
  let id: number;
  let defaultDomain: number;
  const as = (who: LandingWho = 'owner') => api.as({ token: f.tokens[who] });
  const counts = (domainId: number) =>
    sling.handle.query<Row>('SELECT domain_id, kind, path, visits FROM orphan_visit_counts WHERE domain_id = $1 ORDER BY kind, path', [domainId]);
  /** Waits for the tally's next write to show `path` of `kind` with at least `n` visits. */
  const counted = (domainId: number, kind: string, path: string, n = 1) =>
    until(`${kind} ${path} counted`, async () => (await counts(domainId)).find((r) => r.kind === kind && r.path === path && Number(r.visits) >= n));

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    f = await seedLandingFixture(tdb, [HOST, REDIRECTING, MANY]);
    id = f.domains[HOST];
    sling = await startInProcessSling({ ...tdb.env, ORPHAN_FLUSH_MS: '50', ENTERPRISE_LIMIT_PER_HOUR: '100000', ENTERPRISE_LIMIT_PER_MINUTE: '100000' });
    api = apiClient(inProcess(sling));
    [{ id: defaultDomain }] = await sling.handle.query<{ id: number }>('SELECT id FROM domains WHERE is_default');
  }, 120_000);
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  test('unknown codes, a root showing Sling’s page and unknown paths are counted with their kind; links, expired links and Sling’s own paths are not', async () => {
    const live = await as().call('createLink', { body: { url: 'https://example.com/live', domain_id: id, alias: 'live-one' } });
    expect(live.status).toBe(201);
    const expired = await as().call('createLink', { body: { url: 'https://example.com/old', domain_id: id, alias: 'old-one' } });
    await sling.handle.query(`UPDATE links SET expires_at = now() - interval '1 hour' WHERE id = $1`, [expired.json.id]);
    const onDefault = await as().call('createLink', { body: { url: 'https://example.com/default', alias: 'on-default' } });
    expect(onDefault.status).toBe(201);
    await as().call('updateDomain', { params: { id: f.domains[REDIRECTING] }, body: { root_redirect_url: 'https://example.com/home' } });

    // Not orphans: found links, an expired link, HEAD, Sling's own paths, a root the owner redirects.
    expect(await visit(sling.port, HOST, '/live-one')).toBe(302);
    expect(await visit(sling.port, HOST, '/old-one')).not.toBe(302);
    expect(await visit(sling.port, '127.0.0.1', '/on-default')).toBe(302);
    expect(await visit(sling.port, HOST, '/headed', 'HEAD')).toBe(404);
    for (const path of ['/favicon.ico', '/.well-known/acme-challenge/abc', '/.well-known/assetlinks.json', '/_og/nothing.png'])
      await visit(sling.port, HOST, path);
    for (const path of ['/api/v1/nothing', '/healthz', '/login', '/favicon.ico', '/l/expired/old-one', '/']) await visit(sling.port, '127.0.0.1', path);
    expect(await visit(sling.port, REDIRECTING, '/')).toBe(302);

    // Orphans.
    expect(await visit(sling.port, HOST, '/Spring-Sale')).toBe(404);
    expect(await visit(sling.port, HOST, '/spring-sale?utm_source=flyer')).toBe(404);
    expect(await visit(sling.port, HOST, '/')).toBe(200);
    expect(await visit(sling.port, HOST, '/menu/2024/lunch.pdf?table=4')).toBe(404);
    expect(await visit(sling.port, HOST, '/wp-login.php')).toBe(404);
    expect(await visit(sling.port, '127.0.0.1', '/NoSuchCode')).toBe(404);

    await counted(id, 'code', 'spring-sale', 2);
    await counted(defaultDomain, 'code', 'nosuchcode');
    const rows = await counts(id);
    expect(rows.map((r) => [r.kind, r.path, Number(r.visits)])).toEqual([
      ['code', 'spring-sale', 2],
      ['path', '/menu/2024/lunch.pdf', 1],
      ['path', '/wp-login.php', 1],
      ['root', '', 1],
    ]);
    expect((await counts(defaultDomain)).map((r) => [r.kind, r.path, Number(r.visits)])).toEqual([['code', 'nosuchcode', 1]]);
    expect(await counts(f.domains[REDIRECTING])).toEqual([]);
  });

  test('past 1,000 distinct paths in a day a domain’s visits count under "(other)", of their kind', async () => {
    const many = f.domains[MANY];
    for (let i = 0; i < 1005; i++) await visit(sling.port, MANY, `/box/${i}`);
    await visit(sling.port, MANY, '/box/0');
    await visit(sling.port, MANY, '/code-after-the-bound');
    const other = await counted(many, 'path', '(other)', 5);
    expect(Number(other.visits)).toBe(5);
    await counted(many, 'code', '(other)');
    const rows = await counts(many);
    expect(rows.filter((r) => r.path !== '(other)')).toHaveLength(1000);
    expect(rows.find((r) => r.path === '/box/0')?.visits).toBe(2);
    expect(rows.reduce((n, r) => n + Number(r.visits), 0)).toBe(1007);
  }, 120_000);

  test('each visit is kept only for a workspace that asks (log_orphan_visits), without the IP', async () => {
    const kept = () => sling.handle.query<Record<string, unknown>>('SELECT * FROM orphan_visits WHERE domain_id = $1 ORDER BY visited_at', [id]);
    await visit(sling.port, FOREIGN, '/not-kept');
    await counted(f.foreignDomain, 'code', 'not-kept');
    expect(await kept()).toEqual([]);

    expect((await as('member').call('setOrphanLogging', { body: { log_orphan_visits: true } })).status).toBe(403);
    const on = await as('admin').call('setOrphanLogging', { body: { log_orphan_visits: true } });
    expect(on.status).toBe(200);
    expect(on.json).toEqual({ log_orphan_visits: true });
    expect((await as('admin').call('setOrphanLogging', { body: offSchema({ log_orphan_visits: 'yes' }) })).status).toBe(400);
    // Edges learn the choice with their next write: a visit or two later, each is kept.
    const rows = await until('a kept visit', async () => {
      await visit(sling.port, HOST, '/kept-code', 'GET', { 'user-agent': CHROME, referer: 'https://news.example/post' });
      const r = await kept();
      return r.length > 0 && r;
    });
    expect(rows[0]).toMatchObject({ kind: 'code', path: 'kept-code', referrer: 'https://news.example/post', device: 'desktop', browser: 'Chrome', bot: false });
    expect(Object.values(rows[0])).not.toContain('127.0.0.1');
    await visit(sling.port, FOREIGN, '/still-not-kept');
    await counted(f.foreignDomain, 'code', 'still-not-kept');
    expect(await sling.handle.query('SELECT 1 FROM orphan_visits WHERE domain_id = $1', [f.foreignDomain])).toEqual([]);

    const csv = await as().call('exportOrphanVisits', { params: { id }, query: { visits: '1' } });
    expect(csv.status).toBe(200);
    const [header, first] = parseCsv(csv.text);
    expect(header).toEqual(['visited_at', 'kind', 'path', 'referrer', 'user_agent', 'country', 'device', 'browser', 'bot']);
    expect(first.slice(1, 4)).toEqual(['code', 'kept-code', 'https://news.example/post']);
  });

  test('GET /api/v1/domains/{id}/orphan-visits: totals per kind and the top paths; another workspace’s domain and the shared one are 404', async () => {
    const answer = await as('member').call('getOrphanVisits', { params: { id } });
    expect(answer.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.json).toMatchObject({ domain: { id, hostname: HOST }, end: today, log_orphan_visits: true });
    expect(answer.json.totals).toMatchObject({ code: expect.any(Number), root: 1, path: 2 });
    expect(answer.json.totals.all).toBe(answer.json.totals.code + 3);
    expect(answer.json.top).toContainEqual({ kind: 'code', path: 'spring-sale', visits: 2 });
    const visits = answer.json.top.map((t: { visits: number }) => t.visits);
    expect(visits).toEqual([...visits].sort((a, b) => b - a));

    const codes = await as().call('getOrphanVisits', { params: { id }, query: { kind: 'path', limit: '1' } });
    expect(codes.json.top).toEqual([{ kind: 'path', path: '/menu/2024/lunch.pdf', visits: 1 }]);
    const before = await as().call('getOrphanVisits', { params: { id }, query: { start: '2020-01-01', end: '2020-01-31' } });
    expect(before.json.totals).toEqual({ code: 0, root: 0, path: 0, all: 0 });

    expect((await as('outsider').call('getOrphanVisits', { params: { id } })).status).toBe(404);
    expect((await as('outsider').call('exportOrphanVisits', { params: { id } })).status).toBe(404);
    expect((await as().call('getOrphanVisits', { params: { id: defaultDomain } })).status).toBe(404);
    expect((await as().call('getOrphanVisits', { params: { id: 'abc' } })).status).toBe(404);
    const bad = await as().call('getOrphanVisits', { params: { id }, query: { start: '2027-02-30' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('invalid_request');
    expect((await as().call('getOrphanVisits', { params: { id }, query: { start: '2027-02-01', end: '2027-01-01' } })).status).toBe(400);
  });

  test('GET /api/v1/domains/{id}/orphan-visits/export: the daily counts as CSV', async () => {
    const csv = await as().call('exportOrphanVisits', { params: { id } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`${HOST}-orphan-counts-`));
    const today = new Date().toISOString().slice(0, 10);
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['day', 'kind', 'path', 'visits']);
    expect(rows).toContainEqual([today, 'code', 'spring-sale', '2']);
    expect(rows).toContainEqual([today, 'path', '/menu/2024/lunch.pdf', '1']);
    expect(rows).toContainEqual([today, 'root', '', '1']);
  });

  test('the retention job deletes counts and kept visits past the workspace’s click retention', async () => {
    const other = f.foreignDomain;
    await sling.handle.query(`UPDATE workspaces SET plan = 'free' WHERE id = (SELECT workspace_id FROM domains WHERE id = $1)`, [other]);
    await sling.handle.query(
      `INSERT INTO orphan_visit_counts (domain_id, day, kind, path, visits) VALUES ($1, current_date - 40, 'code', 'ancient', 3), ($1, current_date - 10, 'code', 'recent', 4)`,
      [other],
    );
    await sling.handle.query(
      `INSERT INTO orphan_visits (domain_id, visited_at, kind, path) VALUES ($1, now() - interval '40 days', 'code', 'ancient'), ($1, now() - interval '10 days', 'code', 'recent')`,
      [other],
    );
    await sling.handle.query(`INSERT INTO orphan_visits (domain_id, visited_at, kind, path) VALUES ($1, now() - interval '400 days', 'code', 'enterprise')`, [
      id,
    ]);
    await applyRetention(sling.handle);
    expect((await counts(other)).map((r) => r.path)).not.toContain('ancient');
    expect((await counts(other)).map((r) => r.path)).toContain('recent');
    expect((await sling.handle.query<{ path: string }>('SELECT path FROM orphan_visits WHERE domain_id = $1', [other])).map((r) => r.path)).toEqual(['recent']);
    // The owner's workspace is on Enterprise: kept.
    expect(await sling.handle.query('SELECT 1 FROM orphan_visits WHERE domain_id = $1 AND path = $2', [id, 'enterprise'])).toHaveLength(1);
  });
});

describe(`orphan visit counts at shutdown on ${suiteDatabase.name}`, () => {
  test('a graceful stop writes the counts still in memory', async () => {
    const tdb = await suiteDatabase.migrated();
    try {
      const sling = await startInProcessSling({ ...tdb.env, ORPHAN_FLUSH_MS: '60000' });
      try {
        expect(await visit(sling.port, '127.0.0.1', '/gone-at-stop')).toBe(404);
        expect(await sling.handle.query('SELECT 1 FROM orphan_visit_counts')).toEqual([]);
      } finally {
        await sling.close();
      }
      const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 1 });
      try {
        expect(await handle.query('SELECT kind, path, visits FROM orphan_visit_counts')).toEqual([{ kind: 'code', path: 'gone-at-stop', visits: 1 }]);
      } finally {
        await handle.close();
      }
    } finally {
      await tdb.drop();
    }
  }, 120_000);
});
