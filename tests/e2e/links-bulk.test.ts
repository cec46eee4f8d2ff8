// The links page's menus and bulk bar in Chromium, at 1440 and 390 px: the Status and Sort menus by
// mouse and by keyboard (arrows, Enter, Escape back to the button), kept in the address bar; a menu
// stays inside a phone's window; selected rows archived and brought back with the notice's Undo, a
// tag added to them, and deleted with Undo (nothing deleted) and then for good; every tag of a link
// with many in one row of the same height as the others. Screenshots in both themes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { chooseFromMenu, menuButton } from '../helpers/filter-menu';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();

describe.skipIf(!chromium)('the links menus and bulk bar in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await useSession(context, sling.url, await signUpAndInOverHttp(sling.url, 'bulk@example.com', 'Bulk', 'a long password 1'));
    for (const [alias, tags] of [
      ['bk-one', ['promo']],
      ['bk-two', []],
      ['bk-three', ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7']],
      ['bk-four', []],
    ] as const) {
      const made = await page.request.post(`${sling.url}/api/v1/links`, { data: { url: `https://example.com/${alias}`, alias, tags } });
      expect(made.status()).toBe(201);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const rows = () => page.locator('ul.link-list li[data-link-id]');
  const rowCodes = async () => (await rows().locator('a.short').allTextContents()).map((t) => t.replace(/^.*\//, ''));
  const row = (code: string) => rows().filter({ has: page.locator(`a.short[href="${sling.url}/${code}"]`) });
  const status = () => page.getByTestId('toast').last().locator('span').first();
  const undo = () => page.getByTestId('toast').last().getByRole('button', { name: 'Undo' });
  const bar = () => page.getByRole('toolbar', { name: 'Selected links' });

  test('the menus, by mouse and keyboard, kept in the address bar', async () => {
    const problems = watchProblems(page);
    await page.goto(`${sling.url}/links`);
    await expect.poll(rowCodes).toEqual(['bk-four', 'bk-three', 'bk-two', 'bk-one']);

    // Every row has one height, the one with seven tags too (three shown, then +4).
    const heights = await rows().evaluateAll((lis) => lis.map((li) => li.clientHeight));
    expect(new Set(heights).size).toBe(1);
    expect(await row('bk-three').locator('.tag-chip').allTextContents()).toEqual(['a1', 'b2', 'c3', '+4']);

    const sort = menuButton(page, 'Sort');
    expect(await sort.getAttribute('aria-haspopup')).toBe('listbox');
    expect(await sort.getAttribute('aria-label')).toBe('Sort: Newest first');
    await chooseFromMenu(page, 'Sort', 'Short link A–Z');
    await expect.poll(rowCodes).toEqual(['bk-four', 'bk-one', 'bk-three', 'bk-two']);
    expect(new URL(page.url()).searchParams.get('sort')).toBe('code-asc');

    // Keyboard: ↓ opens the list on the current choice, ↓ moves, Enter picks and focus returns.
    const statusMenu = menuButton(page, 'Status');
    await statusMenu.focus();
    await page.keyboard.press('ArrowDown');
    const list = page.getByRole('listbox', { name: 'Status' });
    await list.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
    expect(await list.getByRole('option', { selected: true }).textContent()).toBe('All statuses');
    await page.keyboard.press('ArrowDown');
    expect(await list.getAttribute('aria-activedescendant')).toBe(await list.getByRole('option', { name: 'Active' }).getAttribute('id'));
    expect(await captureThemes(page, 'links-menu-open')).toEqual([]);
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('active');
    expect(await statusMenu.getAttribute('aria-label')).toBe('Status: Active');
    expect(await statusMenu.evaluate((b) => b === document.activeElement)).toBe(true);
    // Escape closes without choosing; End and Enter pick the last.
    await page.keyboard.press('Enter');
    await list.waitFor();
    await page.keyboard.press('End');
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await statusMenu.getAttribute('aria-label')).toBe('Status: Active');
    expect(await statusMenu.evaluate((b) => b === document.activeElement)).toBe(true);

    await page.reload();
    expect(await menuButton(page, 'Status').getAttribute('aria-label')).toBe('Status: Active');
    expect(await menuButton(page, 'Sort').getAttribute('aria-label')).toBe('Sort: Short link A–Z');
    await chooseFromMenu(page, 'Tag', '#promo');
    await expect.poll(rowCodes).toEqual(['bk-one']);
    await chooseFromMenu(page, 'Tag', 'All tags');
    await chooseFromMenu(page, 'Status', 'All statuses');
    await expect.poll(rowCodes).toEqual(['bk-four', 'bk-one', 'bk-three', 'bk-two']);

    // At phone width a menu opened at the right stays inside the window.
    await page.setViewportSize({ width: 390, height: 844 });
    await menuButton(page, 'Sort').click();
    const box = await page.getByRole('listbox', { name: 'Sort' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'links-menu-open-phone')).toEqual([]);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(problems).toEqual([]);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`bulk archive, tag and delete with Undo at ${size.width} px`, async () => {
      const problems = watchProblems(page);
      await page.setViewportSize(size);
      await page.goto(`${sling.url}/links?sort=code-asc`);
      await expect.poll(rowCodes).toEqual(['bk-four', 'bk-one', 'bk-three', 'bk-two']);

      await row('bk-one').getByRole('checkbox').check();
      await row('bk-two').getByRole('checkbox').check();
      expect(await bar().getByText('2 selected').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      expect(await captureThemes(page, `links-bulk-bar-${size.width}`)).toEqual([]);

      // Archive, then Undo: the reverse is sent and the rows come back.
      await bar().getByRole('button', { name: 'Archive' }).click();
      await expect.poll(() => status().textContent()).toBe('2 links archived.');
      // The bar went with the selection; focus is on the page's heading, not lost.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Links');
      await expect.poll(rowCodes).toEqual(['bk-four', 'bk-three']);
      await undo().click();
      await expect.poll(rowCodes).toEqual(['bk-four', 'bk-one', 'bk-three', 'bk-two']);
      await until('both are back', async () => {
        const r = await (await page.request.get(`${sling.url}/api/v1/links?archived=only`)).json();
        return r.total === 0;
      });

      // A tag added to the selection (and taken off again by Undo).
      await row('bk-two').getByRole('checkbox').check();
      await row('bk-four').getByRole('checkbox').check();
      await bar().getByRole('button', { name: 'Add tag' }).click();
      await page.getByRole('listbox', { name: 'Add tag' }).getByRole('option', { name: '#promo' }).click();
      await expect.poll(() => status().textContent()).toBe('#promo added to 2 links.');
      await expect.poll(() => row('bk-two').locator('.tag-chip').allTextContents()).toEqual(['promo']);
      await undo().click();
      await expect.poll(() => row('bk-two').locator('.tag-chip').allTextContents()).toEqual([]);

      // Delete, then Undo: the rows come back and nothing was deleted.
      await row('bk-four').getByRole('checkbox').check();
      await bar().getByRole('button', { name: 'Delete' }).click();
      await expect.poll(rowCodes).toEqual(['bk-one', 'bk-three', 'bk-two']);
      await expect.poll(() => status().textContent()).toBe('1 link deleted');
      expect(await page.locator('#links-summary').textContent()).toBe('1–3 of 3 links');
      expect(await captureThemes(page, `links-bulk-undo-${size.width}`, undefined, { fullPage: false })).toEqual([]);
      await undo().click();
      await expect.poll(rowCodes).toEqual(['bk-four', 'bk-one', 'bk-three', 'bk-two']);
      expect((await fetch(`${sling.url}/bk-four`, { redirect: 'manual' })).status).toBe(302);
      expect(problems).toEqual([]);
    });
  }

  test('a deletion without Undo is sent once its notice has gone', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${sling.url}/links?sort=code-asc`);
    await row('bk-four').getByRole('checkbox').check();
    await bar().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(rowCodes).toEqual(['bk-one', 'bk-three', 'bk-two']);
    // Not yet: the Undo still stands.
    expect((await fetch(`${sling.url}/bk-four`, { redirect: 'manual' })).status).toBe(302);
    await until('the deletion is sent', async () => (await fetch(`${sling.url}/bk-four`, { redirect: 'manual' })).status === 404, { timeoutMs: 15_000 });
    await page.reload();
    await expect.poll(rowCodes).toEqual(['bk-one', 'bk-three', 'bk-two']);
  });
});
