// A/B tests (issue 31, point 2): a link's visitors are split between weighted variants, each keeping
// theirs (a signed cookie scoped to the short link's path); the statistics count clicks and unique
// visitors per variant; integrators report conversions; a test ends at its date or click count and
// its winner (by clicks or by conversions) becomes the link's url, which link.updated says. Set and
// read through REST v1 and Variant A, visited over HTTP, on both databases.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { manualClock, type ManualClock } from '../../../lib/core/clock';
import { currentAppContext } from '../../../lib/context/current-app-context';
import { endDueTests } from '../../../lib/links/end-due-tests';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';

const D = 'https://dest.example';
const VARIANTS = [
  { id: 'red', url: `${D}/red`, weight: 50 },
  { id: 'green', url: `${D}/green`, weight: 30 },
  { id: 'blue', url: `${D}/blue`, weight: 20 },
];

describe(`A/B tests on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;
  let clock: ManualClock;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    clock = manualClock();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true', CLICK_FLUSH_MS: '50' }, { clock });
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('ab@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  /** A visit from `ip` with the cookie header given; the Location and any Set-Cookie. */
  const visit = async (code: string, opts: { ip?: string; cookie?: string; query?: string } = {}) => {
    const headers: Record<string, string> = { 'user-agent': AGENTS.chrome, 'x-forwarded-for': opts.ip ?? '198.51.100.1' };
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(`${sling.url}/${code}${opts.query ? `?${opts.query}` : ''}`, { redirect: 'manual', headers });
    await res.arrayBuffer();
    return { location: res.headers.get('location')!, setCookie: res.headers.get('set-cookie') };
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await owner.call('createLink', { body: { url: `${D}/default`, ...body } as never });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  };

  test('visitors are split by weight and keep their variant; a forged cookie is a new draw', async () => {
    const link = await create({ ab_test: { variants: VARIANTS } });
    expect(link.ab_test).toMatchObject({ variants: VARIANTS, ends_at: null, end_after_clicks: null, winner_by: 'clicks', ended_at: null, winner: null });

    const counts: Record<string, number> = {};
    for (let i = 0; i < 200; i++) {
      const { location, setCookie } = await visit(link.short_code, { ip: `198.51.100.${i % 250}` });
      counts[location] = (counts[location] ?? 0) + 1;
      expect(setCookie).toMatch(
        new RegExp(`^sl_v${link.id}=(red|green|blue)\\.[A-Za-z0-9_-]{16}; Path=/${link.short_code}; Max-Age=2592000; HttpOnly; SameSite=Lax$`),
      );
    }
    // 200 draws at 50/30/20: each variant drawn, red (half) more often than blue (a fifth).
    expect(Object.keys(counts).sort()).toEqual([`${D}/blue`, `${D}/green`, `${D}/red`]);
    expect(counts[`${D}/red`]).toBeGreaterThan(counts[`${D}/blue`]);

    // Sticky: the cookie brings the visitor back to the same variant, with no new cookie.
    const first = await visit(link.short_code, { query: 'ref=mail' });
    const cookie = first.setCookie!.split(';')[0];
    expect(first.location).toMatch(/\?ref=mail$/);
    for (let i = 0; i < 10; i++) {
      const again = await visit(link.short_code, { cookie: `theme=dark; ${cookie}` });
      expect(again.location).toBe(first.location.replace('?ref=mail', ''));
      expect(again.setCookie).toBeNull();
    }
    // A cookie whose signature is not ours is ignored: a fresh draw, a fresh (signed) cookie.
    const forged = await visit(link.short_code, { cookie: `sl_v${link.id}=blue.AAAAAAAAAAAAAAAA` });
    expect(forged.setCookie).toMatch(new RegExp(`^sl_v${link.id}=\\w+\\.`));
    expect(forged.setCookie).not.toContain('AAAAAAAAAAAAAAAA');
  });

  test('statistics: clicks and unique visitors per variant; conversions reported through the API', async () => {
    const link = await create({ ab_test: { variants: VARIANTS } });
    const seen: Record<string, number> = {};
    for (let i = 0; i < 30; i++) {
      const { location } = await visit(link.short_code, { ip: `203.0.113.${i % 6}` });
      seen[location.slice(D.length + 1)] = (seen[location.slice(D.length + 1)] ?? 0) + 1;
    }
    const stats = await until('the 30 clicks to be counted per variant', async () => {
      const res = await owner.call('linkStats', { params: { id: link.id } });
      return res.json.variants?.reduce((n: number, v: { clicks: number }) => n + v.clicks, 0) === 30 && res.json;
    });
    expect(stats.variants.map((v: { value: string }) => v.value)).toEqual(['red', 'green', 'blue']);
    for (const v of stats.variants) {
      expect(v.clicks).toBe(seen[v.value] ?? 0);
      // Six addresses, one browser: at most six visitors a variant.
      expect(v.unique_visitors).toBeLessThanOrEqual(Math.min(6, v.clicks));
      if (v.clicks > 0) expect(v.unique_visitors).toBeGreaterThan(0);
    }

    const converted = await owner.call('recordConversion', { params: { id: link.id }, body: { variant: 'blue', count: 3 } });
    expect(converted.status, JSON.stringify(converted.json)).toBe(200);
    expect(converted.json).toEqual({ variant: 'blue', conversions: 3 });
    expect((await owner.call('recordConversion', { params: { id: link.id }, body: { variant: 'blue' } })).json.conversions).toBe(4);
    const unknown = await owner.call('recordConversion', { params: { id: link.id }, body: { variant: 'purple' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error.details.variant).toMatch(/No variant "purple"/);
    const after = await owner.call('linkStats', { params: { id: link.id } });
    expect(after.json.variants.find((v: { value: string }) => v.value === 'blue').conversions).toBe(4);
  });

  test('a test ends at its date with the winner by conversions, or after its clicks with the winner by clicks; link.updated says so', async () => {
    const byDate = await create({
      ab_test: { variants: VARIANTS, ends_at: new Date(clock.nowMs() + 3_600_000).toISOString(), winner_by: 'conversions' },
    });
    await owner.call('recordConversion', { params: { id: byDate.id }, body: { variant: 'green', count: 2 } });
    const byClicks = await create({ ab_test: { variants: VARIANTS.map((v) => ({ ...v, weight: v.id === 'blue' ? 98 : 1 })), end_after_clicks: 10 } });
    for (let i = 0; i < 10; i++) await visit(byClicks.short_code, { ip: `192.0.2.${i}` });
    await until('the ten clicks to be counted', async () => (await owner.call('getLink', { params: { id: byClicks.id } })).json.clicks === 10);

    const ctx = await currentAppContext();
    expect(await endDueTests(ctx, { clock })).toBe(1); // the click count; the date is an hour away
    clock.advance(3_600_000);
    expect(await endDueTests(ctx, { clock })).toBe(1);
    expect(await endDueTests(ctx, { clock })).toBe(0);

    const ended = (await owner.call('getLink', { params: { id: byDate.id } })).json;
    expect(ended.long_url).toBe(`${D}/green`);
    expect(ended.ab_test).toMatchObject({ winner: 'green', ended_at: new Date(clock.nowMs()).toISOString() });
    const clicked = (await owner.call('getLink', { params: { id: byClicks.id } })).json;
    expect(clicked.ab_test.winner).toBe(clicked.long_url.slice(D.length + 1));
    // Everyone now goes to the winner, with no cookie.
    await until('the edge to drop the ended test', async () => (await visit(byDate.short_code)).location === `${D}/green`);
    expect((await visit(byDate.short_code)).setCookie).toBeNull();
    const history = await owner.call('linkEvents', { params: { id: byDate.id } });
    expect(history.json.events[0]).toMatchObject({ event: 'link.updated', data: { ab_test_ended: { winner: 'green', by: 'conversions' } } });
  });

  test('Variant A takes a test too; bad tests are 400s naming the field', async () => {
    const created = await owner.call('apiPhpCreate', { body: { url: `${D}/a`, alias: 'ab-a', ab_test: { variants: VARIANTS } } });
    expect(created.status).toBe(201);
    expect(created.json.ab_test.variants).toHaveLength(3);
    const removed = await owner.call('apiPhpUpdate', { query: { slug: 'ab-a' }, body: { ab_test: null } });
    expect(removed.json.ab_test).toBeNull();
    expect((await visit('ab-a')).location).toBe(`${D}/a`);

    const bad = async (ab_test: unknown) => {
      const res = await owner.call('createLink', { body: { url: `${D}/x`, ab_test } as never });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      return res.json.error.details;
    };
    expect(
      (
        await bad({
          variants: [
            { url: `${D}/1`, weight: 60 },
            { url: `${D}/2`, weight: 30 },
          ],
        })
      ).ab_test,
    ).toBe('Invalid ab_test: ab_test.variants: the weights must add up to 100.');
    expect((await bad({ variants: [{ url: `${D}/1`, weight: 100 }] })).ab_test).toMatch(/2 to 10 variants/);
    expect((await bad({ variants: VARIANTS, ends_at: '2020-01-01T00:00:00Z' })).ab_test).toMatch(/ends_at must be in the future/);
    expect(
      await bad({
        variants: [
          { url: 'ftp://x.example/1', weight: 50 },
          { url: `${D}/2`, weight: 50 },
        ],
      }),
    ).toHaveProperty(['ab_test.variants[0].url']);
  });

  test.each(['REST v1', 'Variant A'])(
    'through %s: a link with rules and a test is made, read back, visited, and its per-variant statistics seen',
    async (api) => {
      const alias = `both-${api === 'REST v1' ? 'v1' : 'a'}`;
      const rules = [
        { name: 'Bots', conditions: [{ type: 'bot' }], url: `${D}/bots` },
        { name: 'Campaign', conditions: [{ type: 'query', key: 'c', op: 'present' }], ab_test: true },
      ];
      const body = { url: `${D}/plain`, alias, rules, ab_test: { variants: VARIANTS } };
      const created = api === 'REST v1' ? await owner.call('createLink', { body: body as never }) : await owner.call('apiPhpCreate', { body: body as never });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const read =
        api === 'REST v1'
          ? (await owner.call('getLink', { params: { id: created.json.id } })).json
          : (await owner.call('apiPhpList', { query: { action: 'list', q: alias } as never })).json.links[0];
      expect(read.rules.map((r: { name: string; ab_test?: true; url?: string }) => [r.name, r.ab_test ?? r.url])).toEqual([
        ['Bots', `${D}/bots`],
        ['Campaign', true],
      ]);
      expect(read.ab_test.variants).toEqual(VARIANTS);

      const seen: Record<string, number> = {};
      for (let i = 0; i < 12; i++) {
        const { location } = await visit(alias, { ip: `192.0.2.${i + 20}`, query: 'c=1' });
        const variant = new URL(location).pathname.slice(1);
        seen[variant] = (seen[variant] ?? 0) + 1;
      }
      for (let i = 0; i < 3; i++) expect((await visit(alias, { ip: '192.0.2.99' })).location).toBe(`${D}/plain`);
      const stats = await until(`the 15 clicks in ${api}'s statistics`, async () => {
        const res =
          api === 'REST v1'
            ? await owner.call('linkStats', { params: { id: created.json.id } })
            : await owner.call('apiPhpStats', { query: { action: 'stats', slug: alias } as never });
        return res.json.clicks === 15 && res.json;
      });
      expect(Object.fromEntries(stats.variants.map((v: { value: string; clicks: number }) => [v.value, v.clicks]))).toEqual({
        red: seen.red ?? 0,
        green: seen.green ?? 0,
        blue: seen.blue ?? 0,
      });
      expect(stats.rules).toEqual([{ value: read.rules[1].id, clicks: 12 }]);
    },
  );
});
