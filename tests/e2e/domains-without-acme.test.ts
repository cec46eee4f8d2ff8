// The Domains page on a server that gets no certificates itself (ACME_DIRECTORY_URL unset: TLS ends at
// a proxy in front of Sling, the default). A verified domain says HTTPS is the proxy's, never
// "Issuing a certificate" forever, and the page stops asking the API once nothing is settling.
// PostgreSQL, so the test can mark the domain verified while Sling runs (PGlite admits one process).
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPostgresDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath, pgUrl } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const serverUrl = pgUrl();

describe.skipIf(!chromium || !serverUrl)('Domains page without ACME', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    tdb = await createPostgresDatabase(serverUrl!, { migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, DOMAIN_CHECK_SCHEDULE: '3600' }), launchChromium(chromium!)]);
    const session = await signUpAndInOverHttp(sling.url, 'ops@example.com', 'Ops');
    const added = await fetch(`${sling.url}/api/v1/domains`, {
      method: 'POST',
      headers: { cookie: session.cookie, origin: sling.url, 'content-type': 'application/json' },
      body: JSON.stringify({ hostname: 'go.proxied.test' }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    // The DNS check is not the subject: the domain is verified as the check would leave it.
    const db = new pg.Client({ connectionString: tdb.databaseUrl });
    await db.connect();
    await db.query("UPDATE domains SET status = 'verified', verified_at = now() WHERE hostname = 'go.proxied.test'");
    await db.end();
    const context = await browser.newContext({ locale: 'en-US' });
    await useSession(context, sling.url, session);
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  test('a verified domain says HTTPS is served by the proxy, and the page stops polling', async () => {
    // Every call the page makes to the domains API, counted as it is made; the page's timers on a clock the test moves.
    await page.addInitScript(() => {
      const w = window as unknown as { domainCalls: number };
      w.domainCalls = 0;
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('/api/v1/domains')) w.domainCalls++;
        return original(input, init);
      };
    });
    await page.clock.install();
    await page.goto(`${sling.url}/domains`);
    const card = page.locator('li.domain-card[data-domain="go.proxied.test"]');
    expect(await card.getByTestId('certificate-badge').textContent()).toBe('HTTPS at your proxy');
    const toggle = card.locator('.domain-summary button[aria-expanded]');
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    const cert = card.getByTestId('certificate');
    expect(await cert.getAttribute('data-state')).toBe('proxy');
    expect(await cert.textContent()).toContain('ACME_DIRECTORY_URL');
    expect(await page.getByText('Issuing a certificate').count()).toBe(0);
    // The page looks again every 4 s only while something settles: here nothing does.
    const before = await page.evaluate(() => (window as unknown as { domainCalls: number }).domainCalls);
    await page.clock.runFor(20_000);
    expect(await page.evaluate(() => (window as unknown as { domainCalls: number }).domainCalls)).toBe(before);
    expect(await captureThemes(page, 'domains-without-acme')).toEqual([]);
    // A phone: the badge and the explanation fit, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'domains-without-acme-phone')).toEqual([]);
    expect(problems).toEqual([]);
  });
});
