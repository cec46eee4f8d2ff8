// Sign up in the browser, create an API token in Settings, use it against /api.php; regenerate
// kills the old secret; sign out and back in.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium } from '../helpers/browser';
import { captureThemes } from '../helpers/page-checks';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { totp } from '../helpers/totp';

const chromium = chromiumPath();

describe.skipIf(!chromium)('accounts and API tokens in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    page = await browser.newPage({ acceptDownloads: true, permissions: ['clipboard-read', 'clipboard-write'] });
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /** The typed client over HTTP, calling with `token`. */
  const api = (token: string) => apiClient(overHttp(sling.url), { token });
  const createLink = (token: string, url: string) => api(token).call('apiPhpCreate', { body: { url } });
  /** Picks an action from a token's "…" menu. */
  async function tokenAction(name: string, action: string) {
    await page.getByRole('button', { name: `Actions for token ${name}` }).click();
    await page.getByRole('region', { name: 'API tokens' }).locator('.row-menu-panel:visible').getByRole('button', { name: action, exact: true }).click();
  }

  test('sign up → Settings → create a token → it works with /api.php; regenerate replaces it', async () => {
    await page.goto(`${sling.url}/settings`);
    await page.waitForURL('**/login?next=%2Fsettings');
    await page.goto(`${sling.url}/signup`);
    await page.getByLabel('Name').fill('Dee');
    await page.getByLabel('Email').fill('dee@example.com');
    await page.getByLabel('Password').fill('a long password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/links'); // a new account starts on its links
    await page.goto(`${sling.url}/settings`);
    expect(await page.getByRole('region', { name: 'Profile' }).getByLabel('Email').inputValue()).toBe('dee@example.com');
    await page.goto(`${sling.url}/settings/tokens`);

    const tokens = page.getByRole('region', { name: 'API tokens' });
    await page.getByLabel('Token name').fill('deploy');
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('new-token').textContent())!;
    expect(secret).toMatch(/^sl_[A-Za-z0-9]{40}$/);
    await expect.poll(() => tokens.locator('tbody tr').count()).toBe(1);
    expect(await tokens.locator('tbody').textContent()).toContain(secret.slice(0, 9));

    const created = await createLink(secret, 'https://example.com/from-token');
    expect(created.status).toBe(201);
    expect(created.json.long_url).toBe('https://example.com/from-token');

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/settings-tokens.png', fullPage: true });

    // Issue 32, bug 12. Each cell is a table cell, so the row's border runs straight under all of them
    // (the actions' cell was a flex box whose buttons wrapped), and the row's actions sit on one line.
    const row = tokens.locator('tbody tr').first();
    const cells = await row.evaluate((tr: HTMLTableRowElement) =>
      [...tr.cells].map((td) => ({ display: getComputedStyle(td).display, bottom: td.getBoundingClientRect().bottom - tr.getBoundingClientRect().bottom })),
    );
    expect(cells.every((c) => c.display === 'table-cell' && Math.abs(c.bottom) < 1)).toBe(true);
    const tops = await row.getByRole('button').evaluateAll((buttons) => new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top))).size);
    expect(tops).toBe(1);
    // Regenerate and Rotate are told apart as lib/tokens/manage-tokens.ts does them.
    expect(await tokens.getByTestId('token-actions-help').textContent()).toMatch(
      /Regenerate.*current secret stops working at once.*Rotate.*keeps working for the grace period you choose \(1 to 720 hours, 24 by default\)/,
    );
    // A phone: the page is no wider than the window, and the Expires and Status columns and the
    // row's actions are on screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const target of [
      tokens.getByRole('columnheader', { name: 'Expires' }),
      tokens.getByRole('columnheader', { name: 'Status' }),
      tokens.getByRole('button', { name: 'Actions for token deploy' }),
    ]) {
      const box = await target.evaluate((el) => el.getBoundingClientRect().toJSON());
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    expect(await captureThemes(page, 'settings-tokens-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await captureThemes(page, 'settings-tokens')).toEqual([]);

    // Each change that kills a secret asks first; Cancel leaves the token alone.
    await tokenAction('deploy', 'Regenerate');
    await page.getByRole('dialog', { name: 'Regenerate “deploy”?' }).getByRole('button', { name: 'Cancel' }).click();
    expect((await createLink(secret, 'https://example.com/still')).status).toBe(201);
    await tokenAction('deploy', 'Regenerate');
    await page.getByRole('dialog', { name: 'Regenerate “deploy”?' }).getByRole('button', { name: 'Regenerate' }).click();
    await expect.poll(async () => (await page.getByTestId('new-token').textContent()) !== secret).toBe(true);
    const fresh = (await page.getByTestId('new-token').textContent())!;
    expect((await createLink(secret, 'https://example.com/old')).status).toBe(401);
    expect((await createLink(fresh, 'https://example.com/new')).status).toBe(201);

    await tokenAction('deploy', 'Rotate…');
    const rotate = page.getByRole('dialog', { name: 'Rotate “deploy”?' });
    await rotate.getByLabel('Grace period (hours, 1–720)').fill('6');
    await rotate.getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(async () => (await page.getByTestId('new-token').textContent()) !== fresh).toBe(true);
    const rotated = (await page.getByTestId('new-token').textContent())!;
    expect((await createLink(fresh, 'https://example.com/grace')).status).toBe(201);
    expect((await createLink(rotated, 'https://example.com/rotated')).status).toBe(201);

    await tokenAction('deploy', 'Revoke');
    await page.getByRole('dialog', { name: 'Revoke “deploy”?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => tokens.locator('tbody').textContent()).toContain('revoked');
    expect((await createLink(rotated, 'https://example.com/revoked')).status).toBe(401);
    expect((await createLink(fresh, 'https://example.com/revoked')).status).toBe(401);
  });

  test('a token limited to reading links: the list names its permission, and creating a link is refused naming the scope', async () => {
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await page.getByLabel('Token name').fill('reader');
    const scopes = tokens.getByRole('group', { name: 'Permissions' });
    for (const box of await scopes.getByRole('checkbox').all()) await box.uncheck();
    await scopes.getByRole('checkbox', { name: /^See links/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect.poll(() => tokens.locator('tbody tr').count()).toBe(2);
    const reader = (await page.getByTestId('new-token').textContent())!;
    expect(await tokens.locator('tbody tr', { hasText: 'reader' }).locator('.token-scope-summary').textContent()).toBe('links:read');
    // The form is ready for the next token: every permission ticked again but managing tokens, which is asked for.
    const unticked = await scopes.getByRole('checkbox', { checked: false }).all();
    expect(await Promise.all(unticked.map((box) => box.getAttribute('value')))).toEqual(['tokens:read', 'tokens:write']);
    expect((await api(reader).call('listLinks')).status).toBe(200);
    const refused = await api(reader).call('createLink', { body: { url: 'https://example.com/no' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.details).toEqual({ required_scope: 'links:write' });
  });

  test('sign out, then sign in again with the password', async () => {
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${sling.url}/`);
    await page.goto(`${sling.url}/login`);
    await page.getByLabel('Email').fill('dee@example.com');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.locator('p.error').textContent()).toMatch(/invalid|password/i);
    await page.getByLabel('Password').fill('a long password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/links');
    expect(problems.filter((p) => !/401|Failed to load resource/.test(p))).toEqual([]);
  });

  test('Settings → Sessions: Revoke signs another device out (sessions are listed without their tokens)', async () => {
    const other = await fetch(`${sling.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: sling.url,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0',
      },
      body: JSON.stringify({ email: 'dee@example.com', password: 'a long password 1' }),
    });
    const cookie = other.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const signedIn = async () => (await fetch(`${sling.url}/api/v1/tokens`, { headers: { cookie } })).status;
    expect(await signedIn()).toBe(200);
    await page.goto(`${sling.url}/settings/security`);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const row = sessions.getByTestId('session-row').filter({ hasText: 'Firefox on Linux' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke this session?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Session revoked');
    expect(await signedIn()).toBe(401);
    expect(await sessions.getByTestId('session-row').filter({ hasText: '(this device)' }).count()).toBe(1);
  });

  test('turn on two-factor in Settings (QR code, backup codes), then sign in with a TOTP code', async () => {
    await page.goto(`${sling.url}/settings/security`);
    const section = page.getByRole('region', { name: 'Two-factor authentication' });
    await section.getByLabel('Password').fill('a long password 1');
    await section.getByRole('button', { name: 'Set up two-factor' }).click();
    await section.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    expect(await page.getByTestId('backup-codes').locator('li').count()).toBe(10);
    const codes = await page.getByTestId('backup-codes').locator('li').allTextContents();
    await section.getByRole('button', { name: 'Copy codes' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Backup codes copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download codes' }).click()]);
    expect(download.suggestedFilename()).toBe('sling-backup-codes.txt');
    expect(readFileSync((await download.path())!, 'utf8')).toContain(codes.join('\n'));
    await page.screenshot({ path: 'test-results/settings-two-factor-setup.png', fullPage: true });
    await section.getByLabel('Code from the app').fill(totp(secret));
    await section.getByRole('button', { name: 'Turn on two-factor' }).click();
    await expect.poll(() => section.textContent()).toContain('Every sign-in asks for a code');
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Two-factor authentication is on.');

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${sling.url}/`);
    await page.goto(`${sling.url}/login`);
    await page.getByLabel('Email').fill('dee@example.com');
    await page.getByLabel('Password').fill('a long password 1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The code's field starts empty (issue 32, bug 1: React reused the email's input, value and all).
    expect(await page.getByLabel('Authentication code').inputValue()).toBe('');
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/links');
    await page.screenshot({ path: 'test-results/settings.png', fullPage: true });
    expect(problems.filter((p) => !/401|Failed to load resource/.test(p))).toEqual([]);
  });

  test('signing up with an address that has an account signs nobody in; with its own password it is a sign-in', async () => {
    const context = await browser.newContext();
    const stranger = await context.newPage();
    try {
      await stranger.goto(`${sling.url}/signup`);
      await stranger.getByLabel('Email').fill('dee@example.com');
      await stranger.getByLabel('Password').fill('not dee password');
      await stranger.getByRole('button', { name: 'Create account' }).click();
      await expect.poll(() => stranger.locator('p.error').textContent()).toContain('If this address already has a Sling account, we have sent it an email');
      expect(new URL(stranger.url()).pathname).toBe('/signup');
      await stranger.screenshot({ path: 'test-results/signup-existing.png' });
      // The owner, who forgot having an account: the right password leads to the code step.
      await stranger.getByLabel('Password').fill('a long password 1');
      await stranger.getByRole('button', { name: 'Create account' }).click();
      await stranger.getByLabel('Authentication code').waitFor();
    } finally {
      await context.close();
    }
  });
});
