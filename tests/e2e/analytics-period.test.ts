// The analytics period in Chromium (issue 32, bug 11): every period lives in the address bar (a
// reload keeps it, back and forward walk it); the interval follows the period's length (Hourly is not
// offered for 30 days and a custom range drops it when it stops fitting); the chart is an area whose
// buckets are tens of pixels wide, with a "1 click · Sun, Nov 29" tooltip reached by mouse and
// keyboard; countries carry SVG flags, not emoji. Both pages fit 1440 and 390 px in both themes, axe clean
// (eight full-page shots: the test has three minutes).
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
import { chooseFromMenu, menuButton } from '../helpers/filter-menu';
import { localDay } from '../../components/stats-range';

const chromium = chromiumPath();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// Regional indicator symbols: what an emoji flag is made of.
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

describe.skipIf(!chromium)('analytics period in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'period@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true' }), launchChromium(chromium!)]);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await useSession(context, sling.url, await signInOverHttp(sling.url, 'period@example.com'));
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const api = () => apiClient(overHttp(sling.url), { token });
  const caption = () => page.locator('.chart figcaption').textContent();
  const search = () => new URL(page.url()).search;
  // The menu's button is named "Period: <choice>".
  const period = async () => (await menuButton(page, 'Period').getAttribute('aria-label'))?.replace('Period: ', '');
  const intervals = () =>
    page
      .getByRole('group', { name: 'Interval' })
      .getByRole('radio')
      .evaluateAll((rs) => rs.map((r) => r.parentElement?.textContent));
  const total = () => page.getByTestId('clicks-total').textContent();

  async function checkPage(name: string) {
    for (const [size, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-phone'],
    ] as const) {
      await page.setViewportSize(size);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name}${suffix} scrolls sideways` })
        .toBeLessThanOrEqual(size.width);
      expect(await captureThemes(page, `${name}${suffix}`)).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
  }

  test('the period and interval in the address bar; the interval follows the range; an area chart with wide buckets; SVG flags', async () => {
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
      await page.screenshot({ path: 'test-results/analytics-period-failure.png', fullPage: true }).catch(() => undefined);
    });
    const link = (await api().call('apiPhpCreate', { body: { url: 'https://example.com/spring', alias: 'spring' } })).json as { id: number };
    for (const ip of ['8.8.8.8', '81.2.69.160', '8.8.4.4'])
      expect((await fetch(`${sling.url}/spring`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': ip } })).status).toBe(302);
    await until('the clicks in the stats', async () => (await api().call('workspaceStats', { query: {} })).json.clicks === 3, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    // The default period (30 days) names nothing in the address; daily or weekly, never hourly.
    await page.goto(`${sling.url}/analytics`);
    await expect.poll(total).toBe('3');
    expect(search()).toBe('');
    expect(await caption()).toMatch(/^Clicks per day;/);
    expect(await intervals()).toEqual(['Daily', 'Weekly']);

    // Last 24 hours: in the address, kept by a reload; hourly is its only interval, so no choice is shown.
    await chooseFromMenu(page, 'Period', 'Last 24 hours');
    await expect.poll(search).toBe('?period=24h');
    await expect.poll(caption).toMatch(/^Clicks per hour;/);
    expect(await page.getByRole('group', { name: 'Interval' }).count()).toBe(0);
    await page.reload();
    await expect.poll(caption).toMatch(/^Clicks per hour;/);
    expect(await period()).toBe('Last 24 hours');
    await page.locator('.chart').screenshot({ path: 'test-results/analytics-period-24h.png' });

    // Last 7 days, hourly: both in the address; back and forward walk the periods.
    await chooseFromMenu(page, 'Period', 'Last 7 days');
    await expect.poll(caption).toMatch(/^Clicks per day;/);
    expect(await intervals()).toEqual(['Hourly', 'Daily']);
    await page.getByRole('radio', { name: 'Hourly' }).check();
    await expect.poll(search).toBe('?period=7d&interval=hour');
    await expect.poll(caption).toMatch(/^Clicks per hour;/);
    await page.goBack();
    await expect.poll(search).toBe('?period=7d');
    await expect.poll(caption).toMatch(/^Clicks per day;/);
    await page.goBack();
    await expect.poll(search).toBe('?period=24h');
    await expect.poll(period).toBe('Last 24 hours');
    await page.goForward();
    await page.goForward();
    await expect.poll(search).toBe('?period=7d&interval=hour');
    await expect.poll(period).toBe('Last 7 days');
    expect(await page.getByRole('radio', { name: 'Hourly' }).isChecked()).toBe(true);

    // Custom days start as the 7 days shown (8 calendar days, still hourly); 30 days drop Hourly.
    await chooseFromMenu(page, 'Period', 'Custom dates…');
    await expect.poll(search).toBe(`?from=${localDay(7)}&to=${localDay(0)}&interval=hour`);
    await page.getByLabel('From', { exact: true }).fill(localDay(29));
    await expect.poll(search).toBe(`?from=${localDay(29)}&to=${localDay(0)}`);
    await expect.poll(caption).toMatch(/^Clicks per day;/);
    expect(await intervals()).toEqual(['Daily', 'Weekly']);
    await page.reload();
    await expect.poll(caption).toMatch(/^Clicks per day;/);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(localDay(29));
    expect(await page.locator('.chart').getAttribute('data-points')).toBe('30');

    // An area, not bars; from the keyboard the tooltip walks the buckets, each tens of pixels apart.
    expect(await page.locator('.chart .recharts-area-area').count()).toBe(1);
    expect(await page.locator('.chart .recharts-bar-rectangle').count()).toBe(0);
    // The chart takes the focus, named by its caption and described by its keys.
    const surface = page.getByRole('application', { name: /^Clicks per day;/ });
    expect(await surface.getAttribute('tabindex')).toBe('0');
    expect(await surface.getAttribute('aria-describedby').then((d) => page.locator(`[id="${d}"]`).textContent())).toBe(
      'The left and right arrow keys move from day to day.',
    );
    await surface.focus();
    const dotX = () => page.locator('.chart .recharts-active-dot circle').getAttribute('cx').then(Number);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.chart-tooltip').count()).toBe(1);
    const first = await dotX();
    await page.keyboard.press('ArrowRight');
    await expect.poll(dotX).not.toBe(first);
    expect((await dotX()) - first).toBeGreaterThan(20);
    expect(await page.locator('.chart-tooltip').textContent()).toMatch(/^0 clicks · \w{3}, \w{3} \d{1,2}$/);
    // The mouse on today's bucket (the right edge): its clicks and date, in words.
    const box = (await surface.boundingBox())!;
    await page.mouse.move(box.x + box.width - 14, box.y + box.height / 2);
    const today = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }).format(new Date());
    await expect.poll(() => page.locator('.chart-tooltip').textContent()).toBe(`3 clicks · ${today}`);
    expect(await page.locator('.chart-tooltip').getAttribute('role')).toBe('status');
    // For a look at the tooltip beside the rest (captureThemes shoots without the mouse on the chart).
    await page.locator('.chart').screenshot({ path: 'test-results/analytics-period-tooltip.png' });
    await page.mouse.move(0, 0);

    // Flags are SVG drawings: decorative beside the written name, named where the name is not written.
    const countries = page.getByRole('region', { name: 'Countries' });
    await expect.poll(() => countries.locator('li svg.flag').count()).toBe(2);
    expect(await countries.locator('li').allTextContents()).toEqual(['United States2 · 67%', 'United Kingdom1 · 33%']);
    expect((await page.locator('.breakdowns').allTextContents()).join('')).not.toMatch(EMOJI_FLAG);
    expect(await countries.locator('li svg.flag').first().getAttribute('aria-hidden')).toBe('true');
    await countries.getByRole('button', { name: /United Kingdom/ }).click();
    await expect.poll(total).toBe('1');
    expect(search()).toBe(`?from=${localDay(29)}&to=${localDay(0)}&country=GB`);
    await expect.poll(() => page.getByRole('region', { name: 'Cities' }).getByRole('img', { name: 'United Kingdom' }).count()).toBe(1);
    const chip = page.getByRole('group', { name: 'Filters' }).getByRole('button', { name: 'Remove the filter Country: United Kingdom' });
    expect(await chip.locator('svg.flag').count()).toBe(1);
    expect(await chip.textContent()).not.toMatch(EMOJI_FLAG);
    await checkPage('analytics-period');

    // The link page: the same period from its address.
    await page.goto(`${sling.url}/links/${link.id}?period=90d`);
    await expect.poll(total).toBe('3');
    expect(await period()).toBe('Last 90 days');
    expect(await caption()).toMatch(/^Clicks per day;/);
    expect(await page.locator('.chart').getAttribute('data-points')).toBe('91');
    await page.getByRole('radio', { name: 'Weekly' }).check();
    await expect.poll(search).toBe('?period=90d&interval=week');
    await expect.poll(caption).toMatch(/^Clicks per week;/);
    await page.reload();
    await expect.poll(caption).toMatch(/^Clicks per week;/);
    await checkPage('link-analytics-period');
    expect(problems).toEqual([]);
  }, 180_000);
});
