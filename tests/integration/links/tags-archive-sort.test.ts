// Tags, archive and sorting of links over REST v1, on Sling in the test process (the API through its
// router, visits through its edge): tags are normalised and limited, filter the list and the
// statistics; an archived link leaves the default list but still redirects; the list sorts by code,
// destination and clicks inside the workspace; exports follow the statistics' filters (the same
// numbers); favicons of referrers are served, and favicon requests do not spend a signed-in
// session's rate-limit budget.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createLink, listLinks, updateLink } from '../../../lib/openapi/operations/links';
import type { workspaceStats } from '../../../lib/openapi/operations/stats';
import { defaultTagColor } from '../../../lib/tags/tag-colors';
import { parseCsv } from '../../helpers/csv';
import { signUpAndInVia } from '../../helpers/accounts';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, offSchema, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

type LinkJson = { id: number; short_code: string; tags: string[]; archived: boolean; archived_at: string | null; clicks: number };
type ListQuery = NonNullable<CallOptions<typeof listLinks>['query']>;
type StatsQuery = Exclude<CallOptions<typeof workspaceStats>['query'], undefined>;

describe('link tags, archive, sorting and filtered exports', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let ann: ApiClient;
  let bob: ApiClient;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true', FAVICONS_TIMEOUT_MS: '500' });
    api = apiClient(inProcess(sling));
    ann = api.as({ token: await sling.seed.userWithToken('ann@example.com', { plan: 'business' }) });
    bob = api.as({ token: await sling.seed.userWithToken('bob@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (who: ApiClient, body: CallOptions<typeof createLink>['body']) => {
    const res = await who.call('createLink', { body });
    expect(res.status, JSON.stringify(body)).toBe(201);
    return res.json as LinkJson;
  };
  const patch = (who: ApiClient, id: number, body: CallOptions<typeof updateLink>['body']) => who.call('updateLink', { params: { id }, body });
  const codes = async (who: ApiClient, query: ListQuery) => ((await who.call('listLinks', { query })).json.links as LinkJson[]).map((l) => l.short_code);
  const stats = async (who: ApiClient, query: StatsQuery) => (await who.call('workspaceStats', { query })).json;
  const visit = (code: string, ip: string, referer?: string) =>
    fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'x-forwarded-for': ip, 'user-agent': AGENTS.chrome, ...(referer ? { referer } : {}) } });

  test('tags are normalised, limited to ten, listed, and filter the list; bad tags are 400s naming the field', async () => {
    const a = await create(ann, { url: 'https://example.com/a', alias: 'tag-a', tags: [' Spring Sale ', 'NEWS', 'news'] });
    expect(a.tags).toEqual(['spring-sale', 'news']);
    const b = await create(ann, { url: 'https://example.com/b', alias: 'tag-b', tags: ['news'] });
    await create(bob, { url: 'https://example.com/bob', alias: 'tag-bob', tags: ['news', 'bobs'] });

    for (const tags of [Array.from({ length: 11 }, (_, i) => `t${i}`), ['ok', 'no spaces? no!'], 'news', [''], ['x'.repeat(33)], [7]]) {
      const res = await ann.call('createLink', { body: offSchema({ url: 'https://example.com/bad', tags }) });
      expect(res.status, JSON.stringify(tags)).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_request', details: { tags: expect.any(String) } });
    }
    expect((await patch(ann, b.id, { tags: ['News', 'Launch'] })).json.tags).toEqual(['news', 'launch']);

    expect(await codes(ann, { tag: 'news', sort: 'code', order: 'asc' })).toEqual(['tag-a', 'tag-b']);
    expect(await codes(ann, { tag: 'NEWS', sort: 'code', order: 'asc' })).toEqual(['tag-a', 'tag-b']); // normalised like the tags
    expect(await codes(ann, { tag: 'launch' })).toEqual(['tag-b']);
    expect(await codes(ann, { tag: 'bobs' })).toEqual([]); // another workspace's tag
    expect((await ann.call('listLinks', { query: offSchema({ tag: 'a/b' }) })).status).toBe(400);
    expect((await ann.call('listTags')).json.tags).toEqual([
      { name: 'news', links: 2, color: defaultTagColor('news') },
      { name: 'launch', links: 1, color: defaultTagColor('launch') },
      { name: 'spring-sale', links: 1, color: defaultTagColor('spring-sale') },
    ]);
    expect((await patch(ann, b.id, { tags: null })).json.tags).toEqual([]);
    expect(await codes(ann, { tag: 'launch' })).toEqual([]);
  });

  test('an archived link leaves the default list, is listed on request, still redirects, and comes back', async () => {
    const link = await create(ann, { url: 'https://example.com/kept', alias: 'arch-1' });
    const archived = (await patch(ann, link.id, { archived: true })).json as LinkJson;
    expect(archived).toMatchObject({ archived: true, archived_at: expect.any(String) });
    // Archiving again keeps the first date.
    expect(((await patch(ann, link.id, { archived: true })).json as LinkJson).archived_at).toBe(archived.archived_at);
    expect(await codes(ann, { q: 'arch-' })).toEqual([]);
    expect(await codes(ann, { q: 'arch-', archived: 'include' })).toEqual(['arch-1']);
    expect(await codes(ann, { archived: 'only' })).toEqual(['arch-1']);
    expect((await ann.call('listLinks', { query: offSchema({ archived: 'maybe' }) })).status).toBe(400);
    const bad = await patch(ann, link.id, offSchema({ archived: 'yes' }));
    expect(bad.status).toBe(400);
    expect(bad.json.error.details).toHaveProperty('archived');
    // Bob cannot archive Ann's link.
    expect((await patch(bob, link.id, { archived: false })).status).toBe(404);

    const res = await visit('arch-1', '8.8.4.4');
    expect([res.status, res.headers.get('location')]).toEqual([302, 'https://example.com/kept']);

    expect((await patch(ann, link.id, { archived: false })).json.archived).toBe(false);
    expect(await codes(ann, { q: 'arch-' })).toEqual(['arch-1']);
  });

  test('the list sorts by code, destination and clicks, both ways, inside the workspace', async () => {
    await create(ann, { url: 'https://zeta.example/', alias: 'srt-B' });
    await create(ann, { url: 'http://alpha.example/', alias: 'srt-c' });
    await create(ann, { url: 'https://mid.example/', alias: 'srt-a' });
    await create(bob, { url: 'https://aaa.example/', alias: 'srt-0' });
    expect((await visit('srt-c', '8.8.8.8')).status).toBe(302);
    expect((await visit('srt-c', '8.8.8.8')).status).toBe(302);
    expect((await visit('srt-B', '8.8.8.8')).status).toBe(302);
    await until(
      'the clicks counted',
      async () =>
        (await codes(ann, { q: 'srt-', sort: 'clicks', order: 'desc' }))[0] === 'srt-c' &&
        ((await ann.call('listLinks', { query: { q: 'srt-', sort: 'clicks' } })).json.links as LinkJson[])[1].clicks === 1,
      { timeoutMs: 10_000, intervalMs: 100 },
    );

    expect(await codes(ann, { q: 'srt-', sort: 'code', order: 'asc' })).toEqual(['srt-a', 'srt-B', 'srt-c']); // case-insensitive
    expect(await codes(ann, { q: 'srt-', sort: 'code', order: 'desc' })).toEqual(['srt-c', 'srt-B', 'srt-a']);
    expect(await codes(ann, { q: 'srt-', sort: 'destination', order: 'asc' })).toEqual(['srt-c', 'srt-a', 'srt-B']); // alpha, mid, zeta: the scheme is not sorted on
    expect(await codes(ann, { q: 'srt-', sort: 'destination', order: 'desc' })).toEqual(['srt-B', 'srt-a', 'srt-c']);
    expect(await codes(ann, { q: 'srt-', sort: 'clicks', order: 'desc' })).toEqual(['srt-c', 'srt-B', 'srt-a']);
    expect(await codes(ann, { q: 'srt-', sort: 'clicks', order: 'asc' })).toEqual(['srt-a', 'srt-B', 'srt-c']);
    expect(await codes(ann, { q: 'srt-', sort: 'code', order: 'asc', limit: 2, offset: 1 })).toEqual(['srt-B', 'srt-c']);
    const res = await ann.call('listLinks', { query: offSchema({ sort: 'color' }) });
    expect(res.status).toBe(400);
    expect(res.json.error.details).toHaveProperty('sort');
  });

  test('a tag narrows the statistics; exports hold exactly the clicks the filtered statistics count', async () => {
    const t1 = await create(ann, { url: 'https://example.com/x1', alias: 'exp-1', tags: ['promo'] });
    const t2 = await create(ann, { url: 'https://example.com/x2', alias: 'exp-2', tags: ['promo'] });
    const plain = await create(ann, { url: 'https://example.com/x3', alias: 'exp-3' });
    for (const [code, ip, ref] of [
      ['exp-1', '8.8.8.8', 'https://news.invalid/a'],
      ['exp-1', '81.2.69.160', 'https://news.invalid/b'],
      ['exp-1', '81.2.69.160', undefined],
      ['exp-2', '8.8.8.8', 'https://blog.invalid/'],
      ['exp-3', '8.8.8.8', 'https://news.invalid/c'],
      ['exp-3', '81.2.69.160', undefined],
    ] as const)
      expect((await visit(code, ip, ref)).status).toBe(302);
    const ids = [t1.id, t2.id, plain.id];
    const linkClicks = async () =>
      ((await ann.call('listLinks', { query: { q: 'exp-', limit: 10 } })).json.links as LinkJson[]).reduce(
        (n, l) => n + (ids.includes(l.id) ? l.clicks : 0),
        0,
      );
    await until('the clicks recorded', async () => (await linkClicks()) === 6 && (await stats(ann, { tag: 'promo' })).clicks === 4, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    const promo = await stats(ann, { tag: 'promo' });
    expect(promo.links.map((l: { short_code: string; clicks: number }) => [l.short_code, l.clicks])).toEqual([
      ['exp-1', 3],
      ['exp-2', 1],
    ]);
    expect(promo.referrers).toEqual([
      { value: 'news.invalid', clicks: 2 },
      { value: '(direct)', clicks: 1 },
      { value: 'blog.invalid', clicks: 1 },
    ]);
    expect(promo.timeseries.points.reduce((n: number, p: { clicks: number }) => n + p.clicks, 0)).toBe(4);
    expect((await stats(ann, { tag: 'promo', referrer: 'news.invalid' })).clicks).toBe(2);
    expect((await stats(bob, { tag: 'promo' })).clicks).toBe(0);
    expect((await ann.call('workspaceStats', { query: offSchema({ tag: 'no/way' }) })).status).toBe(400);

    const rows = async (exported: Promise<{ status: number; text: string }>, what: string) => {
      const res = await exported;
      expect(res.status, what).toBe(200);
      return parseCsv(res.text)
        .slice(1)
        .filter((r) => r.length > 1);
    };
    const cases: Array<[string, StatsQuery]> = [
      ['workspace', { tag: 'promo' }],
      ['workspace', { referrer: 'news.invalid' }],
      ['workspace', { tag: 'promo', country: 'GB' }],
      ['workspace', { referrer: '(direct)' }],
      ['link', { country: 'US' }],
      ['link', { referrer: 'news.invalid' }],
    ];
    for (const [scope, filter] of cases) {
      const what = `${scope} ${JSON.stringify(filter)}`;
      const counted = scope === 'workspace' ? await stats(ann, filter) : (await ann.call('linkStats', { params: { id: t1.id }, query: filter })).json;
      const exported = await rows(
        scope === 'workspace'
          ? ann.call('workspaceClicksExport', { query: { format: 'csv', ...filter } })
          : ann.call('linkClicksExport', { params: { id: t1.id }, query: { format: 'csv', ...filter } }),
        what,
      );
      expect(exported.length, what).toBe(counted.clicks);
    }
    // Concretely: the promo export holds exp-1 and exp-2's clicks only, and a referrer filter's rows all have that referrer.
    const promoRows = await rows(ann.call('workspaceClicksExport', { query: { format: 'csv', tag: 'promo' } }), 'promo');
    expect(promoRows.map((r) => r[1]).sort()).toEqual(['exp-1', 'exp-1', 'exp-1', 'exp-2']);
    const newsRows = await rows(ann.call('workspaceClicksExport', { query: { format: 'csv', referrer: 'news.invalid' } }), 'news');
    expect(newsRows.map((r) => r[1]).sort()).toEqual(['exp-1', 'exp-1', 'exp-3']);
    const json = (await ann.call('workspaceClicksExport', { query: { format: 'json', tag: 'promo', country: 'GB' } })).json;
    expect(json.map((r: { short_code: string; country: string }) => [r.short_code, r.country])).toEqual([
      ['exp-1', 'GB'],
      ['exp-1', 'GB'],
    ]);
    expect((await ann.call('workspaceClicksExport', { query: offSchema({ format: 'csv', country: 'GBR' }) })).status).toBe(400);
  });

  test("a referrer's icon is served for the workspace that had clicks from it, and only for it", async () => {
    const favicon = (who: ApiClient, host: string) => who.call('getSiteFavicon', { params: { host } });
    await until('the referrer rolled up', async () => (await favicon(ann, 'news.invalid')).status === 200, { timeoutMs: 10_000, intervalMs: 100 });
    const icon = await favicon(ann, 'news.invalid');
    expect(icon.headers.get('x-favicon')).toBe('letter'); // .invalid has no site: a letter
    expect((await favicon(bob, 'news.invalid')).status).toBe(404);
    expect((await favicon(ann, 'never.invalid')).status).toBe(404);
  });

  test("favicon requests do not spend a signed-in session's rate-limit budget", async () => {
    const carol = api.as({ cookie: await signUpAndInVia(api, 'carol@example.com') });
    const created = await carol.call('createLink', { body: { url: 'https://icons.invalid/page' } });
    expect(created.status).toBe(201);
    const remaining = async () => Number((await carol.call('listLinks')).headers.get('x-ratelimit-remaining'));
    const before = await remaining();
    for (let i = 0; i < 5; i++) {
      const res = await carol.call('getSiteFavicon', { params: { host: 'icons.invalid' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    }
    expect(await remaining()).toBe(before - 1); // only the list read itself was counted
  });
});
