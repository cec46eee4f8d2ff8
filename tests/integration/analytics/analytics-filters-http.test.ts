// Filters over HTTP, on clicks made through the edge: ?country= narrows /api/v1/analytics and
// /api/v1/links/{id}/stats alike; a bad shape is a 400 naming the parameter; an unknown value is an
// empty answer; another workspace's link stays a 404 whatever the filters.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { AGENTS } from '../../helpers/agents';
import { createPgliteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';

describe('statistics filters over HTTP', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    ann = await createUserWithToken(tdb.env, 'ann@example.com', 'business');
    bob = await createUserWithToken(tdb.env, 'bob@example.com', 'business');
    sling = await startSling({ ...tdb.env, TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  const api = (token: string, path: string, init: RequestInit = {}) =>
    fetch(`${sling.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });
  const getJson = async (token: string, path: string) => (await api(token, path)).json();
  const createLink = async (token: string, alias: string) =>
    (await (await api(token, '/api.php', { method: 'POST', body: JSON.stringify({ url: `https://example.com/${alias}`, alias }) })).json()) as { id: number };
  const visit = (code: string, ip: string, ua: string) => fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': ua } });

  test('a country narrows the workspace\'s and a link\'s statistics; bad shapes are 400s; the scope holds', async () => {
    const a = await createLink(ann, 'filter-a');
    const b = await createLink(ann, 'filter-b');
    const bobs = await createLink(bob, 'filter-bob');
    for (const [code, ip, ua] of [
      ['filter-a', '8.8.8.8', AGENTS.chrome], ['filter-a', '8.8.8.8', AGENTS.chrome], ['filter-a', '81.2.69.160', AGENTS.iphone],
      ['filter-b', '81.2.69.160', AGENTS.chrome], ['filter-b', '8.8.8.8', AGENTS.iphone], ['filter-bob', '81.2.69.160', AGENTS.chrome],
    ] as const) expect((await visit(code, ip, ua)).status).toBe(302);
    await until('the clicks in the stats', async () => (await getJson(ann, '/api/v1/analytics')).clicks === 5 && (await getJson(bob, '/api/v1/analytics')).clicks === 1, { timeoutMs: 10_000, intervalMs: 100 });

    const gb = await getJson(ann, '/api/v1/analytics?country=GB');
    expect(gb).toMatchObject({ clicks: 2, unique_visitors: 2, countries: [{ value: 'GB', clicks: 2 }], devices: [{ value: 'desktop', clicks: 1 }, { value: 'mobile', clicks: 1 }] });
    expect(gb.links).toEqual([{ value: String(a.id), short_code: 'filter-a', clicks: 1 }, { value: String(b.id), short_code: 'filter-b', clicks: 1 }]);
    expect(gb.timeseries.points.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(2);
    expect((await getJson(ann, '/api/v1/analytics?country=gb&device=mobile')).clicks).toBe(1);
    expect((await getJson(ann, `/api/v1/analytics?country=GB&link_id=${b.id}`)).clicks).toBe(1);
    expect((await getJson(ann, '/api/v1/analytics?browser=Netscape')).clicks).toBe(0);
    const linkUs = await getJson(ann, `/api/v1/links/${a.id}/stats?country=US`);
    expect(linkUs).toMatchObject({ clicks: 2, unique_visitors: 1, browsers: [{ value: 'Chrome', clicks: 2 }] });

    for (const path of ['/api/v1/analytics?country=GBR', `/api/v1/links/${a.id}/stats?country=G1`]) {
      const res = await api(ann, path);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: 'invalid_request', details: { country: expect.stringContaining('two-letter') } });
    }
    const empty = await api(ann, '/api/v1/analytics?device=');
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.details).toHaveProperty('device');

    // Bob's link, by id, under any filter: not found from Ann's workspace.
    expect((await api(ann, `/api/v1/analytics?link_id=${bobs.id}&country=GB`)).status).toBe(404);
    expect((await api(ann, `/api/v1/links/${bobs.id}/stats?country=GB`)).status).toBe(404);
    expect((await getJson(bob, '/api/v1/analytics?country=GB')).clicks).toBe(1);

    // The previous period, on request only (none of these clicks fall in it).
    expect((await getJson(ann, '/api/v1/analytics')).previous).toBeUndefined();
    const compared = await getJson(ann, '/api/v1/analytics?compare=previous&country=GB');
    expect(compared).toMatchObject({ clicks: 2, previous: { clicks: 0, unique_visitors: 0, from: expect.any(String), to: expect.any(String) } });
    expect((await getJson(ann, `/api/v1/links/${a.id}/stats?compare=previous`)).previous).toMatchObject({ clicks: 0 });
    const badCompare = await api(ann, '/api/v1/analytics?compare=last-year');
    expect(badCompare.status).toBe(400);
    expect((await badCompare.json()).error.details).toHaveProperty('compare');
  });
});
