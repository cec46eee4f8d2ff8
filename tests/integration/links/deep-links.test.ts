// Deep links and composed rules (issue 31, points 2 and 3): iPhone and Android visitors go to the
// link's ios_url / android_url; an app link (myapp://…) gets the app page, which tries the app and
// falls back to the platform's fallback or the link's url, and counts as a click; refused schemes
// stay refused everywhere; a rule may send its visitors into the link's A/B test, which then splits
// only theirs. Through REST v1 and Variant A, visited over HTTP, on both databases.
import { createHash } from 'node:crypto';
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
const STORE = 'https://apps.apple.com/app/id1234567890';
const PLAY = 'https://play.google.com/store/apps/details?id=com.example.app';
const VARIANTS = [
  { id: 'red', url: `${D}/red`, weight: 50 },
  { id: 'blue', url: `${D}/blue`, weight: 50 },
];

describe(`deep links and composed rules on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let owner: ApiClient;
  let clock: ManualClock;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    clock = manualClock();
    sling = await startInProcessSling({ ...tdb.env, TRUST_PROXY: 'true', CLICK_FLUSH_MS: '50' }, { clock });
    owner = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('deep@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const visit = async (code: string, agent: string, opts: { query?: string; cookie?: string; method?: string } = {}) => {
    const headers: Record<string, string> = { 'user-agent': agent, 'x-forwarded-for': '198.51.100.9' };
    if (opts.cookie) headers.cookie = opts.cookie;
    const res = await fetch(`${sling.url}/${code}${opts.query ? `?${opts.query}` : ''}`, { redirect: 'manual', headers, method: opts.method });
    return { status: res.status, location: res.headers.get('location'), headers: res.headers, body: await res.text() };
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await owner.call('createLink', { body: { url: `${D}/web`, ...body } as never });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  };
  const refused = async (body: Record<string, unknown>) => {
    const res = await owner.call('createLink', { body: { url: `${D}/web`, ...body } as never });
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    return res.json.error;
  };
  const clicks = (id: number) => until(`link ${id}'s clicks`, async () => (await owner.call('getLink', { params: { id } })).json.clicks);

  test('iPhone and Android visitors go to their platform’s https destination, others to the url; stored and answered', async () => {
    const link = await create({ ios_url: STORE, android_url: PLAY });
    expect(link).toMatchObject({ ios_url: STORE, android_url: PLAY, ios_fallback_url: null, android_fallback_url: null });
    expect((await visit(link.short_code, AGENTS.iphone)).location).toBe(STORE);
    expect((await visit(link.short_code, AGENTS.ipad)).location).toBe(STORE);
    expect((await visit(link.short_code, AGENTS.android)).location).toBe(PLAY.replace('?id=', '?id='));
    expect((await visit(link.short_code, AGENTS.chrome)).location).toBe(`${D}/web`);
    // The visit's query rides along to the platform's destination too.
    expect((await visit(link.short_code, AGENTS.android, { query: 'ref=qr' })).location).toBe(`${PLAY}&ref=qr`);
    await until('the five clicks to be counted', async () => (await clicks(link.id)) === 5);

    const read = await owner.call('getLink', { params: { id: link.id } });
    expect(read.json).toMatchObject({ ios_url: STORE, android_url: PLAY });
    // Removing one leaves the other.
    const updated = await owner.call('updateLink', { params: { id: link.id }, body: { ios_url: null } });
    expect(updated.json).toMatchObject({ ios_url: null, android_url: PLAY });
    await until('the edge to drop the iOS destination', async () => (await visit(link.short_code, AGENTS.iphone)).location === `${D}/web`);
  });

  test('an app link gets the app page: it tries the app, falls back to the store or the url, and counts a click', async () => {
    const link = await create({ ios_url: 'MyApp://product/42', ios_fallback_url: STORE, android_url: 'myapp://product/42' });
    expect(link.ios_url).toBe('myapp://product/42');

    const ios = await visit(link.short_code, AGENTS.iphone, { query: 'ref=mail' });
    expect(ios.status).toBe(200);
    expect(ios.location).toBeNull();
    expect(ios.headers.get('content-type')).toMatch(/^text\/html/);
    expect(ios.headers.get('cache-control')).toBe('no-store');
    expect(ios.body).toContain('href="myapp://product/42?ref=mail"');
    expect(ios.body).toContain(`href="${STORE}"`);
    // The one inline script is allowed by its hash and nothing else runs or loads.
    const script = /<script>([\s\S]*?)<\/script>/.exec(ios.body)![1];
    const hash = createHash('sha256').update(script).digest('base64');
    expect(ios.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(ios.headers.get('content-security-policy')).toContain("default-src 'none'");
    // Android has no fallback of its own: the link's url, with the visit's query.
    const android = await visit(link.short_code, AGENTS.android, { query: 'ref=mail' });
    expect(android.body).toContain('href="myapp://product/42?ref=mail"');
    expect(android.body).toContain(`href="${D}/web?ref=mail"`);
    // A desktop visitor goes to the url; HEAD gets the page's headers and no body.
    expect((await visit(link.short_code, AGENTS.chrome)).location).toBe(`${D}/web`);
    const head = await visit(link.short_code, AGENTS.iphone, { method: 'HEAD' });
    expect([head.status, head.body]).toEqual([200, '']);
    await until('the three clicks to be counted (HEAD is not one)', async () => (await clicks(link.id)) === 3);
  });

  test('a rule may go to an app link; its page falls back to the visitor’s platform fallback or the url', async () => {
    const link = await create({
      android_fallback_url: PLAY,
      rules: [{ conditions: [{ type: 'device', values: ['mobile'] }], url: 'myapp://open?screen=home' }],
    });
    const android = await visit(link.short_code, AGENTS.android);
    expect(android.body).toContain('href="myapp://open?screen=home"');
    expect(android.body).toContain(`href="${PLAY}"`);
    const iphone = await visit(link.short_code, AGENTS.iphone);
    expect(iphone.body).toContain(`href="${D}/web"`);
    expect((await visit(link.short_code, AGENTS.chrome)).location).toBe(`${D}/web`);
    await until('the rule’s clicks in the statistics', async () => {
      const stats = (await owner.call('linkStats', { params: { id: link.id } })).json;
      return stats.rules?.[0]?.clicks === 2 && stats.rules[0].value === link.rules[0].id;
    });
  });

  test('code, local files and other protocols are refused as destinations; app links only where a platform or rule takes them', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      'intent://x#Intent;end',
    ]) {
      expect((await refused({ ios_url: url })).details.ios_url).toMatch(/not allowed/);
      expect((await refused({ android_url: url })).details.android_url).toMatch(/not allowed/);
      expect((await refused({ rules: [{ conditions: [{ type: 'bot' }], url }] })).details['rules[0].url']).toMatch(/not allowed/);
    }
    // The link's own url and the fallbacks are the web: no app links there.
    expect((await refused({ url: 'myapp://x' })).details.url).toMatch(/not allowed/);
    expect((await refused({ ios_fallback_url: 'myapp://x' })).details.ios_fallback_url).toMatch(/not allowed/);
    expect((await refused({ ios_url: 'myapp:' })).details.ios_url).toMatch(/needs a path/);
    expect((await refused({ ios_url: 'myapp://a b' })).details.ios_url).toMatch(/spaces/);
    expect((await refused({ android_url: 42 })).details.android_url).toMatch(/must be a URL/);
    // A listed web destination is refused there too (the same scan as the url).
    const update = await owner.call('updateLink', { params: { id: (await create({})).id }, body: { android_url: 'not a url' } });
    expect(update.status).toBe(400);
  });

  test('a rule may send its visitors into the A/B test: then it splits only theirs; it needs the link to have one', async () => {
    const rule = { name: 'Newsletter', conditions: [{ type: 'query', key: 'src', op: 'equals', value: 'mail' }], ab_test: true };
    const link = await create({ rules: [rule], ab_test: { variants: VARIANTS } });
    expect(link.rules[0]).toMatchObject({ name: 'Newsletter', ab_test: true });
    expect(link.rules[0].url).toBeUndefined();

    // Not from the newsletter: the url, no draw, no cookie.
    for (let i = 0; i < 5; i++) {
      const other = await visit(link.short_code, AGENTS.chrome);
      expect(other.location).toBe(`${D}/web`);
      expect(other.headers.get('set-cookie')).toBeNull();
    }
    // From the newsletter: a variant, kept.
    const first = await visit(link.short_code, AGENTS.chrome, { query: 'src=mail' });
    expect(first.location).toMatch(new RegExp(`^${D}/(red|blue)\\?src=mail$`));
    const cookie = first.headers.get('set-cookie')!.split(';')[0];
    for (let i = 0; i < 3; i++) expect((await visit(link.short_code, AGENTS.chrome, { query: 'src=mail', cookie })).location).toBe(first.location);

    // The click records both the rule and the variant.
    const stats = await until('the rule’s and the variants’ clicks', async () => {
      const s = (await owner.call('linkStats', { params: { id: link.id } })).json;
      return s.rules?.[0]?.clicks === 4 && s.variants?.reduce((n: number, v: { clicks: number }) => n + v.clicks, 0) === 4 && s;
    });
    expect(stats.rules[0].value).toBe(link.rules[0].id);

    // Without a test, such a rule is refused, on create and when the test is removed.
    expect((await refused({ rules: [rule] })).details['rules[0].ab_test']).toMatch(/the link has none/);
    const removal = await owner.call('updateLink', { params: { id: link.id }, body: { ab_test: null } });
    expect(removal.status).toBe(400);
    expect(removal.json.error.details['rules[0].ab_test']).toMatch(/the link has none/);
    expect((await refused({ rules: [{ ...rule, url: `${D}/x` }] })).details.rules).toMatch(/rules\[0\]\.url: .*not both/);

    // Once the test ends, its winner is the url: the rule's visitors go there too, with no cookie.
    const ending = await owner.call('updateLink', {
      params: { id: link.id },
      body: { ab_test: { variants: VARIANTS, ends_at: new Date(clock.nowMs() + 60_000).toISOString() } },
    });
    expect(ending.status, JSON.stringify(ending.json)).toBe(200);
    clock.advance(60_000);
    expect(await endDueTests(await currentAppContext(), { clock })).toBe(1);
    const winner = (await owner.call('getLink', { params: { id: link.id } })).json.long_url;
    await until(
      'the edge to send the rule’s visitors to the winner',
      async () => (await visit(link.short_code, AGENTS.chrome, { query: 'src=mail' })).location === `${winner}?src=mail`,
    );
  });

  test('Variant A takes platform destinations and a rule into the test; a duplicate keeps them', async () => {
    const created = await owner.call('apiPhpCreate', {
      body: {
        url: `${D}/a`,
        alias: 'deep-a',
        ios_url: 'myapp://a',
        ios_fallback_url: STORE,
        rules: [{ conditions: [{ type: 'query', key: 'src', op: 'present' }], ab_test: true }],
        ab_test: { variants: VARIANTS },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json).toMatchObject({ ios_url: 'myapp://a', ios_fallback_url: STORE, android_url: null });
    expect((await visit('deep-a', AGENTS.iphone)).body).toContain('href="myapp://a"');
    const updated = await owner.call('apiPhpUpdate', { query: { slug: 'deep-a' }, body: { android_url: PLAY } });
    expect(updated.json.android_url).toBe(PLAY);
    const copy = await owner.call('duplicateLink', { params: { id: created.json.id } });
    expect(copy.status, JSON.stringify(copy.json)).toBe(201);
    expect(copy.json).toMatchObject({ ios_url: 'myapp://a', ios_fallback_url: STORE, android_url: PLAY });
    expect(copy.json.rules[0].ab_test).toBe(true);
  });
});
