// Settings → Privacy in Chromium: an instance whose operator chose anonymised addresses; the owner
// of a Pro workspace sees each choice follow the instance default, picks otherwise, is told under the
// field which excluded range is wrong, saves, sees the ranges normalised and the choices kept after a
// reload, and goes back to the default. Axe clean in both themes, no sideways scroll at 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { createUser, PASSWORD } from '../helpers/sso-fixtures';

const chromium = chromiumPath();
const OWNER = 'priya@example.com';

describe.skipIf(!chromium)('Settings → Privacy in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    await createUser(tdb.env, OWNER, 'pro');
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, PRIVACY_IP: 'anonymized' }), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    // The refused save (a bad range) is a 400 the page shows under the field.
    problems = watchProblems(page, [/status of 400/]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const saved = () => page.evaluate(async () => (await (await fetch('/api/v1/workspace/privacy')).json()).privacy.settings);

  test('choices follow the instance default until changed; a bad range is named under its field; saved choices survive a reload', async () => {
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, OWNER, PASSWORD));
    await page.goto(`${sling.url}/settings/workspace`);
    await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Privacy' }).click();
    await page.waitForURL('**/settings/privacy');

    const ipGroup = page.getByRole('group', { name: 'IP addresses' });
    expect(await ipGroup.getByRole('radio', { name: /Anonymised/ }).isChecked()).toBe(true);
    await ipGroup.getByText('Follows the instance default (anonymised).').waitFor();
    expect(await page.getByRole('checkbox', { name: /Honour Do Not Track/ }).isChecked()).toBe(true);
    // Pro keeps clicks a year: only shorter periods are offered.
    const retention = page.getByRole('combobox', { name: 'Keep clicks for' });
    const offered = await retention.locator('option').allTextContents();
    expect(offered[0]).toBe('As long as the plan keeps them (1 year)');
    expect(offered.slice(1)).toEqual(['7 days', '14 days', '30 days', '60 days', '90 days', '180 days']);
    expect(await captureThemes(page, 'settings-privacy')).toEqual([]);

    await ipGroup.getByRole('radio', { name: /Not kept/ }).check();
    await ipGroup.getByText('Set for this workspace.').waitFor();
    await page.getByRole('checkbox', { name: /Keep referrers/ }).uncheck();
    await page.getByRole('textbox', { name: 'Excluded IP ranges' }).fill('203.0.113.7/24\nthe office');
    await retention.selectOption({ label: '30 days' });
    await page.getByRole('button', { name: 'Save privacy settings' }).click();
    const fieldError = page.locator('label', { has: page.getByRole('textbox', { name: 'Excluded IP ranges' }) }).locator('.field-error');
    await fieldError.filter({ hasText: 'Line 2, “the office”, is not an IP address or CIDR range.' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Excluded IP ranges' }).getAttribute('aria-invalid')).toBe('true');
    expect((await saved()).ip).toBeNull();
    expect(await captureThemes(page, 'settings-privacy-error')).toEqual([]);

    await page.getByRole('textbox', { name: 'Excluded IP ranges' }).fill('203.0.113.7/24\n2001:DB8:1::/48');
    await page.getByRole('button', { name: 'Save privacy settings' }).click();
    await page.getByText('Privacy settings saved').waitFor();
    expect(await page.getByRole('textbox', { name: 'Excluded IP ranges' }).inputValue()).toBe('203.0.113.0/24\n2001:db8:1::/48');
    expect(await saved()).toEqual({
      ip: 'none',
      user_agent: null,
      referrer: false,
      honor_opt_out: null,
      excluded_ranges: ['203.0.113.0/24', '2001:db8:1::/48'],
      click_retention_days: 30,
    });

    await page.reload();
    expect(await ipGroup.getByRole('radio', { name: /Not kept/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /Keep referrers/ }).isChecked()).toBe(false);
    expect(await retention.inputValue()).toBe('30');
    await ipGroup.getByRole('button', { name: 'Use the instance default (anonymised)' }).click();
    expect(await ipGroup.getByRole('radio', { name: /Anonymised/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save privacy settings' }).click();
    await expect.poll(async () => (await saved()).ip).toBeNull();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await captureThemes(page, 'settings-privacy-phone')).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 800 });
    expect(problems).toEqual([]);
  }, 120_000);
});
