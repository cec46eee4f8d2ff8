// Tags in Chromium: the Tags page (/links/tags, reached from the settings' list) lists the
// workspace's tags as coloured chips with their link counts; a tag is renamed inline, recoloured from
// the palette's menu by keyboard, two are merged into one, and one is deleted after a red
// confirmation naming how many links lose it. The link dialog's tag picker: typing filters the
// workspace's tags, Enter and a comma add, Backspace removes, and the saved link's chips in the list
// carry the tags' colours; the toolbar's "Manage tags" leads to the Tags page. Screenshots of the page and the picker in light and dark, at desktop and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
type Tag = { name: string; color: string; links: number };

describe.skipIf(!chromium)('tags: the Tags page and the tag picker', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'tia@example.com', 'Tia', 'a long password 1'));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /** A call of the page's own origin (the session's cookie goes with it). */
  const api = (path: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async ([p, m, b]) => {
        const res = await fetch(p as string, { method: m as string, headers: { 'content-type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
        return res.json();
      },
      [path, method, body] as const,
    );
  const tags = async () => (await api('/api/v1/tags')).tags as Tag[];
  const row = (name: string) => page.locator(`li.tag-row[data-tag="${name}"]`);
  const toast = () => page.getByTestId('toast').last();
  /** Light and dark at a desktop width, then at 390 px with `phoneFocus` scrolled into view (nothing scrolls sideways). */
  async function shoot(name: string, phoneFocus?: string) {
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await captureThemes(page, name)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    if (phoneFocus) await page.locator(phoneFocus).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, `${name}-phone`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test('the Tags page: coloured chips with counts; rename, recolour, merge and delete', async () => {
    await page.goto(`${sling.url}/settings`);
    for (const [i, t] of [['launch', 'news'], ['news'], ['news', 'old'], ['promo'], ['launch']].entries())
      await api('/api/v1/links', 'POST', { url: `https://example.com/${i}`, tags: t });
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Tags' }).click();
    await page.waitForURL(`${sling.url}/links/tags`);
    await expect
      .poll(() => page.locator('li.tag-row').evaluateAll((rows) => rows.map((r) => r.textContent?.match(/^\S+?(\d+ links?)/)?.[0])))
      .toEqual(['news3 links', 'launch2 links', 'old1 link', 'promo1 link']);
    const before = await tags();
    expect(await row('news').locator('.tag-chip').getAttribute('data-color')).toBe(before.find((t) => t.name === 'news')!.color);
    await shoot('tags-page');

    // Rename inline.
    await row('old').getByRole('button', { name: 'Rename old' }).click();
    await page.getByLabel('New name for old').fill('Archive 2025');
    await page.getByLabel('New name for old').press('Enter');
    await expect.poll(() => toast().textContent()).toContain('Renamed old to archive-2025 on 1 link.');
    await expect.poll(() => row('archive-2025').count()).toBe(1);
    expect((await tags()).find((t) => t.name === 'archive-2025')).toMatchObject({ links: 1 });

    // Recolour by keyboard: the menu opens on the current colour; arrows move, Enter picks.
    await row('news')
      .getByRole('button', { name: /^Colour of news/ })
      .click();
    const menu = page.getByRole('menu', { name: 'Colour of news' });
    await expect.poll(() => menu.getByRole('menuitemradio', { checked: true }).evaluate((b) => b === document.activeElement)).toBe(true);
    await shoot('tags-color-menu');
    // End is the palette's last (pink), one up is purple.
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => row('news').locator('.tag-chip').getAttribute('data-color')).toBe('purple');
    expect((await tags()).find((t) => t.name === 'news')!.color).toBe('purple');

    // Merge two into one.
    await row('promo').getByRole('checkbox').check();
    await row('archive-2025').getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Merge into…' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge 2 tags' });
    await merge.getByLabel('Keep').selectOption('promo');
    await shoot('tags-merge');
    await merge.getByRole('button', { name: 'Merge into promo' }).click();
    await expect.poll(() => toast().textContent()).toContain('Merged into promo on 1 link.');
    await expect.poll(() => row('archive-2025').count()).toBe(0);
    expect((await tags()).find((t) => t.name === 'promo')).toMatchObject({ links: 2 });

    // Delete, after a red confirmation that says how many links lose it.
    await row('launch').getByRole('button', { name: 'Delete launch' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the tag launch?' });
    expect(await confirm.textContent()).toContain('2 links will lose this tag.');
    await confirm.getByRole('button', { name: 'Delete tag' }).click();
    await expect.poll(() => row('launch').count()).toBe(0);
    expect((await tags()).map((t) => t.name).sort()).toEqual(['news', 'promo']);
    const links = (await api('/api/v1/links?limit=20')).links as Array<{ tags: string[] }>;
    expect(links.flatMap((l) => l.tags).filter((t) => t === 'launch')).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the tag picker in the link dialog: filter, Enter, comma, Backspace; the list shows the colours', async () => {
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('https://example.com/picked');
    const field = dialog.getByRole('combobox', { name: 'Tags (optional)' });
    await field.click();
    await field.pressSequentially('ne');
    const list = dialog.getByRole('listbox', { name: 'Tags: suggestions' });
    await expect.poll(() => list.getByRole('option').allTextContents()).toEqual(['news3', 'Create ne']);
    expect(await field.getAttribute('aria-expanded')).toBe('true');
    await field.press('Enter');
    await field.pressSequentially('Fresh Tag,');
    await field.pressSequentially('extra');
    await expect.poll(() => dialog.locator('.tag-picker-box .tag-chip').allTextContents()).toEqual(['news×', 'fresh-tag×']);
    await shoot('tags-picker', '.tag-picker');
    // Backspace in the empty field takes the last chip off; a chip's own button removes it too.
    await field.fill('');
    await field.press('Backspace');
    await expect.poll(() => dialog.locator('.tag-picker-box .tag-chip').allTextContents()).toEqual(['news×']);
    await field.pressSequentially('extra');
    await field.press('Enter');
    await field.pressSequentially('gone');
    await field.press('Enter');
    await dialog.getByRole('button', { name: 'Remove tag gone' }).click();
    await expect.poll(() => dialog.locator('.tag-picker-box .tag-chip').allTextContents()).toEqual(['news×', 'extra×']);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => toast().textContent()).toMatch(/^Created /);
    const made = ((await api('/api/v1/links?q=picked')).links as Array<{ tags: string[] }>)[0];
    expect(made.tags).toEqual(['news', 'extra']);
    const chips = page.locator('ul.link-list li[data-link-id]').first().locator('.tag-chip');
    await expect.poll(() => chips.evaluateAll((cs) => cs.map((c) => `${c.textContent}:${c.getAttribute('data-color')}`))).toContain('news:purple');
    await shoot('tags-links-list');

    // At most ten: an eleventh is not added, and the live region says why.
    await page.getByRole('button', { name: 'Create link' }).click();
    const more = page.getByRole('dialog', { name: 'New link' });
    await more.getByRole('combobox', { name: 'Tags (optional)' }).fill(`${Array.from({ length: 11 }, (_, i) => `t${i + 1}`).join(',')},`);
    await expect.poll(() => more.locator('.tag-picker-box .tag-chip').count()).toBe(10);
    expect(await more.locator('.tag-picker [aria-live]').textContent()).toBe('A link has at most 10 tags; t11 was not added.');
    await page.goto(`${sling.url}/links`);
    // The toolbar leads to the Tags page.
    await page.getByRole('link', { name: 'Manage tags' }).click();
    await page.waitForURL(`${sling.url}/links/tags`);
    expect(problems).toEqual([]);
  });
});
