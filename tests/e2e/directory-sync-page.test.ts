// Settings → Directory sync in Chromium: the owner of an Enterprise team copies the SCIM base URL,
// creates the token (shown once, with copy), the identity provider provisions someone with it and
// the page shows that last change; rotating (confirmed) shows a new token and the old one stops
// working; revoking turns directory sync off. Axe clean in both themes, no sideways scroll at 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { addProvenDomain } from '../helpers/scim-fixtures';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { createEnterpriseTeam, createUser, PASSWORD } from '../helpers/sso-fixtures';

const chromium = chromiumPath();
const OWNER = 'olivia@acme.test';

describe.skipIf(!chromium)('Settings → Directory sync in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let teamId: string;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    await createUser(tdb.env, OWNER);
    teamId = await createEnterpriseTeam(tdb, 'acme', OWNER);
    await addProvenDomain(tdb, teamId, 'acme.test');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    const context = await browser.newContext({ locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sling.url });
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /** The API client over HTTP with a SCIM token (SCIM's paths are no Operation's: api.fetch). */
  const scim = (token: string) => apiClient(overHttp(sling.url), { token });
  const scimUsers = (token: string) => scim(token).fetch('/api/scim/v2/Users');

  test('token shown once with copy, provisioning shown as the last change, rotate and revoke', async () => {
    // Signed in with a cookie from the API: the sign-in form, and coming back to the page that asked
    // for it, are app-shell.test.ts's and shell-settings.test.ts's subject.
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, OWNER, PASSWORD));
    await page.goto(`${sling.url}/links`);
    expect(await page.evaluate(async (id) => (await fetch(`/api/v1/workspaces/${id}/switch`, { method: 'POST' })).status, teamId)).toBe(200);

    await page.goto(`${sling.url}/settings/sso`);
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Directory sync' }).click();
    await page.waitForURL('**/settings/directory-sync');
    const baseUrl = page.getByRole('textbox', { name: 'SCIM base URL' });
    expect(await baseUrl.inputValue()).toBe(`${sling.url}/api/scim/v2`);
    await page.getByRole('button', { name: 'Copy scim base url' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${sling.url}/api/scim/v2`);

    // Three steps: the token is the current one until it exists, then pasting it, then the first sync.
    const states = () =>
      page
        .getByRole('list', { name: 'Set-up steps' })
        .locator(':scope > li')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
    expect(await states()).toEqual(['current', 'todo', 'todo']);
    expect(await page.locator('[aria-current="step"] h3').textContent()).toContain('Create the SCIM token');
    await page.getByRole('button', { name: 'Create token' }).click();
    const shown = page.getByTestId('new-scim-token');
    const token = (await shown.textContent())!;
    expect(token).toMatch(/^scim_/);
    await page.getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    expect(await states()).toEqual(['done', 'current', 'todo']);
    await page.getByText('Where to paste them: Okta, Microsoft Entra ID, other SCIM 2.0 providers').click();
    await page.getByRole('heading', { name: 'Microsoft Entra ID' }).waitFor();
    expect(await captureThemes(page, 'settings-directory-sync-steps')).toEqual([]);

    // The identity provider provisions someone; the page shows it after a reload, the token no more.
    const made = await scim(token).fetch('/api/scim/v2/Users', {
      method: 'POST',
      headers: { 'content-type': 'application/scim+json' },
      body: JSON.stringify({
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: 'mia@acme.test',
        name: { givenName: 'Mia', familyName: 'Moss' },
        emails: [{ value: 'mia@acme.test', primary: true }],
        active: true,
      }),
    });
    expect(made.status).toBe(201);
    await page.reload();
    await expect.poll(() => page.getByTestId('dsync-last-activity').textContent()).toContain('Provisioned mia@acme.test');
    expect(await page.getByTestId('new-scim-token').count()).toBe(0);
    expect(await page.getByTestId('dsync-token').textContent()).toContain(token.slice(0, 11));
    expect(await states()).toEqual(['done', 'done', 'done']);
    expect(await captureThemes(page, 'settings-directory-sync')).toEqual([]);

    await page.getByRole('button', { name: 'Rotate token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rotate token' }).click();
    await expect.poll(async () => (await shown.count()) > 0 && (await shown.textContent()) !== token).toBe(true);
    const rotated = (await shown.textContent())!;
    expect((await scimUsers(token)).status).toBe(401);
    expect((await scimUsers(rotated)).status).toBe(200);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await captureThemes(page, 'settings-directory-sync-phone')).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 800 });

    await page.getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await page.getByRole('button', { name: 'Create token' }).waitFor();
    expect((await scimUsers(rotated)).status).toBe(401);
    expect(problems).toEqual([]);
  });

  test('on a plan without SSO both pages show the steps greyed, the plan that has them and who changes it', async () => {
    // The owner's personal workspace is on the Free plan.
    const personal = await page.evaluate(
      async () => ((await (await fetch('/api/v1/workspaces')).json()).workspaces as { id: string; kind: string }[]).find((w) => w.kind === 'personal')!.id,
    );
    expect(await page.evaluate(async (id) => (await fetch(`/api/v1/workspaces/${id}/switch`, { method: 'POST' })).status, personal)).toBe(200);
    for (const [path, steps, shot] of [
      ['/settings/directory-sync', 3, 'settings-directory-sync-plan'],
      ['/settings/sso', 5, 'settings-sso-plan'],
    ] as const) {
      await page.goto(`${sling.url}${path}`);
      const gate = page.getByTestId('needs-enterprise');
      expect(await gate.textContent()).toContain('Available on Enterprise');
      expect(await gate.textContent()).toContain('Free plan');
      expect(await gate.textContent()).toContain('admin console (Admin → Users)');
      expect(
        await gate
          .getByRole('list', { name: /not available on this plan/ })
          .locator(':scope > li')
          .count(),
      ).toBe(steps);
      // No dead form: nothing to type into or press but the link to the plans.
      expect(await page.locator('main').getByRole('textbox').count()).toBe(0);
      expect(await gate.getByRole('button').count()).toBe(0);
      expect(await captureThemes(page, shot)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await captureThemes(page, `${shot}-phone`)).toEqual([]);
      await page.setViewportSize({ width: 1366, height: 800 });
    }
    expect(problems).toEqual([]);
  });
});
