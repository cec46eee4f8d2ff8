// The shell, the home page and Settings in Chromium: the header follows the session, the home
// page's Copy and QR buttons, the settings sections, and a 360 px wide header.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { decodeQrPng } from '../helpers/decode-qr';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const EMAIL = 'shell@example.com';

describe.skipIf(!chromium)('shell, home and settings in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    await createUserWithToken(tdb.env, EMAIL);
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    context = await browser.newContext({ acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sling.url });
    page = await context.newPage();
    // The settings test sends a past expiry date on purpose; Chromium logs the 400 as an error.
    problems = watchProblems(page, [/status of 400 \(Bad Request\)/]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const header = () => page.getByRole('banner');

  test('signed out: the header offers Sign in and Sign up; Tab first reaches the skip link', async () => {
    await page.goto(sling.url);
    const nav = header().getByRole('navigation', { name: 'Account' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Sign in', 'Sign up']);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('content');
  });

  test('home: shorten, Copy shows a toast, the QR code decodes to the short URL with ?qr=1 and downloads as PNG', async () => {
    await page.goto(sling.url);
    await page.getByLabel('Long URL').fill('https://example.com/shell?x=1');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const link = page.getByTestId('short-url');
    await link.waitFor();
    const shortUrl = (await link.textContent())!;
    expect(shortUrl).toMatch(new RegExp(`^${sling.url}/[A-Za-z0-9]{7}$`));

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    await page.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    const img = dialog.getByRole('img', { name: `QR code for ${shortUrl}` });
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(/^data:image\/png;base64,/);
    expect(decodeQrPng(Buffer.from(src.split(',')[1]!, 'base64'))).toBe(`${shortUrl}?qr=1`);

    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download PNG' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.png$/);
    expect(decodeQrPng(readFileSync((await download.path())!))).toBe(`${shortUrl}?qr=1`);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect(await captureThemes(page, 'home')).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('sign in: lands on Links; the sidebar shows Links, Settings, the email and Sign out', async () => {
    await page.goto(`${sling.url}/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('correct horse 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/links');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The instance's first account (made with the CLI) is its platform admin: Admin is listed too.
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Links', 'Analytics', 'Domains', 'Settings', 'Admin']);
    expect(await page.getByTestId('header-email').textContent()).toBe(EMAIL);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.goto(`${sling.url}/settings`); // every page, not only Links
    expect(await nav.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await page.getByTestId('header-email').textContent()).toBe(EMAIL);
  });

  test('settings pages: the nav, profile name change, default domain, tokens, security, plan & usage', async () => {
    await page.goto(`${sling.url}/settings`);
    const sectionNav = page.getByRole('navigation', { name: 'Settings sections' });
    // The account's pages (first: /settings is Profile), then the workspace's (the owner of a personal
    // workspace manages its webhooks).
    expect(await sectionNav.getByRole('list', { name: 'Workspace' }).getByRole('link').allTextContents()).toEqual([
      'General',
      'Privacy',
      'Members',
      'Tags',
      'API tokens',
      'API reference',
      'Webhooks',
      'Single sign-on',
      'Directory sync',
      'Audit log',
      'Plan & usage',
    ]);
    expect(await sectionNav.getByRole('list', { name: 'Your account' }).getByRole('link').allTextContents()).toEqual(['Profile', 'Security']);
    expect(await sectionNav.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');
    expect(await sectionNav.getByRole('link', { name: 'Webhooks' }).getAttribute('href')).toBe('/settings/webhooks');

    const profile = page.getByRole('region', { name: 'Profile' });
    expect(await profile.getByLabel('Email').inputValue()).toBe(EMAIL);
    await profile.getByLabel('Name').fill('');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => profile.getByRole('alert').textContent()).toBe('Enter a name.');
    await profile.getByLabel('Name').fill('Shelly Sling');
    await profile.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Name saved');
    // As links read, port included (issue 32, bug 7: it showed the host without its port).
    expect(await page.getByTestId('default-domain').textContent()).toBe(`${new URL(sling.url).host}/your-alias`);
    await page.reload();
    expect(await page.getByRole('region', { name: 'Profile' }).getByLabel('Name').inputValue()).toBe('Shelly Sling');
    expect(await captureThemes(page, 'settings-profile')).toEqual([]);

    // API tokens: a refused field is named next to the input, from the API's error.details.
    await sectionNav.getByRole('link', { name: 'API tokens' }).click();
    await page.waitForURL('**/settings/tokens');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    expect(await tokens.getByTestId('tokens-workspace').textContent()).toContain('for you in Personal, and only there');
    await tokens.getByLabel('Expires (optional)').fill('2000-01-01');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => tokens.locator('.field-error').textContent()).toBe('The expiry date must be in the future.');
    await tokens.locator('tbody tr').first().waitFor();
    expect(await captureThemes(page, 'settings-tokens')).toEqual([]);

    // Security: two-factor, sessions, and the one sign-in so far.
    await sectionNav.getByRole('link', { name: 'Security' }).click();
    await page.waitForURL('**/settings/security');
    await page.getByRole('region', { name: 'Two-factor authentication' }).getByRole('button', { name: 'Set up two-factor' }).waitFor();
    const history = page.getByRole('region', { name: 'Login history' });
    await expect.poll(() => history.getByTestId('login-row').count()).toBe(1);
    expect(await history.getByTestId('login-row').textContent()).toContain('signed in');
    await page.getByRole('region', { name: 'Sessions' }).getByTestId('session-row').first().waitFor();
    expect(await captureThemes(page, 'settings-security')).toEqual([]);

    // Plan & usage: the plan's limits and this workspace's usage.
    await sectionNav.getByRole('link', { name: 'Plan & usage' }).click();
    await page.waitForURL('**/settings/plan');
    expect(await page.getByTestId('plan-name').textContent()).toBe('Free');
    expect(await page.getByTestId('limit-hour').textContent()).toBe('100 an hour');
    expect(await page.getByTestId('retention').textContent()).toBe('30 days');
    expect(await page.getByTestId('usage-links').textContent()).toBe('0');
    // Who changes the plan, and where (issue 32, bug 15: it named a CLI command the admin console replaced).
    const planSection = page.getByRole('region', { name: 'Plan & usage' });
    expect(await planSection.textContent()).toContain('in the admin console');
    expect(await planSection.textContent()).not.toContain('sling users set-plan');
    expect(await captureThemes(page, 'settings-plan')).toEqual([]);

    // Every settings page fits a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      '/settings',
      '/settings/tokens',
      '/settings/security',
      '/settings/plan',
      '/settings/workspace',
      '/settings/members',
      '/settings/webhooks',
    ]) {
      await page.goto(`${sling.url}${path}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
    expect(await captureThemes(page, 'settings-plan-phone')).toEqual([]);
    await page.goto(`${sling.url}/settings/security`);
    await page.getByRole('region', { name: 'Sessions' }).getByTestId('session-row').first().waitFor();
    expect(await captureThemes(page, 'settings-security-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(problems).toEqual([]);
  });

  test('a 360 px wide phone: the signed-in menu fits without scrolling sideways', async () => {
    await page.setViewportSize({ width: 360, height: 720 });
    await page.goto(`${sling.url}/settings`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const items = [nav.getByRole('link', { name: 'Links' }), nav.getByRole('link', { name: 'Settings' }), page.getByRole('button', { name: 'Sign out' })];
    // The drawer slides in; measure once it is in place.
    await page.waitForFunction(() => getComputedStyle(document.getElementById('app-sidebar')!).transform === 'none');
    for (const item of [...items, page.getByTestId('workspace-switcher')]) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/menu-phone.png' });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/settings-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test('sign out: the header offers Sign in again', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${sling.url}/`);
    await header().getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await header().getByTestId('header-email').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
