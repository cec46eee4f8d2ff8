// The UTM panel in Chromium: /analytics shows the clicks by the UTM source, medium and campaign of
// the links' destinations in one panel with three tabs (arrow keys move between them); a row filters
// every number, kept in the address bar as ?utm_campaign=… and as a chip; the tab stays while the
// numbers reload and a reload opens on the filtered one; a link's page has the panel too, and its
// public stats page neither the panel nor a UTM filter. The pages fit 1366 and 390 px in both
// themes, axe clean, without a console error.
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

const chromium = chromiumPath();
const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium)('the UTM panel in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'utm@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true' }), launchChromium(chromium!)]);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await useSession(context, sling.url, await signInOverHttp(sling.url, 'utm@example.com'));
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const api = () => apiClient(overHttp(sling.url), { token });
  const createLink = async (alias: string, url: string, extra: { public_stats?: boolean } = {}) => {
    const res = await api().call('createLink', { body: { url, alias, ...extra } });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  };
  const utm = () => page.getByRole('region', { name: 'UTM' });
  const rows = () => utm().getByRole('tabpanel').locator('li').allTextContents();
  const tab = (name: string) => utm().getByRole('tab', { name });
  const total = () => page.getByTestId('clicks-total').textContent();
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

  test('the UTM panel counts by source, medium and campaign, and its rows filter', async () => {
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
      await page.screenshot({ path: 'test-results/analytics-utm-failure.png', fullPage: true }).catch(() => undefined);
    });
    const news = await createLink('utm-news', 'https://example.com/n?utm_source=newsletter&utm_medium=email&utm_campaign=spring-sale', {
      public_stats: true,
    });
    await createLink('utm-social', 'https://example.com/s?utm_source=twitter&utm_medium=social&utm_campaign=spring-sale');
    await createLink('utm-plain', 'https://example.com/plain');
    for (const [code, ip, ua] of [
      ['utm-news', '8.8.8.8', AGENTS.chrome],
      ['utm-news', '81.2.69.160', AGENTS.iphone],
      ['utm-news', '81.2.69.160', AGENTS.chrome],
      ['utm-social', '8.8.8.8', AGENTS.iphone],
      ['utm-social', '81.2.69.160', AGENTS.chrome],
      ['utm-plain', '8.8.8.8', AGENTS.chrome],
    ] as const)
      expect((await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip } })).status).toBe(302);
    await until('the clicks in the stats', async () => (await api().call('workspaceStats', {})).json.clicks === 6, { timeoutMs: 10_000, intervalMs: 100 });

    await page.goto(`${sling.url}/analytics`);
    await expect.poll(total).toBe('6');
    expect(await tab('Source').getAttribute('aria-selected')).toBe('true');
    expect(await rows()).toEqual(['newsletter3 · 50%', 'twitter2 · 33%', 'None1 · 17%']);
    await tab('Medium').click();
    expect(await rows()).toEqual(['email3 · 50%', 'social2 · 33%', 'None1 · 17%']);
    // The arrow keys move between the tabs.
    await tab('Medium').press('ArrowRight');
    expect(await tab('Campaign').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Campaign');
    expect(await rows()).toEqual(['spring-sale5 · 83%', 'None1 · 17%']);
    await checkPage('analytics-utm');

    // A campaign row filters every number; the Campaign tab stays while the numbers reload.
    await utm()
      .getByRole('button', { name: /spring-sale/ })
      .click();
    await expect.poll(total).toBe('5');
    expect(new URL(page.url()).search).toBe('?utm_campaign=spring-sale');
    expect(await tab('Campaign').getAttribute('aria-selected')).toBe('true');
    expect(
      await utm()
        .getByRole('button', { name: /spring-sale/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await page.getByRole('region', { name: 'Links' }).locator('li').allTextContents()).toEqual(['/utm-news3 · 60%', '/utm-social2 · 40%']);

    // A source on top; a reload keeps both and opens the panel on the first filtered tab.
    await tab('Source').click();
    await utm()
      .getByRole('button', { name: /twitter/ })
      .click();
    await expect.poll(total).toBe('2');
    await page.reload();
    await expect.poll(total).toBe('2');
    expect(new URL(page.url()).search).toBe('?utm_source=twitter&utm_campaign=spring-sale');
    expect(await tab('Source').getAttribute('aria-selected')).toBe('true');
    expect(await rows()).toEqual(['twitter2 · 100%']);
    const chips = page.getByRole('group', { name: 'Filters' });
    expect(await chips.getByRole('button').evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? b.textContent))).toEqual([
      'Remove the filter UTM source: twitter',
      'Remove the filter UTM campaign: spring-sale',
      'Clear filters',
    ]);
    await checkPage('analytics-utm-filtered');
    await chips.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(total).toBe('6');
    expect(new URL(page.url()).search).toBe('');

    // "None": the links without the parameter.
    await utm().getByRole('button', { name: /None/ }).click();
    await expect.poll(total).toBe('1');
    expect(new URL(page.url()).search).toBe('?utm_source=%28none%29');

    // A link's page has the panel; its public stats page does not.
    await page.goto(`${sling.url}/links/${news.id}`);
    await expect.poll(total).toBe('3');
    expect(await rows()).toEqual(['newsletter3 · 100%']);
    await checkPage('link-analytics-utm');
    // (A UTM parameter in its address is no filter there: no chip, the same numbers.)
    await page.goto(`${sling.url}/stats/utm-news?utm_medium=social`);
    await expect.poll(total).toBe('3');
    expect(await page.getByRole('region', { name: 'Devices' }).count()).toBe(1);
    expect(await utm().count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Filters' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
