// Choosing a password (issue 32, point 5: "password rules shown under the field, not as a tooltip"):
// on sign-up and on the reset page the rule is written under the field, is the field's accessible
// description, counts while one types and ticks once met; signing in states no rule. In Chromium,
// both themes, at a phone's width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)('the password rule in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } })).newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const description = (field: ReturnType<Page['getByLabel']>) =>
    field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );

  test('sign-up writes the rule under the field, counts, and ticks it once met', async () => {
    await page.goto(`${sling.url}/signup`);
    const field = page.getByLabel('Password', { exact: true });
    const rule = page.getByTestId('password-rule');
    expect(await rule.isVisible()).toBe(true);
    expect(await description(field)).toBe('At least 8 characters');
    await field.fill('short');
    await expect.poll(() => rule.textContent()).toBe('At least 8 characters (5 so far)');
    // Under the field, not beside or over it.
    const [fieldBox, ruleBox] = [await field.boundingBox(), await rule.boundingBox()];
    expect(ruleBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
    await field.fill('a long password 1');
    await expect.poll(() => rule.textContent()).toBe('✓ At least 8 characters');
    expect(await rule.getAttribute('class')).toBe('hint ok');
    expect(await captureThemes(page, 'password-rule-signup-phone')).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the reset page shows the same rule; sign-in shows none', async () => {
    await page.goto(`${sling.url}/reset-password?token=not-a-real-token`);
    expect(await description(page.getByLabel('New password'))).toBe('At least 8 characters');
    await page.goto(`${sling.url}/login`);
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await page.getByTestId('password-rule').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
