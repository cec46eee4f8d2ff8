// A visitor without an account shortens a URL on the home page (the page solves the ALTCHA
// proof-of-work in a worker and sends it along), copies it, and follows it.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)('home page shortener in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, ANON_LINKS_PER_MINUTE: '2' }), launchChromium(chromium!)]);
  });
  afterAll(async () => {
    await browser?.close();
    expect(await sling?.stop()).toBe(0);
    await tdb?.drop();
  });

  test('paste a URL, get a short link with a copy button, and it redirects', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sling.url });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()} ${r.url()}`));

    await page.goto(sling.url);
    // Typed without a scheme, as people paste from an address bar: it means https://.
    await page.getByLabel('Long URL').fill('example.com/a?b=1');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/shorten'));
    await page.getByRole('button', { name: 'Shorten' }).click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ url: 'https://example.com/a?b=1', altcha: expect.any(String) });
    const link = page.getByTestId('short-url');
    await link.waitFor();
    const shortUrl = (await link.textContent())!;
    expect(shortUrl).toMatch(new RegExp(`^${sling.url}/[A-Za-z0-9]{7}$`));

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Notifications' }).textContent()).toContain('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);

    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/home-shortened.png', fullPage: true });

    const visit = await fetch(shortUrl, { redirect: 'manual' });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/a?b=1');
    expect(problems).toEqual([]);
    await context.close();
  });

  test('errors are shown in words: a bad URL, then the rate limit', async () => {
    const page = await browser.newPage();
    await page.goto(sling.url);
    await page.getByLabel('Long URL').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expect.poll(() => page.locator('p.error').textContent()).toMatch(/"javascript:" URLs are not allowed/);

    // ANON_LINKS_PER_MINUTE=2 here; the first test used one and the bad URL above another.
    await page.getByLabel('Long URL').fill('https://example.com/third');
    await page.getByRole('button', { name: 'Shorten' }).click();
    await expect.poll(() => page.locator('p.error').textContent()).toMatch(/Too many requests: the limit is 2 per minute/);
    await page.close();
  });
});
