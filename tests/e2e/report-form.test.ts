// A visitor reports a short link on /report?url=…: the page solves the ALTCHA proof-of-work by
// itself in a worker, the report is stored for the review queue, and the page thanks the visitor.
// The form and its thank-you state fit 1366 and 390 px in both themes, axe clean, no console error.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../lib/db/open-database';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { runSling, startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

describe.skipIf(!chromium)('the report form in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess | undefined;
  let browser: Browser;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    const made = await runSling(['links', 'create', '--url', 'https://login-bank.example/verify', '--alias', 'bad-e2e'], tdb.env);
    expect(made.code).toBe(0);
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  test('fill in and send a report: the proof-of-work is solved by the page, the report is stored, the page says thank you', async () => {
    const shortUrl = `${sling!.url}/bad-e2e`;
    const page = await browser.newPage({ viewport: DESKTOP });
    const problems = watchProblems(page);
    await page.goto(`${sling!.url}/report?url=${encodeURIComponent(shortUrl)}`);
    await expect.poll(() => page.getByLabel('Short link').inputValue()).toBe(shortUrl);

    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    const violations = [];
    for (const [name, size] of [
      ['report-form', DESKTOP],
      ['report-form-390', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await expect.poll(scrollWidth, { message: `${name} scrolls sideways` }).toBeLessThanOrEqual(size.width);
      violations.push(...(await captureThemes(page, name)));
    }
    await page.setViewportSize(DESKTOP);

    await page.getByLabel(/Malware/).check();
    await page.getByLabel(/Details/).fill('The page downloads an .exe file.');
    await page.getByLabel(/Your email/).fill('visitor@example.net');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/reports') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send report' }).click();
    const request = JSON.parse((await sent).postData() ?? '{}');
    expect(request).toMatchObject({
      url: shortUrl,
      reason: 'malware',
      details: 'The page downloads an .exe file.',
      email: 'visitor@example.net',
      altcha: expect.any(String),
    });

    await page.getByRole('heading', { name: 'Thank you — we got your report' }).waitFor();
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/Report #\d+ about .*bad-e2e is in our review queue/);
    for (const [name, size] of [
      ['report-thanks', DESKTOP],
      ['report-thanks-390', PHONE],
    ] as const) {
      await page.setViewportSize(size);
      await expect.poll(scrollWidth, { message: `${name} scrolls sideways` }).toBeLessThanOrEqual(size.width);
      violations.push(...(await captureThemes(page, name)));
    }
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();

    expect(await sling!.stop()).toBe(0);
    sling = undefined;
    const handle = await openDatabase({ dataDir: tdb.dataDir, maxConnections: 1 });
    try {
      const rows = await handle.query<{ short_code: string; reason: string; source: string; details: string; reporter_email: string; status: string }>(
        'SELECT l.short_code, r.reason, r.source, r.details, r.reporter_email, r.status FROM abuse_reports r JOIN links l ON l.id = r.link_id',
      );
      expect(rows).toEqual([
        {
          short_code: 'bad-e2e',
          reason: 'malware',
          source: 'visitor',
          details: 'The page downloads an .exe file.',
          reporter_email: 'visitor@example.net',
          status: 'open',
        },
      ]);
    } finally {
      await handle.close();
    }
  });
});
