// The Live view in Chromium: on /analytics and on a link's page, clicks made during the test appear
// in the list (newest on top, place, device, referrer, link) and pulse on the map at their country;
// the connection indicator; reduced motion stills the pulses; both themes and a phone's width.
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

const chromium = chromiumPath();

describe.skipIf(!chromium)('the Live view in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'ana@example.com', 'enterprise');
    // TRUST_PROXY: the visit's X-Forwarded-For is the visitor's address, so it is placed on the map.
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true' }), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'ana@example.com'));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const createLink = async (alias: string) =>
    (await apiClient(overHttp(sling.url), { token }).call('createLink', { body: { url: `https://example.com/${alias}`, alias } })).json as {
      id: number;
    };
  const visit = async (code: string, ip: string, ua: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': ua, 'x-forwarded-for': ip, ...headers } });
    expect(res.status).toBe(302);
  };
  const rows = () => page.locator('[data-testid="live-list"] > li');

  test('/analytics?view=live: clicks appear newest on top and pulse at their country', async () => {
    const problems = watchProblems(page);
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
      await page.screenshot({ path: 'test-results/live-clicks-failure.png', fullPage: true }).catch(() => undefined);
    });
    await createLink('spring');
    await createLink('autumn');
    await page.goto(`${sling.url}/analytics?view=live`);
    await expect.poll(() => page.getByTestId('live-status-text').textContent(), { timeout: 30_000 }).toBe('Connected');
    expect(await page.getByRole('tab', { name: 'Live' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByText('Waiting for clicks').isVisible()).toBe(true);

    await visit('spring', '8.8.8.8', AGENTS.iphone, { referer: 'https://t.co/launch' });
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
    await visit('autumn', '81.2.69.160', AGENTS.chrome);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(2);
    const [newest, older] = [await rows().nth(0).innerText(), await rows().nth(1).innerText()];
    expect(newest).toContain('United Kingdom');
    expect(newest).toContain('Desktop · Chrome · Windows · Direct');
    expect(newest).toMatch(/\/autumn/);
    expect(older).toContain('United States');
    expect(older).toContain('Mobile · Mobile Safari · iOS · t.co');
    expect(older).toMatch(/\/spring/);
    expect(newest).toMatch(/just now|\d+ s ago/);
    expect(await page.getByTestId('live-status').textContent()).toBe('Connected· 2 clicks so far');
    expect(await page.locator('.live-map .live-pulse[data-country="US"]').count()).toBe(1);
    expect(await page.locator('.live-map .live-pulse[data-country="GB"]').count()).toBe(1);
    expect(await page.locator('.live-map path.live-country[data-country="GB"]').count()).toBeGreaterThan(0);

    expect(await captureThemes(page, 'live-clicks')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await captureThemes(page, 'live-clicks-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Reduced motion: the pulse is a still dot, the rows do not slide in.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(
      await page
        .locator('.live-pulse-ring')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    await page.emulateMedia({ reducedMotion: null });

    // The overview is still there, one tab away; the address says which view is shown.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect.poll(() => page.getByTestId('clicks-total').isVisible()).toBe(true);
    expect(new URL(page.url()).searchParams.get('view')).toBeNull();
    expect(problems).toEqual([]);
  });

  test("a link's Live view shows only its clicks, without naming the link", async () => {
    const problems = watchProblems(page);
    const mine = await createLink('mine');
    await createLink('other');
    await page.goto(`${sling.url}/links/${mine.id}`);
    await page.getByRole('tab', { name: 'Live' }).click();
    await expect.poll(() => page.getByTestId('live-status-text').textContent(), { timeout: 30_000 }).toBe('Connected');
    expect(new URL(page.url()).searchParams.get('view')).toBe('live');
    await visit('other', '8.8.4.4', AGENTS.firefox);
    await visit('mine', '81.2.69.160', AGENTS.android);
    await expect.poll(() => rows().count(), { timeout: 30_000 }).toBe(1);
    const row = await rows().nth(0).innerText();
    expect(row).toContain('United Kingdom');
    expect(row).toContain('Mobile · Chrome · Android');
    expect(await rows().nth(0).locator('a').count()).toBe(0);
    expect(await page.locator('.live-map .live-pulse[data-country="GB"]').count()).toBe(1);
    expect(await captureThemes(page, 'live-clicks-link')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
