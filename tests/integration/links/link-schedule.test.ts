// What a link does before it starts and after it ends (issue 31, point 4): before `starts_at`
// visitors get the "not yet" page (404), or the domain's not_found_url; once it starts, the redirect.
// An expired or used-up link sends visitors to its `expired_url`, else to its domain's, else shows
// "Link Expired" as before; those visits are not clicks. Over HTTP, with the server's clock moved,
// on the default domain and on a custom domain, on both databases.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { manualClock, type ManualClock } from '../../../lib/core/clock';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { seedLandingFixture, type LandingFixture } from '../../helpers/landing-fixtures';
import { until } from '../../helpers/until';

const HOST = 'go.schedule.test';
const D = 'https://dest.example';
const HOUR = 3_600_000;

type Answer = { status: number; location: string | undefined; body: string };

describe(`starts_at and expired_url on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let f: LandingFixture;
  let owner: ApiClient;
  let clock: ManualClock;
  const T0 = Date.parse('2027-02-01T09:00:00Z');

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    f = await seedLandingFixture(tdb, [HOST]);
    clock = manualClock(T0);
    sling = await startInProcessSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9' }, { clock });
    owner = apiClient(inProcess(sling), { token: f.tokens.owner });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** A visit with a browser's agent on `host` (the default domain's when not given). */
  const visit = (path: string, host = new URL(sling.url).host): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: sling.port, path, headers: { host, 'user-agent': AGENTS.chrome } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
      });
      req.on('error', reject);
      req.end();
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await owner.call('createLink', { body: { url: `${D}/live`, ...body } as never });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  };
  const clicksOf = async (id: number) => (await owner.call('getLink', { params: { id } })).json.clicks as number;

  test('before starts_at: the "not yet" page (404) and status scheduled; from then on, the redirect', async () => {
    const link = await create({ starts_at: new Date(T0 + HOUR).toISOString() });
    expect(link.starts_at).toBe(new Date(T0 + HOUR).toISOString());
    expect(link.status).toBe('scheduled');
    const early = await visit(`/${link.short_code}`);
    expect(early.status).toBe(404);
    expect(early.body).toContain('This link is not active yet');
    expect(early.body).toContain('1 February 2027 at 10:00 UTC');
    const listed = async (status: string) =>
      (await owner.call('listLinks', { query: { status } })).json.links.some((l: { id: number }) => l.id === link.id) as boolean;
    expect([await listed('scheduled'), await listed('active')]).toEqual([true, false]);

    clock.set(T0 + HOUR);
    expect(await visit(`/${link.short_code}`)).toMatchObject({ status: 302, location: `${D}/live` });
    expect((await owner.call('getLink', { params: { id: link.id } })).json.status).toBe('active');
    expect([await listed('scheduled'), await listed('active')]).toEqual([false, true]);
    clock.set(T0);
  });

  test('an expired link sends visitors to its expired_url, without counting them; without one, "Link Expired" as before', async () => {
    const dated = await create({ expiration: new Date(T0 + HOUR).toISOString(), expired_url: `${D}/over` });
    const plain = await create({ expiration: new Date(T0 + HOUR).toISOString() });
    expect(dated.expired_url).toBe(`${D}/over`);
    expect(await visit(`/${dated.short_code}`)).toMatchObject({ status: 302, location: `${D}/live` });
    clock.set(T0 + HOUR);
    expect(await visit(`/${dated.short_code}?ref=x`)).toMatchObject({ status: 302, location: `${D}/over` });
    expect((await visit(`/${plain.short_code}`)).status).toBe(410);
    await until('the one click before the end to be counted', async () => (await clicksOf(dated.id)) === 1);

    const limited = await create({ max_clicks: 1, expired_url: `${D}/sold-out` });
    expect(await visit(`/${limited.short_code}`)).toMatchObject({ status: 302, location: `${D}/live` });
    expect(await visit(`/${limited.short_code}`)).toMatchObject({ status: 302, location: `${D}/sold-out` });
    await until('the limited link to have counted one click', async () => (await clicksOf(limited.id)) === 1);
    expect(await clicksOf(limited.id)).toBe(1);
    clock.set(T0);
  });

  test("a custom domain's expired_url is the default for its links; its not_found_url catches links not started yet", async () => {
    const domainId = f.domains[HOST];
    const set = await owner.call('updateDomain', { params: { id: domainId }, body: { expired_url: `${D}/domain-over`, not_found_url: `${D}/nothing-here` } });
    expect(set.status).toBe(200);
    expect(set.json.domain.expired_url).toBe(`${D}/domain-over`);
    const own = await create({ domain_id: domainId, max_clicks: 1, expired_url: `${D}/own-over` });
    const inherits = await create({ domain_id: domainId, max_clicks: 1 });
    const later = await create({ domain_id: domainId, starts_at: new Date(T0 + HOUR).toISOString() });
    for (const l of [own, inherits]) await visit(`/${l.short_code}`, HOST);
    expect(await visit(`/${own.short_code}`, HOST)).toMatchObject({ status: 302, location: `${D}/own-over` });
    expect(await visit(`/${inherits.short_code}`, HOST)).toMatchObject({ status: 302, location: `${D}/domain-over` });
    expect(await visit(`/${later.short_code}`, HOST)).toMatchObject({ status: 302, location: `${D}/nothing-here` });
    // Removing the domain's fallback brings the page back.
    await owner.call('updateDomain', { params: { id: domainId }, body: { expired_url: null } });
    await until('the domain change to reach the edge', async () => (await visit(`/${inherits.short_code}`, HOST)).status === 410);
  });

  test('PATCH sets and removes both; bad values are 400s naming the field', async () => {
    const link = await create({});
    const patch = (body: Record<string, unknown>) => owner.call('updateLink', { params: { id: link.id }, body: body as never });
    const later = await patch({ starts_at: new Date(T0 + 2 * HOUR).toISOString(), expired_url: `${D}/after` });
    expect(later.status).toBe(200);
    expect(later.json).toMatchObject({ status: 'scheduled', expired_url: `${D}/after` });
    expect((await visit(`/${link.short_code}`)).status).toBe(404);
    const cleared = await patch({ starts_at: null, expired_url: null });
    expect(cleared.json).toMatchObject({ status: 'active', starts_at: null, expired_url: null });
    expect(await visit(`/${link.short_code}`)).toMatchObject({ status: 302, location: `${D}/live` });

    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await owner.call('createLink', { body: { url: `${D}/x`, ...body } as never });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(Object.keys(res.json.error.details)).toEqual([field]);
    };
    await bad({ starts_at: 'next tuesday' }, 'starts_at');
    await bad({ expired_url: 'javascript:alert(1)' }, 'expired_url');
    await bad({ expired_url: `${sling.url}/loop` }, 'expired_url');
    await bad({ starts_at: new Date(T0 + 2 * HOUR).toISOString(), expiration: new Date(T0 + HOUR).toISOString() }, 'starts_at');
    expect((await patch({ starts_at: new Date(T0 + 400 * HOUR).toISOString(), expiration: new Date(T0 + HOUR).toISOString() })).status).toBe(400);
  });
});
