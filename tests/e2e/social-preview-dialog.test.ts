// The link dialog's "Social preview" section in Chromium: title and description update the live
// card as typed, an uploaded PNG shows in it and is stored with the link, a preview without a title
// is refused next to the field, and an edit finds the saved values and can go back to the generated
// card. Screenshots light/dark and at 390 px (no horizontal overflow, axe clean).
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

function cardPng(): Buffer {
  const png = new PNG({ width: 1200, height: 630 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([30, 120, 200, 255], i);
  return PNG.sync.write(png);
}

describe.skipIf(!chromium)('social preview section of the link dialog', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'og@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const linkJson = async (code: string) => {
    const list = (await apiClient(overHttp(sling.url), { token }).call('listLinks', { query: { q: code } })).json;
    return list.links.find((l: { short_code: string }) => l.short_code === code);
  };

  test('create with a title, description and uploaded image; refuse a missing title; edit back to the generated card', async () => {
    const problems = watchProblems(page, [/400/]);
    // Signed in with a cookie from the API: the sign-in form, and coming back to the page that asked
    // for it, are app-shell.test.ts's and shell-settings.test.ts's subject.
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'og@example.com'));
    await page.goto(`${sling.url}/links`);

    await page.getByRole('button', { name: 'Create link' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('example.com/launch');
    await dialog.getByLabel('Alias (optional)').fill('og-launch');
    await dialog.getByText('Social preview', { exact: false }).first().click();
    const card = dialog.getByTestId('social-card');

    await dialog.getByLabel('Description').fill('Everything new in version 2, in one page.');
    await dialog.locator('input[name="preview.title"]').fill('Launch week');
    await expect.poll(() => card.textContent()).toContain('Launch week');
    expect(await card.textContent()).toContain('Everything new in version 2');
    expect(await card.textContent()).toContain(new URL(sling.url).hostname);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await captureThemes(page, 'social-preview-dialog')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'social-preview-dialog-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A description without a title is refused before anything is sent, next to the field.
    await dialog.locator('input[name="preview.title"]').fill('');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => dialog.getByText('A social preview needs a title.').isVisible()).toBe(true);
    await dialog.locator('input[name="preview.title"]').fill('Launch week');

    // Upload: the chosen file shows in the card at once.
    await dialog.getByLabel('Upload').check();
    await dialog.getByLabel('Image file').setInputFiles({ name: 'card.png', mimeType: 'image/png', buffer: cardPng() });
    await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    const created = await linkJson('og-launch');
    expect(created.preview).toMatchObject({ title: 'Launch week', description: 'Everything new in version 2, in one page.', image_source: 'upload' });

    // Edit: the saved values are there, the stored image shows; back to the generated card.
    await page.getByRole('button', { name: `More actions for ${created.short_url}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    expect(await edit.locator('input[name="preview.title"]').inputValue()).toBe('Launch week');
    const editCard = edit.getByTestId('social-card');
    await expect.poll(() => editCard.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    await edit.getByLabel('Generated card').check();
    await edit.locator('input[name="preview.title"]').fill('Launch week is here');
    await expect.poll(() => editCard.textContent()).toContain('Launch week is here');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    expect((await linkJson('og-launch')).preview).toMatchObject({ title: 'Launch week is here', image_source: 'generated', image: null });
    expect(problems).toEqual([]);
  });
});
