// Bots beside the clicks in Chromium (docs/guide/analytics.md, "Bots and link previews"): /analytics
// says "8 bots · 1 counted as clicks" under the Clicks headline, and the line opens the Bots popover
// with the agents by name and the sentence that explains them; Escape closes it. A link's page says
// "7 bots not counted"; its public stats page says nothing about bots. The pages, popover open, fit
// 1366 and 390 px in both themes, axe clean, without a console error.
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
const TWITTERBOT = 'Twitterbot/1.0';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const CURL = 'curl/8.5.0';

describe.skipIf(!chromium)('bots beside the clicks in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'bots@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env }), launchChromium(chromium!)]);
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    await useSession(context, sling.url, await signInOverHttp(sling.url, 'bots@example.com'));
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const api = () => apiClient(overHttp(sling.url), { token });
  const createLink = async (alias: string, extra: Record<string, unknown> = {}) => {
    const res = await api().call('createLink', { body: { url: `https://example.com/${alias}`, alias, ...extra } });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  };
  const visit = async (code: string, ua: string, method = 'GET') => {
    const res = await fetch(`${sling.url}/${code}`, { method, redirect: 'manual', headers: { 'user-agent': ua } });
    await res.arrayBuffer();
    expect(res.status).toBe(302);
  };
  const total = () => page.getByTestId('clicks-total').textContent();
  const botsLine = () => page.getByTestId('bots-total');
  const popover = () => page.getByRole('dialog', { name: 'Bots and link previews' });
  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  /** Both widths and themes, with the popover open (it is placed when it opens, so once per width). */
  async function checkPage(name: string) {
    for (const [size, suffix] of [
      [DESKTOP, ''],
      [PHONE, '-phone'],
    ] as const) {
      await page.setViewportSize(size);
      await expect.poll(scrollWidth, { message: `${name}${suffix} scrolls sideways` }).toBeLessThanOrEqual(size.width);
      await botsLine().click();
      await expect.poll(() => popover().isVisible()).toBe(true);
      const box = await popover().boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
      expect(await captureThemes(page, `${name}${suffix}`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect.poll(() => popover().isVisible()).toBe(false);
    }
    await page.setViewportSize(DESKTOP);
  }

  test('the bots line and its popover', async () => {
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
      await page.screenshot({ path: 'test-results/bots-summary-failure.png', fullPage: true }).catch(() => undefined);
    });
    const plain = await createLink('bots-plain', { public_stats: true });
    await createLink('bots-counted', { count_bots: true });
    for (const ua of [AGENTS.slackbot, AGENTS.slackbot, AGENTS.slackbot, TWITTERBOT, FACEBOOK, CURL]) await visit('bots-plain', ua);
    await visit('bots-plain', AGENTS.chrome, 'HEAD');
    await visit('bots-counted', AGENTS.slackbot);
    for (const ua of [AGENTS.chrome, AGENTS.iphone, AGENTS.chrome]) await visit('bots-plain', ua);
    await visit('bots-counted', AGENTS.chrome);
    await until('the visits in the stats', async () => {
      const stats = (await api().call('workspaceStats', {})).json;
      return stats.clicks === 5 && stats.bots === 8;
    });

    await page.goto(`${sling.url}/analytics`);
    await expect.poll(total).toBe('5');
    expect(await botsLine().textContent()).toBe('8 bots · 1 counted as clicks');
    await botsLine().click();
    await expect.poll(() => popover().isVisible()).toBe(true);
    expect(await popover().textContent()).toContain(
      'Link previews and crawlers fetch your link with no person behind them; they are stored but not counted. One of these is counted: its link counts bot visits as clicks.',
    );
    expect(await popover().locator('li').allTextContents()).toEqual(['Slackbot4', 'curl1', 'Facebook1', 'HEAD request1', 'Twitterbot1']);
    await page.keyboard.press('Escape');
    await expect.poll(() => popover().isVisible()).toBe(false);
    await checkPage('analytics-bots');

    await page.goto(`${sling.url}/links/${plain.id}`);
    await expect.poll(total).toBe('3');
    expect(await botsLine().textContent()).toBe('7 bots not counted');
    await checkPage('link-analytics-bots');

    // The public stats page counts the same clicks and says nothing of bots.
    await page.goto(`${sling.url}/stats/bots-plain`);
    await expect.poll(total).toBe('3');
    expect(await botsLine().count()).toBe(0);
    expect(problems).toEqual([]);
  }, 180_000);
});
