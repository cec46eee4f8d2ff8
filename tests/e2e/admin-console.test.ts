// The admin console in Chromium: a report arrives about a link; the instance's admin opens the review
// queue, sees the evidence and disables the link with a reason; the owner sees that reason on their
// links page and a visitor gets 451. The admin bans the owner from Users: the owner's next request
// is signed out. Every console page is screenshot in light and dark and at 390 px, axe-clean and
// without sideways scrolling; a non-admin gets the 404 page and no Admin item.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { altchaPayload } from '../helpers/altcha';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const PASSWORD = 'correct horse 1';
const REASON = 'Phishing: imitates a bank sign-in page.';

describe.skipIf(!chromium)('admin console in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let adminContext: BrowserContext;
  let ownerContext: BrowserContext;
  let admin: Page;
  let owner: Page;
  let adminProblems: string[];
  let ownerProblems: string[];
  let env: Record<string, string>;
  const links: Array<{ id: number; short_code: string; short_url: string }> = [];

  /** Signs in with a cookie from the API (the form is shell-settings.test.ts's subject) and opens Links. */
  async function signIn(page: Page, email: string) {
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, email, PASSWORD));
    await page.goto(`${sling.url}/links`);
  }

  async function noSidewaysScroll(page: Page) {
    return page.evaluate(() => document.documentElement.scrollWidth);
  }

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    env = { ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' };
    // The instance's first account is its admin.
    await createUserWithToken(env, 'admin@example.com');
    const ownerToken = await createUserWithToken(env, 'owner@example.com');
    [sling, browser] = await Promise.all([startSling(env), launchChromium(chromium!)]);
    const ownerApi = apiClient(overHttp(sling.url), { token: ownerToken });
    // The second destination, a bare IP address, is held for review by the checks a new link gets.
    for (const url of ['https://bank-login.example/verify', 'http://203.0.113.9/sign-in', 'https://example.com/fine']) {
      links.push((await ownerApi.call('createLink', { body: { url } })).json);
    }
    // A visitor's report arrives through the public form's endpoint (with its proof of work).
    const report = await fetch(`${sling.url}/api/v1/reports`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: links[0].short_url,
        reason: 'phishing',
        details: 'It asked for my online banking password and card number.',
        altcha: await altchaPayload(sling.url),
      }),
    });
    expect(report.status).toBe(201);
    adminContext = await browser.newContext({ locale: 'en-US' });
    ownerContext = await browser.newContext({ locale: 'en-US' });
    admin = await adminContext.newPage();
    owner = await ownerContext.newPage();
    adminProblems = watchProblems(admin);
    // The owner opens the console (404) and is signed out under it (401) on purpose.
    ownerProblems = watchProblems(owner, [/status of 401/, /status of 404/]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  test('a non-admin has no Admin item, and the console is a 404 to them', async () => {
    await signIn(owner, 'owner@example.com');
    expect(await owner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    for (const path of ['/admin', '/admin/users', '/admin/settings']) {
      const res = await owner.goto(`${sling.url}${path}`);
      expect(res?.status(), path).toBe(404);
      expect(await owner.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    }
  });

  test('the admin opens the review queue, reads the report and disables the link with a reason', async () => {
    await signIn(admin, 'admin@example.com');
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await admin.waitForURL('**/admin');
    const reported = admin.getByTestId('review-item').filter({ hasText: links[0].short_code });
    await expect.poll(() => reported.count()).toBe(1);
    expect(await reported.textContent()).toContain('It asked for my online banking password and card number.');
    expect(await reported.textContent()).toContain('owner@example.com');
    const held = admin.getByTestId('review-item').filter({ hasText: links[1].short_code });
    expect(await held.textContent()).toContain('The destination is a bare IP address instead of a domain name.');
    expect(await captureThemes(admin, 'admin-queue')).toEqual([]);

    await reported.getByRole('button', { name: 'Disable…' }).click();
    const dialog = admin.getByRole('dialog', { name: `Disable ${links[0].short_code}?` });
    expect(await dialog.getByRole('button', { name: 'Disable link' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (shown to the owner)').fill(REASON);
    await dialog.getByLabel(/Note for the audit trail/).fill('One visitor report; confirmed by hand.');
    expect(await captureThemes(admin, 'admin-disable-dialog')).toEqual([]);
    // It takes the link away: the confirm button is the danger-coloured one.
    expect(await dialog.getByRole('button', { name: 'Disable link' }).getAttribute('class')).toBe('destructive');
    await dialog.getByRole('button', { name: 'Disable link' }).click();
    await expect.poll(() => reported.count()).toBe(0);
    const audit = admin.getByTestId('audit-row').first();
    await expect.poll(() => audit.textContent()).toContain('Disabled link');
    expect(await audit.textContent()).toContain('confirmed by hand');
    expect(await captureThemes(admin, 'admin-queue-after')).toEqual([]);

    expect((await fetch(links[0].short_url.replace(/^https?:\/\/[^/]+/, sling.url), { redirect: 'manual' })).status).toBe(451);
    await owner.goto(`${sling.url}/links`);
    await expect.poll(() => owner.getByTestId('disabled-reason').textContent()).toContain(REASON);
  });

  test('Users: search, then ban the owner — their next request is signed out', async () => {
    await admin.goto(`${sling.url}/admin/users`);
    await admin.getByRole('search').getByLabel('Search by email or name').fill('owner');
    await admin.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await admin.waitForURL('**/admin/users?q=owner');
    expect(await admin.getByTestId('users-count').textContent()).toBe('1 account matching “owner”');
    await admin.goto(`${sling.url}/admin/users`);
    expect(await captureThemes(admin, 'admin-users')).toEqual([]);

    const row = admin.locator('tr[data-user="owner@example.com"]');
    await row.getByRole('button', { name: 'Ban…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Ban owner@example.com?' });
    await dialog.getByLabel('Reason').fill('Phishing campaign');
    expect(await dialog.getByRole('button', { name: 'Ban account' }).getAttribute('class')).toBe('destructive');
    await dialog.getByRole('button', { name: 'Ban account' }).click();
    await expect.poll(() => row.textContent()).toContain('Banned');
    expect(await row.getByRole('button', { name: 'Unban' }).count()).toBe(1);

    await owner.goto(`${sling.url}/links`);
    await owner.waitForURL('**/login?next=%2Flinks');
    await owner.getByLabel('Email').fill('owner@example.com');
    await owner.getByLabel('Password').fill(PASSWORD);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => owner.getByRole('alert').or(owner.locator('.error')).first().textContent()).toMatch(/suspended/);
  });

  test('Instance settings: close sign-ups; new accounts are refused with a clear message', async () => {
    await admin.goto(`${sling.url}/admin/settings`);
    expect(await captureThemes(admin, 'admin-settings')).toEqual([]);
    await admin.getByRole('radio', { name: /Closed/ }).check();
    await admin.getByLabel('Links per IP address per hour').fill('30');
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => admin.getByRole('status').textContent()).toContain('Settings saved.');
    const refused = await fetch(`${sling.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: sling.url },
      body: JSON.stringify({ email: 'late@example.com', password: PASSWORD, name: 'Late' }),
    });
    expect(refused.status).toBe(403);
    await admin.reload();
    expect(await admin.getByRole('radio', { name: /Closed/ }).isChecked()).toBe(true);
    expect(await admin.getByLabel('Links per IP address per hour').inputValue()).toBe('30');
  });

  test('every console page fits a 390 px phone', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/admin', 'admin-queue-phone'],
      ['/admin/users', 'admin-users-phone'],
      ['/admin/settings', 'admin-settings-phone'],
    ]) {
      await admin.goto(`${sling.url}${path}`);
      expect(await noSidewaysScroll(admin), path).toBeLessThanOrEqual(390);
      expect(await captureThemes(admin, name)).toEqual([]);
    }
    await admin.setViewportSize({ width: 1280, height: 720 });
    expect(adminProblems).toEqual([]);
    expect(ownerProblems.filter((p) => !/403|401/.test(p))).toEqual([]);
  });
});
