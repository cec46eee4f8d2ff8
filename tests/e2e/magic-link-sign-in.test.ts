// Sign-in by a link sent by mail, in Chromium against a real SMTP listener: "Email me a sign-in link"
// on /login, "Check your inbox" with the address, the link from the mail opened, signed in on /links
// (or on the `next` page); a used link comes back to /login saying why. Shots at 1366 and 390 px in
// both themes, axe clean, no console errors.
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../db/schema';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { openTestContext } from '../helpers/open-test-handle';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { seedUser } from '../helpers/seed-in-process';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { startSmtpListener } from '../helpers/smtp-listener';

const chromium = chromiumPath();
const EMAIL = 'mia@example.com';
const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

describe.skipIf(!chromium)('sign-in link by mail in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let browser: Browser;

  beforeAll(async () => {
    [tdb, smtp] = await Promise.all([createPgliteDatabase({ migrated: true }), startSmtpListener()]);
    // An account whose address is proven (as after an invitation): only those get a link (docs/guide/accounts-and-tokens.md).
    await seedUser(tdb.env, EMAIL);
    const ctx = await openTestContext(tdb);
    try {
      await ctx.handle.db.update(users).set({ emailVerified: true }).where(eq(users.email, EMAIL));
    } finally {
      await ctx.handle.close();
    }
    const env = { ...tdb.env, SMTP_URL: smtp.url, MAIL_FROM: 'Sling <sling@test.example>', AUTH_ATTEMPTS_PER_MINUTE: '100' };
    [sling, browser] = await Promise.all([startSling(env), launchChromium(chromium!)]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await smtp?.close();
    await tdb?.drop();
  });

  const linkIn = (text: string) => /(https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+)/.exec(text)?.[1] ?? '';

  async function askForLink(page: Page, shot: string): Promise<string> {
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByLabel('Email for a sign-in link').fill(EMAIL);
    await page.getByRole('form', { name: 'Sign-in link by email' }).getByRole('button', { name: 'Email me a sign-in link' }).click();
    const sent = page.getByRole('status').filter({ hasText: 'Check your inbox' });
    await sent.waitFor();
    expect(await sent.textContent()).toContain(`If an account exists for ${EMAIL}, a sign-in link is on its way`);
    expect(await captureThemes(page, shot)).toEqual([]);
    const mails = await smtp.waitFor(before + 1);
    expect(mails[before].to).toEqual([EMAIL]);
    return linkIn(mails[before].text);
  }

  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`at ${viewport.width} px: ask on /login, open the mailed link, land signed in on /links`, async () => {
      const page = await (await browser.newContext({ locale: 'en-US', viewport })).newPage();
      const problems = watchProblems(page);
      await page.goto(`${sling.url}/login`);
      expect(await captureThemes(page, `login-magic-link-${size}`)).toEqual([]);
      const link = await askForLink(page, `login-magic-link-sent-${size}`);
      expect(link).toContain('callbackURL=%2Flinks');

      await page.goto(link);
      await page.waitForURL('**/links');
      expect(await page.evaluate(async () => (await (await fetch('/api/auth/get-session')).json())?.user?.email)).toBe(EMAIL);

      // The same link again, signed out: back on /login, saying why.
      const fresh = await (await browser.newContext({ locale: 'en-US', viewport })).newPage();
      const freshProblems = watchProblems(fresh, [/status of 302/]);
      await fresh.goto(link);
      await fresh.waitForURL('**/login?**');
      await fresh.getByRole('alert').filter({ hasText: 'This sign-in link has expired or was used already' }).waitFor();
      expect(await captureThemes(fresh, `login-magic-link-used-${size}`)).toEqual([]);
      expect(problems).toEqual([]);
      expect(freshProblems).toEqual([]);
    });
  }

  test('with ?next= the link lands on that page', async () => {
    const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    await page.goto(`${sling.url}/login?next=${encodeURIComponent('/settings')}`);
    const link = await askForLink(page, 'login-magic-link-next');
    await page.goto(link);
    await page.waitForURL('**/settings');
  });
});
