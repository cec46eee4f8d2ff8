// Passkeys in Chromium with its virtual authenticator (CTAP2, built in, resident keys, user verified):
// Settings → Security adds one, renames it; signed out, "Continue with a passkey" lands on /links
// without the TOTP step the account has on, and the session and the login history say "Passkey";
// deleted (after a red confirmation), the same passkey no longer signs in. BASE_URL is on `localhost`:
// a passkey's relying party is a host name, never an IP address. Shots at 1366 and 390 px in both
// themes, axe clean, no console errors.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { freePort } from '../helpers/processes';
import { seedUser } from '../helpers/seed-in-process';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { secretFromUri, totp } from '../helpers/totp';

const chromium = chromiumPath();
const EMAIL = 'pia@example.com';
const OTHER = 'max@example.com';
const PASSWORD = 'correct horse 1';
const NO_AUTOFILL = 'test:no-passkey-autofill';

describe.skipIf(!chromium)('passkeys in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    await seedUser(tdb.env, EMAIL, { password: PASSWORD });
    await seedUser(tdb.env, OTHER, { password: PASSWORD });
    const port = await freePort();
    base = `http://localhost:${port}`;
    [sling, browser] = await Promise.all([
      startSling({ ...tdb.env, PORT: String(port), BASE_URL: base, AUTH_ATTEMPTS_PER_MINUTE: '100' }),
      launchChromium(chromium!),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /**
   * A page whose browser has a platform authenticator that verifies its user (as Touch ID or Windows
   * Hello would). The virtual authenticator answers the sign-in page's autofill request by itself, as
   * if the user picked the passkey in the email field's suggestions; with `NO_AUTOFILL` in the page's
   * localStorage the page finds no autofill, so the button is what signs in.
   */
  async function withAuthenticator(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> {
    await context.addInitScript((flag) => {
      if (localStorage.getItem(flag)) Object.assign(PublicKeyCredential, { isConditionalMediationAvailable: async () => false });
    }, NO_AUTOFILL);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { page, cdp, authenticatorId };
  }

  /** Turns TOTP on for the account over HTTP: a password sign-in now asks for a code. */
  async function turnOnTwoFactor(cookie: string) {
    const post = (path: string, body: unknown) =>
      fetch(`${base}/api/auth${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(body) });
    const enable = await post('/two-factor/enable', { password: PASSWORD });
    expect(enable.status).toBe(200);
    const secret = secretFromUri((await enable.json()).totpURI);
    expect((await post('/two-factor/verify-totp', { code: totp(secret) })).status).toBe(200);
    const again = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(await again.json()).toMatchObject({ twoFactorRedirect: true });
  }

  const signOut = (page: Page) =>
    page.evaluate(() => fetch('/api/auth/sign-out', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));

  test('add a passkey in Settings, sign in with it past TOTP, delete it, and it signs in no more', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
    const { page, cdp, authenticatorId } = await withAuthenticator(context);
    const problems = watchProblems(page);
    const session = await signInOverHttp(base, EMAIL, PASSWORD);
    await useSession(context, base, session);

    await page.goto(`${base}/settings/security`);
    const section = page.locator('#passkeys');
    await section.getByTestId('no-passkeys').waitFor();
    await section.getByLabel('Passkey name').fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const row = section.getByTestId('passkey-row');
    await row.filter({ hasText: 'Work laptop' }).waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('This device only');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials.map((c) => ({ resident: c.isResidentCredential, rpId: c.rpId }))).toEqual([{ resident: true, rpId: 'localhost' }]);
    expect(await captureThemes(page, 'security-passkeys-desktop')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await captureThemes(page, 'security-passkeys-phone')).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    await section.getByRole('button', { name: 'Rename Work laptop' }).click();
    await section.getByLabel('New name').fill('Office MacBook');
    await section.getByRole('button', { name: 'Save' }).click();
    await row.filter({ hasText: 'Office MacBook' }).waitFor();

    await turnOnTwoFactor(session.cookie);
    // Signed out, the sign-in page offers the passkey in the email field's autofill: picked, it signs in.
    await signOut(page);
    await page.goto(`${base}/login`);
    await page.waitForURL('**/links');
    expect(await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json())?.user?.email)).toBe(EMAIL);

    // And with the button, where the browser offers no autofill.
    await page.evaluate((flag) => localStorage.setItem(flag, '1'), NO_AUTOFILL);
    await signOut(page);
    await page.goto(`${base}/login`);
    expect(await captureThemes(page, 'login-passkey-desktop')).toEqual([]);
    // One "or" between the password form and the other ways in, however many of them there are.
    expect(await page.locator('.card p.sso-or').count()).toBe(1);
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page.waitForURL('**/links');
    expect(await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json())?.user?.email)).toBe(EMAIL);

    await page.goto(`${base}/settings/security`);
    await page.getByTestId('session-row').filter({ hasText: 'this device' }).getByTestId('session-method').filter({ hasText: 'Passkey' }).waitFor();
    const logins = await page.getByTestId('login-row').allTextContents();
    expect(logins.slice(0, 2).every((l) => l.includes('Passkey'))).toBe(true);

    await section.getByRole('button', { name: 'Delete Office MacBook' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this passkey?' });
    const confirm = dialog.getByRole('button', { name: 'Delete passkey' });
    expect(await confirm.evaluate((b) => b.className)).toContain('destructive');
    await confirm.click();
    await section.getByTestId('no-passkeys').waitFor();

    // The authenticator still holds the credential; Sling no longer knows it.
    await signOut(page);
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Continue with a passkey' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /passkey/i })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json())?.user ?? null)).toBeNull();
    expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    await context.close();
  });

  test('at 390 px the sign-in page offers the passkey below the form', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const { page } = await withAuthenticator(context);
    const problems = watchProblems(page);
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Continue with a passkey' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'login-passkey-phone')).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('a browser without WebAuthn gets no passkey button, and Settings says why it cannot add one', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(() => Reflect.deleteProperty(window, 'PublicKeyCredential'));
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue with a passkey' }).count()).toBe(0);
    await useSession(context, base, await signInOverHttp(base, OTHER, PASSWORD));
    await page.goto(`${base}/settings/security`);
    await page.getByTestId('passkeys-unsupported').waitFor();
    expect(await page.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
    await context.close();
  });
});
