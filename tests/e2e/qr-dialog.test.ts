// The links page's QR dialog in Chromium: live preview, a refused colour explained, and a PNG
// download that decodes to the short URL with its QR marker.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { decodeQrPng } from '../helpers/decode-qr';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)('QR dialog in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'qr@example.com', 'pro');
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  test('preview, a refused colour, and a PNG download that decodes', async () => {
    const link = (await apiClient(overHttp(sling.url), { token }).call('apiPhpCreate', { body: { url: 'https://example.com/poster', alias: 'poster' } })).json;
    // Signed in with a cookie from the API: the sign-in form, and coming back to the page that asked
    // for it, are app-shell.test.ts's and shell-settings.test.ts's subject.
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'qr@example.com'));
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: `More actions for ${link.short_url}` }).click();
    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    const preview = dialog.getByTestId('qr-preview');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(512);
    // The × is an outlined button like the other dialogs' close buttons, not a filled square (issue 32, bug 14).
    const close = await dialog.getByRole('button', { name: 'Close' }).evaluate((b) => {
      const { backgroundColor, borderTopWidth, width } = getComputedStyle(b);
      return { backgroundColor, borderTopWidth, width: Math.round(Number.parseFloat(width)) };
    });
    expect(close).toEqual({ backgroundColor: 'rgba(0, 0, 0, 0)', borderTopWidth: '1px', width: expect.any(Number) });
    expect(close.width).toBeLessThanOrEqual(40);

    await dialog.getByLabel('Foreground').fill('#dddddd'); // too pale on white to scan
    await expect.poll(() => dialog.getByRole('alert').textContent()).toMatch(/contrast/);
    await dialog.getByLabel('Foreground').fill('#1b5e20');
    await dialog.getByLabel('Size (pixels for PNG, points for SVG and PDF)').fill('300');
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/qr-dialog.png' });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toBe('sling-poster-qr.png');
    expect(decodeQrPng(readFileSync((await download.path())!))).toBe(`${link.short_url}?qr=1`);
    const [pdf] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download PDF' }).click()]);
    expect(pdf.suggestedFilename()).toBe('sling-poster-qr.pdf');
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // The refused colour's 400 is the only failed request, and it is shown, not thrown.
    expect(problems.filter((p) => !/400|Failed to load resource/.test(p))).toEqual([]);
  });
});
