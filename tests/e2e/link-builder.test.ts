// The link dialog as a link builder in Chromium (issue 32, point 1): fields on the left and a live
// preview beside them (the short link, its QR code, the social card) that stays in view while the
// fields scroll, between a fixed title and fixed actions; one column at 390 px. An expiration
// picked on the date-time picker's calendar, by mouse and keyboard, reaches the API as the UTC of
// that wall-clock time in the browser's zone (Europe/Paris); editing shows the saved code's QR
// from the QR route, and the picker's clear button removes the expiration.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { decodeQrPng } from '../helpers/decode-qr';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const ZONE = 'Europe/Paris';

describe.skipIf(!chromium)('the link builder dialog', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US', timezoneId: ZONE, viewport: { width: 1440, height: 900 } })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const apiLink = async (alias: string) => (await (await page.request.get(`${sling.url}/api/v1/links?q=${alias}`)).json()).links[0];
  /** A moment's wall-clock time in Paris, as "YYYY-MM-DD HH:MM". */
  const parisClock = (iso: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

  test('two columns with a live preview; an expiration picked on the calendar is saved as UTC; cleared on edit', async () => {
    const problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'bea@example.com', 'Bea', 'a long password 1'));
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('https://example.com/spring');

    // Two columns: the preview beside the fields.
    const fields = await dialog.locator('.link-form-fields').boundingBox();
    const column = dialog.getByRole('complementary', { name: 'Preview' });
    const aside = await column.boundingBox();
    expect(aside!.x).toBeGreaterThan(fields!.x + fields!.width);

    // The preview follows the alias as it is typed; the QR code appears once there is a code.
    const shortLink = dialog.getByTestId('short-url-preview').locator('code');
    expect(await shortLink.textContent()).toBe(`${sling.url}/random-code`);
    expect(await column.getByTestId('link-form-qr').count()).toBe(0);
    await dialog.getByLabel('Alias (optional)').pressSequentially('spring-sale');
    await expect.poll(() => shortLink.textContent()).toBe(`${sling.url}/spring-sale`);
    const qr = column.getByTestId('link-form-qr');
    const decoded = async () => {
      const src = await qr.getAttribute('src');
      return src ? decodeQrPng(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64')) : null;
    };
    await expect.poll(decoded).toBe(`${sling.url}/spring-sale?qr=1`);
    await dialog.getByText('Social preview', { exact: false }).first().click();
    await dialog.getByLabel('Title').fill('Spring sale');
    await expect.poll(() => column.getByTestId('social-card').locator('figcaption strong').textContent()).toBe('Spring sale');

    // The expiration, on the calendar: next month's 15th by mouse, one day on by keyboard, 10:30.
    await dialog.getByRole('button', { name: 'Calendar for Expires' }).click();
    const picker = dialog.getByRole('dialog', { name: 'Expires: date and time' });
    await picker.getByRole('button', { name: 'Next month' }).click();
    const now = new Date();
    const day = (d: number) => new Date(now.getFullYear(), now.getMonth() + 1, d, 12);
    const long = (d: Date) => new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(d);
    await picker.getByRole('button', { name: long(day(15)), exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    expect(await picker.getByRole('button', { name: long(day(16)), exact: true }).getAttribute('aria-pressed')).toBe('true');
    await picker.getByLabel('Time').fill('10:30');
    const pad = (n: number) => String(n).padStart(2, '0');
    const wanted = `${day(16).getFullYear()}-${pad(day(16).getMonth() + 1)}-16 10:30`;
    await expect.poll(() => dialog.getByLabel('Expires (optional)').inputValue()).toBe(wanted);
    expect(await dialog.getByText(/Europe\/Paris, UTC\+0[12]:00\. Leave empty to never expire\./).isVisible()).toBe(true);
    expect(await captureThemes(page, 'link-builder-calendar', undefined, { fullPage: false })).toEqual([]);
    // Escape closes the calendar, not the dialog around it.
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);
    expect(await dialog.isVisible()).toBe(true);

    // Scrolled to the end of the fields: the title, the preview and the actions are still in view.
    await dialog.locator('.link-form-body').evaluate((b) => b.scrollTo(0, b.scrollHeight));
    for (const part of [
      dialog.getByRole('heading', { name: 'New link' }),
      column.getByTestId('short-url-preview'),
      dialog.getByRole('button', { name: 'Create link' }),
    ])
      expect(
        await part.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      ).toBe(true);
    expect(await captureThemes(page, 'link-builder', undefined, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    const phone = await column.boundingBox();
    expect(phone!.y).toBeGreaterThan((await dialog.getByLabel('Destination URL').boundingBox())!.y);
    expect(await captureThemes(page, 'link-builder-phone', undefined, { fullPage: false })).toEqual([]);
    // The calendar fits the phone's width.
    await dialog.getByRole('button', { name: 'Calendar for Expires' }).click();
    const popover = (await picker.boundingBox())!;
    expect(popover.x).toBeGreaterThanOrEqual(0);
    expect(popover.x + popover.width).toBeLessThanOrEqual(390);
    // Scrolled into view whole: its Done button is above the dialog's actions.
    const done = (await picker.getByRole('button', { name: 'Done' }).boundingBox())!;
    expect(done.y + done.height).toBeLessThanOrEqual((await dialog.getByRole('button', { name: 'Create link' }).boundingBox())!.y);
    expect(await captureThemes(page, 'link-builder-calendar-phone', undefined, { fullPage: false })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => picker.count()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await apiLink('spring-sale');
    expect(saved.expiration).toMatch(/:30:00\.000Z$/);
    expect(parisClock(saved.expiration)).toBe(wanted);

    // Editing: the saved code's QR comes from the QR route; the picker's × clears the expiration.
    await page.getByRole('button', { name: `More actions for ${sling.url}/spring-sale` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    expect(await edit.getByTestId('link-form-qr').getAttribute('src')).toMatch(new RegExp(`^/api/v1/links/${saved.id}/qr\\?`));
    await expect.poll(() => edit.getByTestId('link-form-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await edit.getByLabel('Expires (optional)').inputValue()).toBe(wanted);
    await edit.getByRole('button', { name: 'Clear Expires' }).click();
    await expect.poll(() => edit.getByLabel('Expires (optional)').inputValue()).toBe('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    expect((await apiLink('spring-sale')).expiration).toBeNull();
    expect(problems).toEqual([]);
  });
});
