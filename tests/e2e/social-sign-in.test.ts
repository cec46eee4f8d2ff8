// "Continue with GitHub" in Chromium: the sign-in and sign-up pages show a button for each provider
// this server has credentials for (GitHub and Microsoft here, so no Google), and a click goes to the
// provider (the loopback stand-in of tests/helpers/oauth-providers.ts, speaking GitHub's protocol),
// which approves and comes back to Sling's callback: the new account lands on its links page. A
// refusal at the provider ends on the sign-in page with the reason. Pages: axe clean in both themes,
// no sideways scroll at 390 px. A built server process: the pages Next renders are the subject.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { startOAuthProviders, type OAuthProviders } from '../helpers/oauth-providers';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium)('social sign-in in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let providers: OAuthProviders;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    [tdb, providers] = await Promise.all([createPgliteDatabase({ migrated: true }), startOAuthProviders()]);
    const { GOOGLE_CLIENT_ID: _id, GOOGLE_CLIENT_SECRET: _secret, ...githubAndMicrosoft } = providers.env;
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, ...githubAndMicrosoft, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await providers?.close();
    await tdb?.drop();
  });

  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const buttonNames = () => page.locator('.social-sign-in button').allTextContents();

  test('the pages offer only the configured providers, in both themes and at phone width', async () => {
    for (const [path, name] of [
      ['/signup', 'social-sign-up'],
      ['/login', 'social-sign-in'],
    ] as const) {
      await page.goto(`${sling.url}${path}`);
      expect(await buttonNames()).toEqual(['Continue with GitHub', 'Continue with Microsoft']);
      expect(await captureThemes(page, name)).toEqual([]);
      await page.setViewportSize(PHONE);
      expect(await noSidewaysScroll()).toBe(true);
      expect(await captureThemes(page, `${name}-phone`)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 800 });
    }
    // Where the browser goes afterwards stays on this origin (better-auth's origin check; vitest's
    // in-process runs turn it off, the built server does not).
    const elsewhere = await page.request.post(`${sling.url}/api/auth/sign-in/social`, {
      data: { provider: 'github', callbackURL: 'https://evil.example/links' },
      headers: { origin: sling.url },
    });
    expect([elsewhere.status(), (await elsewhere.json()).code]).toEqual([403, 'INVALID_CALLBACK_URL']);
    const html = await page.content();
    for (const secret of [providers.clients.github.secret, providers.clients.microsoft.secret]) expect(html).not.toContain(secret);
  });

  test('declined at GitHub: back on the sign-in page with the reason', async () => {
    providers.signInAs('github', null);
    await page.goto(`${sling.url}/login`);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL(/\/login\?method=social.*error=access_denied/);
    expect(await page.locator('.social-sign-in').innerText()).toContain('You did not allow Sling at the provider');
    expect(await captureThemes(page, 'social-sign-in-refused')).toEqual([]);
  });

  test('"Continue with GitHub" signs a new person in, through to their links', async () => {
    providers.signInAs('github', { id: '583231', email: 'octo@example.com', verified: true, name: 'Mona Octo' });
    await page.goto(`${sling.url}/login`);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.waitForURL(`${sling.url}/links`);
    expect(providers.requests).toContain('POST /github.com/login/oauth/access_token');
    const session = await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json()).user);
    expect(session).toMatchObject({ email: 'octo@example.com', name: 'Mona Octo' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(problems).toEqual([]);
  });
});

describe.skipIf(!chromium)('no social sign-in without credentials', () => {
  test('the sign-in and sign-up pages show no provider button', async () => {
    const tdb = await createPgliteDatabase({ migrated: true });
    const [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    try {
      const page = await browser.newPage();
      for (const path of ['/login', '/signup']) {
        await page.goto(`${sling.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('button', { name: /^Continue with (Google|GitHub|Microsoft)/ }).count()).toBe(0);
        expect(await page.locator('.social-sign-in').count()).toBe(0);
      }
    } finally {
      await browser.close();
      await sling.stop();
      await tdb.drop();
    }
  });
});
