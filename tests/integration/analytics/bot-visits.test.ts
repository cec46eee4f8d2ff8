// Bots beside the clicks (docs/guide/analytics.md, "Bots and link previews"): visits made over HTTP by
// link-preview fetchers, crawlers, curl and a HEAD request are reported as `bots`, named by agent, and
// never counted as clicks, except on a link with count_bots, whose bots' visits are clicks in every
// number; workspace statistics sum them over the workspace's links and never show another's.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const TWITTERBOT = 'Twitterbot/1.0';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const CURL = 'curl/8.5.0';
const DISCORDBOT = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';

describe(`bots beside the clicks on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let ann: ApiClient;
  let bob: ApiClient;
  let plain: { id: number; short_code: string };
  let counting: { id: number; short_code: string };

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, CLICK_FLUSH_MS: '50' });
    const nobody = apiClient(inProcess(sling));
    ann = nobody.as({ token: await sling.seed.userWithToken('ann-bots@example.com', { plan: 'business' }) });
    bob = nobody.as({ token: await sling.seed.userWithToken('bob-bots@example.com', { plan: 'business' }) });
    // ann's two links (one counts bots) and bob's, visited by bots and people.
    plain = await create(ann, { alias: 'bots-plain' });
    counting = await create(ann, { alias: 'bots-counted', count_bots: true });
    const theirs = await create(bob, { alias: 'bots-theirs' });
    expect(
      await Promise.all([
        visit(plain.short_code, AGENTS.slackbot),
        visit(plain.short_code, AGENTS.slackbot),
        visit(plain.short_code, TWITTERBOT),
        visit(plain.short_code, FACEBOOK),
        visit(plain.short_code, CURL),
        visit(plain.short_code, AGENTS.chrome, 'HEAD'),
        visit(plain.short_code, AGENTS.iphone),
        visit(counting.short_code, AGENTS.slackbot),
        visit(counting.short_code, AGENTS.chrome),
        visit(theirs.short_code, DISCORDBOT),
      ]),
    ).toEqual(Array(10).fill(302));
    await stored(10);
    // The people's two clicks in the rollups, and the count_bots link's bot from its raw row.
    await until('the clicks counted', async () => (await ann.call('workspaceStats')).json.clicks === 3);
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = async (code: string, agent: string, method = 'GET') => {
    const res = await fetch(`${sling.url}/${code}`, { method, redirect: 'manual', headers: { 'user-agent': agent } });
    await res.arrayBuffer();
    return res.status;
  };
  const create = async (who: ApiClient, body: Record<string, unknown>) => {
    const res = await who.call('createLink', { body: { url: 'https://example.com/bots', ...body } });
    expect(res.status).toBe(201);
    return res.json as { id: number; short_code: string };
  };
  const stored = (n: number) =>
    until(`${n} visits stored`, async () => {
      const [row] = await sling.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks');
      return row.n >= n;
    });
  const sum = (points: Array<{ clicks: number }>) => points.reduce((s, p) => s + p.clicks, 0);

  test('GET /api/v1/links/{id}/stats: bots, preview fetchers, curl and HEAD are bots, named, and not clicks', async () => {
    const stats = (await ann.call('linkStats', { params: { id: plain.id } })).json;
    expect(stats).toMatchObject({ clicks: 1, unique_visitors: 1, bots: 6, bots_counted: 0 });
    expect(stats.bot_agents).toEqual([
      { name: 'Slackbot', visits: 2 },
      { name: 'curl', visits: 1 },
      { name: 'Facebook', visits: 1 },
      { name: 'HEAD request', visits: 1 },
      { name: 'Twitterbot', visits: 1 },
    ]);
    expect(sum(stats.timeseries.points)).toBe(1);
    expect(stats.browsers).toEqual([{ value: 'Mobile Safari', clicks: 1 }]);
  });

  test('a count_bots link counts its bots as clicks: totals, chart, breakdowns, filtered or not', async () => {
    const stats = (await ann.call('linkStats', { params: { id: counting.id } })).json;
    expect(stats).toMatchObject({ clicks: 2, bots: 1, bots_counted: 1, bot_agents: [{ name: 'Slackbot', visits: 1 }] });
    expect(sum(stats.timeseries.points)).toBe(2);
    expect(stats.triggers).toEqual([{ value: 'link', clicks: 2 }]);
    expect(stats.browsers).toEqual([
      { value: '(unknown)', clicks: 1 },
      { value: 'Chrome', clicks: 1 },
    ]);
    // Filtered, the numbers come from the raw clicks, and say the same.
    const filtered = (await ann.call('linkStats', { params: { id: counting.id }, query: { trigger: 'link' } })).json;
    expect(filtered).toMatchObject({ clicks: 2, bots: 1, bots_counted: 1 });
    expect(sum(filtered.timeseries.points)).toBe(2);
    // The plain link, filtered, still leaves its bots out.
    expect((await ann.call('linkStats', { params: { id: plain.id }, query: { trigger: 'link' } })).json).toMatchObject({ clicks: 1, bots: 6 });
  });

  test('GET /api/v1/analytics sums bots over the workspace’s links and never shows another workspace’s', async () => {
    const stats = (await ann.call('workspaceStats')).json;
    expect(stats).toMatchObject({ clicks: 3, bots: 7, bots_counted: 1 });
    expect(stats.bot_agents[0]).toEqual({ name: 'Slackbot', visits: 3 });
    expect(stats.bot_agents.map((a: { name: string }) => a.name)).not.toContain('Discordbot');
    expect(stats.links).toEqual([
      { value: String(counting.id), short_code: counting.short_code, clicks: 2 },
      { value: String(plain.id), short_code: plain.short_code, clicks: 1 },
    ]);
    expect(sum(stats.timeseries.points)).toBe(3);
    // One link of the workspace narrows the bots too.
    expect((await ann.call('workspaceStats', { query: { link_id: String(plain.id) } })).json).toMatchObject({ clicks: 1, bots: 6, bots_counted: 0 });
    // The other workspace sees its own bot only.
    expect((await bob.call('workspaceStats')).json).toMatchObject({ clicks: 0, bots: 1, bot_agents: [{ name: 'Discordbot', visits: 1 }] });
  });

  test('turning count_bots off stops counting the link’s bots at once, past visits included', async () => {
    expect((await ann.call('updateLink', { params: { id: counting.id }, body: { count_bots: false } })).status).toBe(200);
    expect((await ann.call('linkStats', { params: { id: counting.id } })).json).toMatchObject({ clicks: 1, bots: 1, bots_counted: 0 });
    expect((await ann.call('updateLink', { params: { id: counting.id }, body: { count_bots: true } })).status).toBe(200);
  });
});
