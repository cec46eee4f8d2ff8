// The visitor pages speak for the short domain and let a visitor report the link: the domain's name
// on top, a "Report this link" link to the app's /report page for that short URL, and an expired
// link says whether its date passed or its click limit was reached. The pages load nothing but their font and icon, from their own host.
// On Sling in the test process: the pages from its edge on loopback (fetched as a browser would), the
// links made through its API router. Its clock is the test's (lib/core/clock.ts): a link's date passes
// when the test moves the clock.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { createLink } from '../../../lib/openapi/operations/links';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient, type CallOptions } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { manualClock } from '../../../lib/core/clock';
import { until } from '../../helpers/until';

describe('branded visitor pages', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let vic: ApiClient;
  const clock = manualClock();

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling(tdb.env, { clock });
    vic = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('vic@example.com', { plan: 'business' }) });
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const create = async (body: CallOptions<typeof createLink>['body']) => {
    const res = await vic.call('createLink', { body });
    expect(res.status).toBe(201);
    return res.json as { short_url: string };
  };
  const visit = (path: string) => fetch(`${sling.url}${path}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
  /** Follows the edge's hop to /l/<page>/<code>, as a browser would. */
  const page = async (code: string) => {
    const first = await visit(`/${code}`);
    const location = first.headers.get('location');
    return location?.includes('/l/') ? visit(new URL(location, sling.url).pathname) : first;
  };
  const host = () => new URL(sling.url).hostname;
  const reportHref = (shortUrl: string) => `${sling.url}/report?url=${encodeURIComponent(shortUrl)}`;

  test('the password prompt names the domain and links to the report page for its short URL', async () => {
    const link = await create({ url: 'https://example.com/secret', alias: 'brand-lock', password: 'open sesame' });
    const res = await page('brand-lock');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<header><span class="dot" aria-hidden="true"></span><span>${host()}</span></header>`);
    expect(html).toContain(`<a href="${reportHref(link.short_url)}" rel="nofollow">Report this link</a>`);
    expect(html).toContain('prefers-color-scheme:dark');
    expect(html).not.toMatch(/<script/);
  });

  test('the pages are set in Inter and carry an icon, both served by the host they are on (issue 32, bug 9)', async () => {
    await create({ url: 'https://example.com/typeface', alias: 'brand-font', password: 'open sesame' });
    for (const res of [await page('brand-font'), await visit('/l/expired/no-such-code')]) {
      const html = await res.text();
      expect(html).toMatch(/@font-face\{font-family:'Inter Variable';[^}]*src:url\(\/l\/font\/inter-latin\.woff2\)/);
      expect(html).toContain("font-family:'Inter Variable',");
      expect(html.match(/<link [^>]*>/g)).toEqual(['<link rel="icon" href="/favicon.ico">']);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/font-src 'self'/);
      expect(csp).toMatch(/img-src 'self'/);
    }
    const font = await visit('/l/font/inter-latin.woff2');
    expect([font.status, font.headers.get('content-type')]).toEqual([200, 'font/woff2']);
    expect(
      Buffer.from(await font.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('wOF2');
    const icon = await visit('/favicon.ico');
    expect([icon.status, icon.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(
      Buffer.from(await icon.arrayBuffer())
        .subarray(1, 4)
        .toString('latin1'),
    ).toBe('PNG');
  });

  test('an expired link says whether the click limit was reached or the date passed', async () => {
    const limited = await create({ url: 'https://example.com/once', alias: 'brand-once', max_clicks: 1 });
    expect((await visit('/brand-once')).status).toBe(302);
    const used = await until(
      'the limit reached',
      async () => {
        const res = await page('brand-once');
        return res.status === 410 ? res.text() : undefined;
      },
      { timeoutMs: 10_000, intervalMs: 100 },
    );
    expect(used).toContain('that limit has been reached');
    expect(used).not.toContain('end date');
    expect(used).toContain(reportHref(limited.short_url));

    await create({ url: 'https://example.com/soon', alias: 'brand-soon', expiration: new Date(clock.nowMs() + 3_600_000).toISOString() });
    expect((await visit('/brand-soon')).status).toBe(302);
    clock.advance(3_600_000);
    const res = await page('brand-soon');
    expect(res.status).toBe(410);
    const passed = await res.text();
    expect(passed).toContain('had an end date, and it has passed');
    expect(passed).not.toContain('limit');
  });

  test('the not-found page names the domain and keeps its report link on the app host', async () => {
    const res = await visit('/l/expired/no-such-code');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Link not found');
    expect(html).toContain(`<span>${host()}</span>`);
    expect(html).toContain(`href="${sling.url}/report?url=`);
  });
});
