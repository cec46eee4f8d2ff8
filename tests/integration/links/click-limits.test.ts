// A link's click limit, as its visitors reach it: the edge counts towards `max_clicks` the visits the
// database counts (a browser's GET), never a bot's (curl, crawlers, by user agent) or a HEAD, so the
// link stops at the count the API shows, and a restart (the cache rebuilt from the stored count)
// does not bring it back. Sling in the test process, visited over HTTP with real agents, on both
// databases. It once answered 410 after curl's visits while the API said 0 clicks and "active", and
// redirected again after a restart (docs/guide/features.md, "Click limits"). A link with
// `count_bots` counts every visit, bots' and HEAD too, at the edge as in the stored count.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const CURL = 'curl/8.5.0';
const OWNER = 'limits@example.com';
const ENV = { CLICK_FLUSH_MS: '50' };

describe(`click limits on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, ...ENV });
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken(OWNER, { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = (code: string, agent: string, method = 'GET') =>
    fetch(`${sling.url}/${code}`, { method, redirect: 'manual', headers: { 'user-agent': agent } }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  const read = async (id: number) => (await owner.call('getLink', { params: { id } })).json as { clicks: number; status: string };

  test("bots' visits and HEAD are answered without using up the limit; browsers' visits do, at the edge as in the stored count, across a restart", async () => {
    const created = await owner.call('createLink', { body: { url: 'https://example.com/limited', max_clicks: 2 } });
    expect(created.status).toBe(201);
    const { id, short_code: code } = created.json;

    // curl, a crawler and a HEAD: each redirected, none counted.
    expect([await visit(code, CURL), await visit(code, CURL), await visit(code, AGENTS.googlebot), await visit(code, AGENTS.chrome, 'HEAD')]).toEqual([
      302, 302, 302, 302,
    ]);
    // Two browser visits use the limit up; the third is the expired page.
    expect([await visit(code, AGENTS.chrome), await visit(code, AGENTS.iphone), await visit(code, AGENTS.chrome)]).toEqual([302, 302, 410]);
    // And from then on for everyone, bots included.
    expect(await visit(code, CURL)).toBe(410);
    // The API counts the same two visits, and says the link is expired.
    await until('the two visits to be stored', async () => (await read(id)).clicks === 2);
    expect(await read(id)).toMatchObject({ clicks: 2, status: 'expired' });

    // A restart rebuilds the cache from the stored count: still expired.
    await sling.close();
    sling = await startInProcessSling({ ...tdb.env, ...ENV });
    owner = apiClient(inProcess(sling), { token: await sling.seed.token(OWNER) });
    expect(await visit(code, AGENTS.chrome)).toBe(410);
    expect(await read(id)).toMatchObject({ clicks: 2, status: 'expired' });
  });

  test('with count_bots, bots and HEAD use the limit up too, at the edge as in the stored count, across a restart', async () => {
    const created = await owner.call('createLink', { body: { url: 'https://example.com/all-count', max_clicks: 3, count_bots: true } });
    expect(created.status).toBe(201);
    expect(created.json.count_bots).toBe(true);
    const { id, short_code: code } = created.json;
    expect([await visit(code, CURL), await visit(code, AGENTS.chrome, 'HEAD'), await visit(code, AGENTS.chrome), await visit(code, AGENTS.chrome)]).toEqual([
      302, 302, 302, 410,
    ]);
    // The API still counts people's clicks only, and says the link is expired (by the visits it counts).
    await until('the visits to be stored', async () => (await read(id)).status === 'expired');
    expect(await read(id)).toMatchObject({ clicks: 1, status: 'expired' });
    const [row] = await sling.handle.query<{ bot_clicks: number }>('SELECT bot_clicks::int AS bot_clicks FROM links WHERE id = $1', [id]);
    expect(row.bot_clicks).toBe(2);

    await sling.close();
    sling = await startInProcessSling({ ...tdb.env, ...ENV });
    owner = apiClient(inProcess(sling), { token: await sling.seed.token(OWNER) });
    expect(await visit(code, CURL)).toBe(410);

    // Turned off, the bots' visits no longer count: the link has one click of three and comes back.
    const off = await owner.call('updateLink', { params: { id }, body: { count_bots: false } });
    expect(off.json).toMatchObject({ count_bots: false, status: 'active' });
    expect(await visit(code, AGENTS.chrome)).toBe(302);
  });
});
