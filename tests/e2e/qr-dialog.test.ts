// The links page's QR dialog in Chromium: live preview, a refused colour explained, and a PNG
// download that decodes to the short URL with its QR marker; a centre logo uploaded, refused and
// removed from the dialog, as the QR route then serves it.
import { mkdirSync, readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { decodeQrPng } from '../helpers/decode-qr';
import { captureThemes } from '../helpers/page-checks';
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

  /** A square PNG of one colour. */
  const solidPng = (side: number, rgb: [number, number, number]) => {
    const png = new PNG({ width: side, height: side });
    for (let i = 0; i < png.data.length; i += 4) png.data.set([...rgb, 255], i);
    return PNG.sync.write(png);
  };

  test('a centre logo uploaded from the dialog shows in the preview and in the served code; a refused file says why; removed again', async () => {
    const api = apiClient(overHttp(sling.url), { token });
    const link = (await api.call('apiPhpCreate', { body: { url: 'https://example.com/flyer', alias: 'flyer' } })).json;
    const served = () => fetch(`${sling.url}/api/v1/links/${link.id}/qr?size=256&logo=1`, { headers: { authorization: `Bearer ${token}` } });
    expect((await served()).status).toBe(400);
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'qr@example.com'));
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: `More actions for ${link.short_url}` }).click();
    await page.getByRole('button', { name: 'QR code', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    expect(await dialog.getByText('upload with the API').count()).toBe(0);
    const preview = dialog.getByTestId('qr-preview');
    /** The preview's centre pixel, as drawn. */
    const centre = () =>
      preview.evaluate((img: HTMLImageElement) => {
        if (!img.complete || !img.naturalWidth) return null;
        const canvas = document.createElement('canvas');
        [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        return [...ctx.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data.slice(0, 3)].join(',');
      });
    await expect.poll(centre).not.toBeNull();

    await dialog.getByLabel('Centre logo').selectOption({ label: 'Your image (PNG or SVG)' });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('This link has no logo yet: choose a PNG or SVG file.');
    const file = dialog.getByLabel('Logo file');
    // Refused in the browser: a wrong type, then a file over 256 KiB.
    await file.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect.poll(() => dialog.locator('.qr-logo-field [role=alert]').textContent()).toBe('“logo.gif” is not a PNG or SVG image.');
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(300 * 1024) });
    await expect.poll(() => dialog.locator('.qr-logo-field [role=alert]').textContent()).toBe('“huge.png” is 300 KiB; the logo must be at most 256 KiB.');
    // Refused by the server, whose message is shown.
    await file.setInputFiles({ name: 'bomb.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect.poll(() => dialog.locator('.qr-logo-field [role=alert]').textContent()).toBe('SVG logos may not contain a DOCTYPE or entity declarations.');
    expect((await served()).status).toBe(400);

    // A red square: uploaded, drawn in the centre of the preview and of the code the route serves.
    await file.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: solidPng(64, [220, 0, 0]) });
    await expect.poll(() => dialog.getByText('Uploaded red.png.').isVisible()).toBe(true);
    await expect.poll(centre).toBe('220,0,0');
    const withLogo = await served();
    expect(withLogo.status).toBe(200);
    const code = PNG.sync.read(Buffer.from(await withLogo.arrayBuffer()));
    const mid = (code.height / 2) * code.width * 4 + (code.width / 2) * 4;
    expect([...code.data.subarray(mid, mid + 3)]).toEqual([220, 0, 0]);
    mkdirSync('test-results', { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await captureThemes(page, 'qr-dialog-logo', undefined, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'qr-dialog-logo-phone', undefined, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // An SVG logo is drawn in SVG codes only: the preview is one, with the logo in its centre.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#0000dc"/></svg>';
    await file.setInputFiles({ name: 'blue.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await expect.poll(() => dialog.getByText('Uploaded blue.svg.').isVisible()).toBe(true);
    await expect.poll(centre).toBe('0,0,220');

    // Removed: the route has no logo to draw again, and the preview is back to the plain code.
    await dialog.getByRole('button', { name: 'Remove logo' }).click();
    await expect.poll(async () => (await served()).status).toBe(400);
    // The dialog changes its choice when the removal's answer reaches it, which can be after the
    // server already serves the code without a logo.
    await expect.poll(() => dialog.getByLabel('Centre logo').inputValue()).toBe('');
    await expect.poll(centre).not.toBe('0,0,220');
    await expect.poll(centre).not.toBeNull();
  });
});
