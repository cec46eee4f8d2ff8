// Deep links in Chromium (issue 31, point 3): an iPhone visitor of a link whose ios_url is an app
// link meets the app page, which tries the app (no app here takes myapp://) and then moves on to the
// fallback, under the page's own script policy; a visitor whose app does open (the page hidden)
// stays. The dialog's Apps section saves what the API then shows. Screenshots of the page and the
// section in both themes and at phone width.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)('deep links: the app page and the dialog’s Apps section', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  /** The "store": a loopback page the fallback leads to. */
  let store: Server;
  let storeUrl: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    store = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<title>Store</title><h1>Store ${req.url}</h1>`));
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    // A name, not an address: a bare IP as a destination is held for review.
    storeUrl = `http://localhost:${(store.address() as AddressInfo).port}`;
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'ada@example.com', 'Ada', 'a long password 1'));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
    await new Promise((resolve) => store?.close(resolve));
  });

  const createLink = async (body: Record<string, unknown>) => {
    const res = await page.request.post(`${sling.url}/api/v1/links`, { data: { url: `${storeUrl}/web`, ...body } });
    expect(res.status(), await res.text()).toBe(201);
    return res.json();
  };
  const iphone = () => browser.newContext({ userAgent: AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('an iPhone visitor meets the app page, which tries the app and then moves on to the fallback', async () => {
    const link = await createLink({ alias: 'app-42', ios_url: 'myapp://product/42', ios_fallback_url: `${storeUrl}/app-store` });
    const context = await iphone();
    const visitor = await context.newPage();
    const problems = watchProblems(visitor, [/myapp/i]);
    const tried: string[] = [];
    // The navigations; not the page's own icon and font (lib/server/visitor-assets.ts).
    visitor.on('request', (r) => {
      if (!/\/(favicon\.ico|l\/font\/[^/]+\.woff2)$/.test(r.url())) tried.push(r.url());
    });
    const page200 = visitor.waitForResponse((r) => r.url().includes(`/${link.short_code}?`));
    await visitor.goto(`${sling.url}/${link.short_code}?ref=mail`, { waitUntil: 'commit' });
    const answer = await page200;
    expect([answer.status(), await answer.headerValue('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    // No app takes myapp:// here: the page tries it, then moves on to the fallback by itself (its
    // script ran under the page's policy).
    // Polled rather than waitForURL: the attempt on myapp:// is a navigation that aborts, which
    // waitForURL takes for its own failure when it is already waiting.
    await expect.poll(() => visitor.url(), { timeout: 15_000 }).toBe(`${storeUrl}/app-store`);
    await visitor.getByRole('heading', { name: 'Store /app-store' }).waitFor();
    expect(tried).toEqual([`${sling.url}/${link.short_code}?ref=mail`, 'myapp://product/42?ref=mail', `${storeUrl}/app-store`]);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    await context.close();
  });

  test('a visitor whose app opens (the page hidden) stays; the page in both themes at phone width is accessible', async () => {
    const link = await createLink({ alias: 'app-43', ios_url: 'myapp://product/43' });
    // The screenshots' context may run axe, which the page's policy would refuse: a context that bypasses it.
    const context = await browser.newContext({ userAgent: AGENTS.iphone, viewport: { width: 390, height: 844 }, isMobile: true, bypassCSP: true });
    const visitor = await context.newPage();
    // As if the app took over the moment the page tried it: the page is hidden from then on.
    await visitor.addInitScript(() => {
      Object.defineProperty(document, 'hidden', { get: () => true });
      addEventListener('DOMContentLoaded', () => document.dispatchEvent(new Event('visibilitychange')));
    });
    await visitor.goto(`${sling.url}/${link.short_code}`, { waitUntil: 'commit' });
    await visitor.getByRole('heading', { name: 'Opening the app' }).waitFor();
    expect(await visitor.getByRole('link', { name: 'Open the app' }).getAttribute('href')).toBe('myapp://product/43');
    // Well past the wait, still here.
    await visitor.waitForFunction(() => performance.now() > 4000);
    expect(visitor.url()).toBe(`${sling.url}/${link.short_code}`);
    // No fallback of its own: the link's url.
    expect(await visitor.getByRole('link', { name: 'Continue without the app' }).getAttribute('href')).toBe(`${storeUrl}/web`);
    expect(await captureThemes(visitor, 'app-page-phone')).toEqual([]);
    await context.close();
  });

  test('the dialog’s Apps section saves platform destinations; a refused scheme is shown at its field', async () => {
    // The refused scheme's answer is a 400, which the console reports.
    const problems = watchProblems(page, [/status of 400/]);
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('example.com/product/7');
    await dialog.getByLabel('Alias (optional)').fill('app-7');
    await dialog.locator('.link-apps > summary').click();
    await dialog.getByLabel('iPhone and iPad go to').fill('myapp://product/7');
    await dialog.getByLabel('If the iOS app does not open').fill('javascript:alert(1)');
    await dialog.getByLabel('Android goes to').fill('play.google.com/store/apps/details?id=com.example');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const fallback = dialog.getByLabel('If the iOS app does not open');
    await expect.poll(() => fallback.getAttribute('aria-invalid')).toBe('true');
    expect(
      await dialog
        .getByRole('alert')
        .filter({ hasText: /not allowed/ })
        .count(),
    ).toBe(1);
    await fallback.fill('apps.apple.com/app/id7');
    await page.setViewportSize({ width: 1280, height: 1600 });
    expect(await captureThemes(page, 'link-dialog-apps')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await fallback.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'link-dialog-apps-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'detached' });

    const saved = (await (await page.request.get(`${sling.url}/api/v1/links?q=app-7`)).json()).links[0];
    expect(saved).toMatchObject({
      ios_url: 'myapp://product/7',
      ios_fallback_url: 'https://apps.apple.com/app/id7',
      android_url: 'https://play.google.com/store/apps/details?id=com.example',
      android_fallback_url: null,
    });
    // Edit: the section opens with the values; clearing one removes it.
    await page.getByRole('button', { name: `More actions for ${sling.url}/app-7` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    await expect.poll(() => edit.getByLabel('iPhone and iPad go to').inputValue()).toBe('myapp://product/7');
    await edit.getByLabel('Android goes to').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    const edited = await (await page.request.get(`${sling.url}/api/v1/links/${saved.id}`)).json();
    expect(edited).toMatchObject({ ios_url: 'myapp://product/7', android_url: null });
    expect(problems).toEqual([]);
  });
});
