// The link detail page in Chromium: a click from 8.8.8.8 shows as one click from the United States
// (with the DB-IP credit) and a drawn chart; the interval switch, a refused custom range shown at
// its field, the CSV export saved as a file holding the click, the history (paged), and the empty state.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, onTestFailed, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { AGENTS } from '../helpers/agents';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { parseCsv } from '../helpers/csv';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';
import { chooseFromMenu } from '../helpers/filter-menu';

const chromium = chromiumPath();

describe.skipIf(!chromium)('link analytics page in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let bobToken: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'ana@example.com', 'enterprise');
    bobToken = await createUserWithToken(tdb.env, 'bob@example.com');
    // TRUST_PROXY: the visit's X-Forwarded-For is the visitor's address, so it is geolocated.
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true' }), launchChromium(chromium!)]);
    page = await (await browser.newContext({ acceptDownloads: true, locale: 'en-US' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /** The typed client over HTTP, calling with `as` (the suite's token unless told). */
  const api = (as = token) => apiClient(overHttp(sling.url), { token: as });
  const createLink = async (alias: string, as = token) =>
    (await api(as).call('apiPhpCreate', { body: { url: `https://example.com/${alias}`, alias } })).json as { id: number; short_url: string };

  test('a counted click, the interval switch, a refused range, the CSV export and the history', async () => {
    // The custom range below is refused on purpose: the browser logs that 400.
    const problems = watchProblems(page, [/status of 400/]);
    // A step that times out says nothing of why: show what the page reported and looked like.
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
      await page.screenshot({ path: 'test-results/link-analytics-failure.png', fullPage: true }).catch(() => undefined);
    });
    const link = await createLink('launch');
    const visit = await fetch(`${sling.url}/launch`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': '8.8.8.8' } });
    expect(visit.status).toBe(302);
    await until('the click in the stats', async () => (await api().call('linkStats', { params: { id: link.id } })).json.clicks === 1, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    // Signed in with a cookie from the API: the sign-in form, and coming back to the page that asked
    // for it, are app-shell.test.ts's and shell-settings.test.ts's subject.
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'ana@example.com'));
    await page.goto(`${sling.url}/links/${link.id}`);

    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(link.short_url.replace(/^https?:\/\//, ''));
    expect(await page.locator('.link-header').textContent()).toContain('https://example.com/launch');
    await expect.poll(() => page.getByTestId('clicks-total').textContent()).toBe('1');
    expect(await page.getByTestId('visitors-total').textContent()).toBe('1');
    const countries = page.getByRole('region', { name: 'Countries' });
    expect(await countries.locator('li').allTextContents()).toEqual(['United States1 · 100%']);
    const credit = page.getByRole('region', { name: 'Locations' }).getByRole('link', { name: 'IP geolocation by DB-IP' });
    expect(await credit.getAttribute('href')).toBe('https://db-ip.com');
    expect(await page.getByRole('region', { name: 'Browsers' }).locator('li').allTextContents()).toEqual(['Chrome1 · 100%']);
    // The chart: an area over the 30 days' buckets, daily or weekly (hourly would be 720 slivers).
    await expect.poll(() => page.locator('.chart .recharts-area-area').count()).toBe(1);
    expect(await page.locator('.chart figcaption').textContent()).toMatch(/^Clicks per day; the busiest day was .+ with 1\.$/);
    expect(await page.getByRole('radio', { name: 'Hourly' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Weekly' }).check();
    await expect.poll(() => page.locator('.chart figcaption').textContent()).toMatch(/^Clicks per week; the busiest week was Week of /);

    // Seven days offer hourly and daily (one or two weeks are too few buckets); a new period takes its own interval.
    await chooseFromMenu(page, 'Period', 'Last 7 days');
    await expect.poll(() => page.locator('.chart figcaption').textContent()).toMatch(/^Clicks per day/);
    expect(await page.getByRole('radio', { name: 'Daily' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Weekly' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Hourly' }).check();
    await expect.poll(() => page.locator('.chart figcaption').textContent()).toMatch(/^Clicks per hour; the busiest hour was .+ with 1\.$/);
    expect(await page.getByTestId('clicks-total').textContent()).toBe('1');

    // A custom range ending before it starts: the API's refusal is shown at the "From" field.
    await chooseFromMenu(page, 'Period', 'Custom dates…');
    await page.getByLabel('From', { exact: true }).fill('2026-03-10');
    await page.getByLabel('To', { exact: true }).fill('2026-03-01');
    await expect.poll(async () => (await page.getByRole('alert').allTextContents()).join(' ')).toContain('"from" must be before "to"');
    expect(await page.getByLabel('From', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await chooseFromMenu(page, 'Period', 'Last 30 days');
    await expect.poll(() => page.getByTestId('clicks-total').textContent()).toBe('1');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sling-launch-clicks-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv$/);
    const csv = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(csv).toHaveLength(2);
    expect(csv[1][csv[0].indexOf('country')]).toBe('US');
    expect(csv[1][csv[0].indexOf('browser')]).toBe('Chrome');
    await expect.poll(() => page.locator('.export-status').textContent()).toMatch(/^Saved sling-launch-clicks-.+\.csv \(1 row, .+\)\.$/);

    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.locator('li').count()).toBe(1);
    expect(await history.getByTestId('event-sentence').first().textContent()).toMatch(/^Created, pointing to https:\/\/example\.com\//);

    await page.getByRole('button', { name: 'QR code' }).click();
    const qr = page.getByRole('dialog', { name: 'QR code' });
    await expect.poll(() => qr.getByTestId('qr-preview').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    await qr.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => qr.isVisible()).toBe(false);

    expect(await captureThemes(page, 'link-analytics')).toEqual([]);
    // On a phone: nothing wider than the screen, and still no accessibility violation.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'link-analytics-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(problems).toEqual([]);
  });

  test('an A/B test: a table of its variants with their weight, clicks, visitors and conversions', async () => {
    const problems = watchProblems(page);
    const variants = [
      { id: 'spring', url: 'https://example.com/spring-sale', weight: 60 },
      { id: 'summer', url: 'https://example.com/summer-sale', weight: 40 },
    ];
    const made = await api().call('createLink', { body: { url: 'https://example.com/sale', alias: 'sale', ab_test: { variants } } });
    expect(made.status).toBe(201);
    const id = made.json.id as number;
    for (let i = 0; i < 12; i++)
      await fetch(`${sling.url}/sale`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': `8.8.4.${i}` } });
    await api().call('recordConversion', { params: { id }, body: { variant: 'summer', count: 3 } });
    await until('the twelve clicks counted per variant', async () => {
      const stats = (await api().call('linkStats', { params: { id } })).json;
      return stats.variants?.reduce((n: number, v: { clicks: number }) => n + v.clicks, 0) === 12;
    });

    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'ana@example.com'));
    await page.goto(`${sling.url}/links/${id}`);
    const panel = page.getByRole('region', { name: 'A/B test' });
    await expect.poll(() => panel.locator('tbody tr').count()).toBe(2);
    const row = (variant: string) => panel.locator(`tbody tr[data-variant="${variant}"]`);
    expect(await row('spring').locator('th').textContent()).toBe('example.com/spring-sale');
    expect(await row('summer').locator('td').allTextContents()).toEqual(['40%', expect.any(String), expect.any(String), '3']);
    const clicks = async (variant: string) => Number(await row(variant).locator('td').nth(1).textContent());
    expect((await clicks('spring')) + (await clicks('summer'))).toBe(12);
    expect(await panel.getByText('Winner').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    expect(await captureThemes(page, 'link-analytics-ab-test')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'link-analytics-ab-test-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(problems).toEqual([]);
  });

  test("a link without clicks says so; someone else's link is not found", async () => {
    const problems = watchProblems(page);
    const quiet = await createLink('quiet');
    // 20 edits: with link.created, one more event than the history's first page holds.
    for (let i = 1; i <= 20; i++) {
      expect((await api().call('apiPhpUpdate', { query: { slug: 'quiet' }, body: { url: `https://example.com/quiet-${i}` } })).status).toBe(200);
    }
    await page.goto(`${sling.url}/links/${quiet.id}`);
    await expect.poll(() => page.locator('.empty-state').textContent()).toContain('No clicks yet — share your link');
    expect(await page.locator('.empty-state code').textContent()).toBe(quiet.short_url);
    expect(await page.locator('.chart').count()).toBe(0);
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.locator('li').count()).toBe(20);
    // Each entry says what changed, in words: the newest against the one before it.
    expect(await history.getByTestId('event-sentence').first().textContent()).toBe('Destination changed to https://example.com/quiet-20.');
    await history.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => history.locator('li').count()).toBe(21);
    expect(await history.getByTestId('event-sentence').last().textContent()).toMatch(/^Created, pointing to https:\/\/example\.com\/quiet/);
    expect(await history.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(await captureThemes(page, 'link-analytics-empty')).toEqual([]);
    expect(problems).toEqual([]);

    const bobs = await createLink('bobs', bobToken);
    for (const id of [bobs.id, 99999999]) {
      const res = await page.goto(`${sling.url}/links/${id}`);
      expect(res?.status()).toBe(404);
      expect(await page.locator('main').textContent()).not.toContain('example.com/bobs');
      // The dashboard's own 404, with its navigation, not the visitor's.
      expect(await page.locator('main h1').textContent()).toBe('Page not found');
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
    }
  });
});
