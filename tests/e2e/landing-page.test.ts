// A custom domain's landing page in Chromium: the editor (type HTML and JavaScript, the sandboxed
// preview follows, choose the landing page for the root, save with a toast, reload shows it saved),
// then the page on the domain itself (the host mapped to loopback): its script runs, in a sandbox
// where it cannot read any Sling cookie, under the exact policy. Screenshots light/dark and 390 px, axe.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM_ARGS, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { LANDING_PASSWORD, seedLandingFixture, type LandingFixture } from '../helpers/landing-fixtures';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const HOST = 'go.landing.test';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const CSP =
  "sandbox allow-scripts allow-forms allow-popups; default-src 'none'; script-src 'unsafe-inline' https:; style-src 'unsafe-inline' https:; " +
  "img-src https: data: blob:; font-src https: data:; media-src https: data: blob:; connect-src https:; frame-src https:; form-action https:; base-uri 'none'; frame-ancestors 'none'";
// What the landing page's script reports: the cookie it could read, or the error reading it raised.
const PROBE = `let report;
try { report = 'cookie:' + JSON.stringify(document.cookie); } catch (e) { report = 'threw:' + e.name; }
document.getElementById('report').textContent = report;
`;

if (chromium) {
  describe('landing page editor and the page on its domain, in Chromium', () => {
    let tdb: TestDatabase;
    let sling: SlingProcess;
    let f: LandingFixture;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: string[];
    let editorUrl: string;

    beforeAll(async () => {
      tdb = await createPgliteDatabase({ migrated: true });
      f = await seedLandingFixture(tdb, [HOST]);
      [sling, browser] = await Promise.all([
        startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9' }),
        playwright.launch({ executablePath: chromium, headless: true, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] }),
      ]);
      context = await browser.newContext({ viewport: DESKTOP });
      page = await context.newPage();
      problems = watchProblems(page, [/favicon\.ico/]);
      editorUrl = `${sling.url}/domains/${f.domains[HOST]}/landing`;
    });
    afterAll(async () => {
      await browser?.close();
      await sling?.stop();
      await tdb?.drop();
    });

    const preview = () => page.frameLocator('iframe[title="Landing page preview"]');
    const editor = (name: string) => page.getByRole('textbox', { name });
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    test('edit: type, the preview follows, save with a toast, reload shows the saved page', async () => {
      // Signed in with a cookie from the API: the sign-in form is shell-settings.test.ts's subject.
      await useSession(context, sling.url, await signInOverHttp(sling.url, f.emails.owner, LANDING_PASSWORD));
      await page.goto(editorUrl);
      await page.getByRole('heading', { name: 'Landing page', level: 1 }).waitFor();
      // Nothing saved yet: a starter page, already running in the preview (its script greets).
      await expect.poll(() => preview().locator('#greeting').textContent()).toMatch(/^Good (morning|afternoon|evening)!$/);
      expect(await page.getByText('Not saved yet').count()).toBe(1);
      expect(await page.getByRole('radio', { name: /Sling’s page/ }).isChecked()).toBe(true);

      // Screenshots of the editor as it first looks, both themes, desktop and phone.
      for (const [size, suffix] of [
        [DESKTOP, ''],
        [PHONE, '-phone'],
      ] as const) {
        await page.setViewportSize(size);
        await expect.poll(scrollWidth, { message: `editor${suffix} scrolls sideways` }).toBeLessThanOrEqual(size.width);
        expect(await captureThemes(page, `landing-editor${suffix}`)).toEqual([]);
      }
      // Below the fold on a phone: a viewport shot of the preview (full-page shots leave sandboxed frames blank).
      await page.setViewportSize(PHONE);
      await page.getByRole('heading', { name: 'Preview' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'test-results/landing-editor-phone-preview.png' });
      await page.setViewportSize(DESKTOP);

      // HTML: replace the starter with typed text.
      await editor('HTML code').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('<h1 id="title">Typed in the editor</h1><p id="report">no script yet</p>');
      await expect.poll(() => preview().locator('#title').textContent()).toBe('Typed in the editor');
      expect(await preview().locator('#report').textContent()).toBe('no script yet');
      // JavaScript: the probe runs in the preview's sandbox too.
      await page.getByRole('tab', { name: 'JavaScript' }).click();
      expect(await page.getByRole('tab', { name: 'JavaScript' }).getAttribute('aria-selected')).toBe('true');
      await editor('JavaScript code').click();
      // Past the limit the counter says by how much, and Save waits.
      await page.keyboard.insertText(`// ${'x'.repeat(520 * 1024)}\n`);
      await page.getByText(/too large; remove [\d.]+ KiB to save/).waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(PROBE);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
      await expect.poll(() => preview().locator('#report').textContent()).toBe('threw:SecurityError');
      // CSS by keyboard: the tab list follows the arrow keys.
      await page.getByRole('tab', { name: 'JavaScript' }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await page.getByRole('tab', { name: 'CSS' }).getAttribute('aria-selected')).toBe('true');
      await editor('CSS code').click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type('h1 { color: rgb(0, 128, 128); }');
      await expect
        .poll(() =>
          preview()
            .locator('#title')
            .evaluate((el) => getComputedStyle(el).color),
        )
        .toBe('rgb(0, 128, 128)');
      const size = await page.getByTestId('landing-size').textContent();
      expect(size).toMatch(/^0\.\d KiB$/);

      await page.getByRole('radio', { name: /This landing page/ }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('toast').filter({ hasText: 'Landing page saved' }).waitFor();
      await page.getByText('All changes saved').waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      await page.reload();
      await page.getByRole('heading', { name: 'Landing page', level: 1 }).waitFor();
      expect(await editor('HTML code').textContent()).toBe('<h1 id="title">Typed in the editor</h1><p id="report">no script yet</p>');
      await page.getByRole('tab', { name: 'CSS' }).click();
      expect(await editor('CSS code').textContent()).toBe('h1 { color: rgb(0, 128, 128); }');
      expect(await page.getByRole('radio', { name: /This landing page/ }).isChecked()).toBe(true);
      expect(await page.getByTestId('landing-size').textContent()).toBe(size);
      await expect.poll(() => preview().locator('#report').textContent()).toBe('threw:SecurityError');
      expect(await captureThemes(page, 'landing-editor-saved')).toEqual([]);
      expect(problems).toEqual([]);
    });

    test('on the domain: the script runs sandboxed and reads no Sling cookie', async () => {
      // Cookies of the app host first: the session (HttpOnly) and a readable one.
      await context.addCookies([{ name: 'sling_probe', value: 'visible-to-the-app', url: sling.url }]);
      await page.goto(`${sling.url}/links`);
      expect(await page.evaluate(() => document.cookie)).toBe('sling_probe=visible-to-the-app');
      expect((await context.cookies(sling.url)).map((c) => c.name).sort()).toEqual(['better-auth.session_token', 'sling_probe']);

      const response = await page.goto(`http://${HOST}:${sling.port}/`);
      expect(response!.status()).toBe(200);
      const headers = await response!.allHeaders();
      expect(headers['content-security-policy']).toBe(CSP);
      expect(headers['set-cookie']).toBeUndefined();
      await expect.poll(() => page.locator('#report').textContent()).toBe('threw:SecurityError');
      expect(await page.locator('#title').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 128, 128)');
      // An opaque origin: no storage either, and the browser keeps no cookie for the domain.
      expect(await page.evaluate(() => origin)).toBe('null');
      expect(await context.cookies(`http://${HOST}:${sling.port}`)).toEqual([]);
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: 'test-results/landing-live-phone.png' });
      await page.setViewportSize(DESKTOP);
      expect(problems).toEqual([]);
    });

    test('a member of the workspace is told who may edit; outside the workspace the editor is not found', async () => {
      const member = await browser.newContext({ viewport: PHONE });
      try {
        const p = await member.newPage();
        // The first visit's 404 is on purpose.
        const memberProblems = watchProblems(p, [/status of 404/]);
        await useSession(member, sling.url, await signInOverHttp(sling.url, f.emails.member, LANDING_PASSWORD));
        // The member's session opens its own workspace, where the domain does not exist.
        expect((await p.goto(editorUrl))!.status()).toBe(404);
        const switched = await p.evaluate(async (id) => (await fetch(`/api/v1/workspaces/${id}/switch`, { method: 'POST' })).status, f.workspaceId);
        expect(switched).toBe(200);
        expect((await p.goto(editorUrl))!.status()).toBe(200);
        await p.getByTestId('needs-admin').getByText('Only the owner and admins').waitFor();
        expect(await p.getByRole('textbox', { name: 'HTML code' }).count()).toBe(0);
        expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        expect(await captureThemes(p, 'landing-editor-member-phone')).toEqual([]);
        expect(memberProblems).toEqual([]);
      } finally {
        await member.close();
      }
    });
  });
}
