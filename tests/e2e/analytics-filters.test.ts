// Analytics filters in Chromium: a click on a country narrows every panel, the headline numbers and
// the chart (asserted on numbers); a second filter narrows further; filters are chips kept in the
// address bar (a reload keeps them), removable one by one; the link page filters the same way; the
// headline numbers compare with the previous period; the world map shades and filters by country;
// the top links filter by link. The
// filtered pages fit 1366 and 390 px in both themes, axe clean, without a console error.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { AGENTS } from '../helpers/agents';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';
import { chooseFromMenu } from '../helpers/filter-menu';
import { localDay } from '../../components/stats-range';

const chromium = chromiumPath();
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium)('analytics filters in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'filter@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true' }), launchChromium(chromium!)]);
    // Signed in with a cookie from the API: the sign-in form is tests/e2e/shell-settings.test.ts's.
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await useSession(context, sling.url, await signInOverHttp(sling.url, 'filter@example.com'));
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /** The typed client over HTTP, with the token. */
  const api = () => apiClient(overHttp(sling.url), { token });
  const createLink = async (alias: string) =>
    (await api().call('apiPhpCreate', { body: { url: `https://example.com/${alias}`, alias } })).json as { id: number };
  const workspaceClicks = async (query: { referrer?: string; tag?: string } = {}) => (await api().call('workspaceStats', { query })).json.clicks;
  const rowsOf = (panel: string) => page.getByRole('region', { name: panel }).locator('li').allTextContents();
  const total = () => page.getByTestId('clicks-total').textContent();
  const caption = () => page.locator('.chart figcaption').textContent();
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  async function checkPage(name: string) {
    for (const [size, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-phone'],
    ] as const) {
      await page.setViewportSize(size);
      await expect.poll(scrollWidth, { message: `${name}${suffix} scrolls sideways` }).toBeLessThanOrEqual(size.width);
      expect(await captureThemes(page, `${name}${suffix}`)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
  }

  test('a country narrows every panel and the chart; a device narrows further; chips and the address bar keep them', async () => {
    onTestFailed(async () => {
      console.error(
        'page problems:',
        problems,
        '\npage text:',
        (
          await page
            .locator('body')
            .innerText()
            .catch(() => '')
        ).slice(0, 1500),
      );
      await page.screenshot({ path: 'test-results/analytics-filters-failure.png', fullPage: true }).catch(() => undefined);
    });
    const a = await createLink('filter-a');
    const b = await createLink('filter-b');
    // United States 3 (desktop 2, mobile 1), United Kingdom 2 (desktop 1, mobile 1): 4 visitors.
    for (const [code, ip, ua] of [
      ['filter-a', '8.8.8.8', AGENTS.chrome],
      ['filter-a', '8.8.8.8', AGENTS.chrome],
      ['filter-a', '81.2.69.160', AGENTS.iphone],
      ['filter-b', '81.2.69.160', AGENTS.chrome],
      ['filter-b', '8.8.8.8', AGENTS.iphone],
    ] as const)
      expect((await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } })).status).toBe(302);
    await until('the clicks in the stats', async () => (await workspaceClicks()) === 5, { timeoutMs: 10_000, intervalMs: 100 });

    await page.goto(`${sling.url}/analytics`);
    await expect.poll(total).toBe('5');
    expect(await page.getByTestId('visitors-total').textContent()).toBe('4');
    expect(await rowsOf('Countries')).toEqual(['United States3 · 60%', 'United Kingdom2 · 40%']);
    expect(await caption()).toMatch(/ with 5\.$/);
    // Every click is from today: the 30 days before had none.
    expect(await page.getByTestId('clicks-change').textContent()).toBe('None in the previous period');

    // A country: every number follows.
    await page
      .getByRole('region', { name: 'Countries' })
      .getByRole('button', { name: /United Kingdom/ })
      .click();
    await expect.poll(total).toBe('2');
    expect(page.url()).toBe(`${sling.url}/analytics?country=GB`);
    expect(await page.getByTestId('visitors-total').textContent()).toBe('2');
    expect(await rowsOf('Countries')).toEqual(['United Kingdom2 · 100%']);
    expect(await rowsOf('Devices')).toEqual(['Desktop1 · 50%', 'Mobile1 · 50%']);
    expect(await rowsOf('Browsers')).toEqual(['Chrome1 · 50%', 'Mobile Safari1 · 50%']);
    expect(await caption()).toMatch(/ with 2\.$/);
    expect(
      await page
        .getByRole('region', { name: 'Countries' })
        .getByRole('button', { name: /United Kingdom/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // A device on top: both apply, and both survive a reload.
    await page
      .getByRole('region', { name: 'Devices' })
      .getByRole('button', { name: /Mobile/ })
      .click();
    await expect.poll(total).toBe('1');
    expect(await caption()).toMatch(/ with 1\.$/);
    await page.reload();
    await expect.poll(total).toBe('1');
    expect(new URL(page.url()).search).toBe('?country=GB&device=mobile');
    const chips = page.getByRole('group', { name: 'Filters' });
    expect(await chips.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent))).toEqual([
      'Remove the filter Country: United Kingdom',
      'Remove the filter Device: Mobile',
      'Clear filters',
    ]);
    await checkPage('analytics-filtered');

    // Removing the country chip leaves the phones of every country.
    await chips.getByRole('button', { name: 'Remove the filter Country: United Kingdom' }).click();
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe('?device=mobile');
    expect(await rowsOf('Countries')).toEqual(['United Kingdom1 · 50%', 'United States1 · 50%']);
    // A pressed row un-filters.
    await page
      .getByRole('region', { name: 'Devices' })
      .getByRole('button', { name: /Mobile/ })
      .click();
    await expect.poll(total).toBe('5');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByRole('group', { name: 'Filters' }).count()).toBe(0);

    // The map: countries with clicks are shaded, each named with its clicks; a click on one filters too.
    const map = page.locator('.world-map');
    await expect.poll(() => map.getByRole('img').getAttribute('aria-label')).toBe('World map of clicks by country; the most from United States (3).');
    expect(await map.locator('path.has-clicks').evaluateAll((ps) => ps.map((p) => p.getAttribute('data-country')).sort())).toEqual(['GB', 'US']);
    expect(await map.locator('path[data-country="GB"] title').textContent()).toBe('United Kingdom: 2 clicks');
    expect(await map.locator('path[data-country="FR"] title').textContent()).toBe('France: 0 clicks');
    await map.locator('path[data-country="GB"]').dispatchEvent('click');
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe('?country=GB');
    expect(await map.locator('path.selected').getAttribute('data-country')).toBe('GB');
    await checkPage('analytics-map');
    await map.locator('path[data-country="GB"]').dispatchEvent('click');
    await expect.poll(total).toBe('5');
    expect(new URL(page.url()).search).toBe('');

    // The top links are a filter too, named by their short codes.
    expect(await rowsOf('Links')).toEqual(['/filter-a3 · 60%', '/filter-b2 · 40%']);
    await page
      .getByRole('region', { name: 'Links' })
      .getByRole('button', { name: /filter-b/ })
      .click();
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe(`?link_id=${b.id}`);
    expect(await rowsOf('Countries')).toEqual(['United Kingdom1 · 50%', 'United States1 · 50%']);
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Remove the filter Link: /filter-b' }).click();
    await expect.poll(total).toBe('5');

    // The link page: the same filters, on one link's clicks (from the keyboard).
    await page.goto(`${sling.url}/links/${a.id}?country=US`);
    await expect.poll(total).toBe('2');
    expect(await rowsOf('Countries')).toEqual(['United States2 · 100%']);
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Remove the filter Country: United States' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(total).toBe('3');
    await page
      .getByRole('region', { name: 'Devices' })
      .getByRole('button', { name: /Mobile/ })
      .click();
    await expect.poll(total).toBe('1');
    expect(await rowsOf('Countries')).toEqual(['United Kingdom1 · 100%']);
    await checkPage('link-analytics-filtered');

    // The next two days (none yet) against the two before them (today's click): down by all of it.
    await chooseFromMenu(page, 'Period', 'Custom dates…');
    // The end first: a start after the end would be refused (a 400) until the end moves.
    await page.getByLabel('To', { exact: true }).fill(localDay(-2));
    await page.getByLabel('From', { exact: true }).fill(localDay(-1));
    await expect.poll(() => page.getByTestId('clicks-change').textContent()).toBe('▼ -100% vs the previous period (1)');
    expect(await total()).toBe('0');
    expect(await page.getByTestId('visitors-change').textContent()).toBe('▼ -100% vs the previous period (1)');
    expect(await page.getByTestId('clicks-change').getAttribute('title')).toBe('1 in the previous period of the same length');
    await checkPage('link-analytics-compared');
    expect(problems).toEqual([]);
  });

  test("the links list shows each destination's icon, served by Sling (a letter when the site has none)", async () => {
    await page.goto(`${sling.url}/links`);
    const icons = page.locator('ul.link-list li[data-link-id] .link-avatar img');
    await expect.poll(() => icons.count()).toBe(2);
    expect(await icons.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))).toEqual([
      '/api/v1/favicons/example.com',
      '/api/v1/favicons/example.com',
    ]);
    await expect
      .poll(() => icons.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);
    await checkPage('links-favicons');
    expect(problems).toEqual([]);
  });
  test('a referrer row shows its icon from Sling and filters; a tag narrows the page; the export follows the filters', async () => {
    const tagged = await api().call('createLink', { body: { url: 'https://example.com/ref-a', alias: 'ref-a', tags: ['promo'] } });
    expect(tagged.status).toBe(201);
    expect((await api().call('createLink', { body: { url: 'https://example.com/ref-b', alias: 'ref-b' } })).status).toBe(201);
    for (const [code, referer] of [
      ['ref-a', 'https://news.invalid/story'],
      ['ref-a', 'https://news.invalid/other'],
      ['ref-b', 'https://blog.invalid/'],
    ] as const) {
      expect(
        (await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': '8.8.8.8', referer } })).status,
      ).toBe(302);
    }
    await until(
      'the clicks in the stats',
      async () => (await workspaceClicks({ referrer: 'blog.invalid' })) === 1 && (await workspaceClicks({ tag: 'promo' })) === 2,
      { timeoutMs: 10_000, intervalMs: 100 },
    );

    await page.goto(`${sling.url}/analytics`);
    await expect.poll(total).toBe('8');
    const referrers = page.getByRole('region', { name: 'Referrers' });
    const icons = referrers.locator('img');
    expect(await icons.evaluateAll((imgs) => imgs.map((i) => new URL((i as HTMLImageElement).src).pathname))).toEqual([
      '/api/v1/favicons/news.invalid',
      '/api/v1/favicons/blog.invalid',
    ]);
    await expect
      .poll(() => icons.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
      .toBe(true);

    await referrers.getByRole('button', { name: /news\.invalid/ }).click();
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe('?referrer=news.invalid');
    await checkPage('analytics-referrers');
    await page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Remove the filter Referrer: news.invalid' }).click();
    await expect.poll(total).toBe('8');

    // A tag: only the clicks of the links carrying it, in every panel; the export holds the same clicks.
    await chooseFromMenu(page, 'Tag', '#promo');
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe('?tag=promo');
    expect(await rowsOf('Links')).toEqual(['/ref-a2 · 100%']);
    expect(await rowsOf('Referrers')).toEqual(['news.invalid2 · 100%']);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await download;
    await expect.poll(() => page.locator('.export-status').textContent()).toMatch(/^Saved sling-.*\.csv \(2 rows, /);
    expect(problems).toEqual([]);
  });
});
