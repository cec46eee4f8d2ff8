// A domain's orphan visits on the Domains page in Chromium (docs/guide/orphan-visits.md): after
// visits to codes that no link has, the root and an unknown path (requests with the domain's Host
// header), the card says how many and lists the top codes; "Create link" opens the link dialog with
// the code and the domain filled in; "Keep each orphan visit" is saved; the export link downloads the
// CSV. Screenshots light/dark and 390 px, axe.
import { request } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chromium as playwright } from 'playwright-core';
import { CHROMIUM_ARGS, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { LANDING_PASSWORD, seedLandingFixture, type LandingFixture } from '../helpers/landing-fixtures';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const HOST = 'go.flyers.test';
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

function visit(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

if (chromium) {
  describe('orphan visits on the Domains page, in Chromium', () => {
    let tdb: TestDatabase;
    let sling: SlingProcess;
    let f: LandingFixture;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let problems: string[];

    beforeAll(async () => {
      tdb = await createPgliteDatabase({ migrated: true });
      f = await seedLandingFixture(tdb, [HOST]);
      [sling, browser] = await Promise.all([
        startSling({ ...tdb.env, DNS_SERVERS: '127.0.0.1:9', ORPHAN_FLUSH_MS: '100' }),
        playwright.launch({ executablePath: chromium, headless: true, args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`] }),
      ]);
      context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
      page = await context.newPage();
      page.setDefaultTimeout(20_000);
      problems = watchProblems(page);
      const hits: Array<[string, number]> = [
        ['/spring-sale', 9],
        ['/Spring-Sale', 3],
        ['/menu2024', 5],
        ['/summer-fest?utm_source=poster', 4],
        ['/jobs', 2],
        ['/x', 1],
        ['/', 3],
        ['/menu/2024/lunch.pdf', 2],
      ];
      for (const [path, n] of hits) for (let i = 0; i < n; i++) expect(await visit(sling.port, path)).not.toBe(500);
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      await sling?.stop();
      await tdb?.drop();
    });

    test('the card counts them, lists the top codes, and Create link fills the dialog in', async () => {
      await useSession(context, sling.url, await signInOverHttp(sling.url, f.emails.owner, LANDING_PASSWORD));
      // The counts are written every 100 ms here: wait until the API has them all before looking.
      await until('the counts written', async () => {
        const res = await context.request.get(`${sling.url}/api/v1/domains/${f.domains[HOST]}/orphan-visits`);
        return res.ok() && ((await res.json()) as { totals: { all: number } }).totals.all === 29;
      });
      await page.goto(`${sling.url}/domains`, { waitUntil: 'domcontentloaded' });
      const card = page.locator(`li[data-domain="${HOST}"]`);
      expect(await card.getByTestId('orphan-summary').textContent()).toBe('29 visits found no link');
      await card.getByRole('button', { name: `Settings for ${HOST}` }).click();
      const panel = card.getByRole('region', { name: `Visits that found no link on ${HOST}` });
      expect(await panel.getByTestId('orphan-codes').textContent()).toBe('24');
      expect(await panel.getByTestId('orphan-root').textContent()).toBe('3');
      expect(await panel.getByTestId('orphan-path').textContent()).toBe('2');
      const rows = panel.locator('tbody tr');
      expect(await rows.allInnerTexts()).toEqual([
        expect.stringMatching(/^\/spring-sale\s+12\s+Create link/),
        expect.stringMatching(/^\/menu2024\s+5\s+Create link/),
        expect.stringMatching(/^\/summer-fest\s+4\s+Create link/),
        expect.stringMatching(/^\/jobs\s+2\s+Create link/),
        // Too short for an alias: no shortcut.
        expect.stringMatching(/^\/x\s+1\s*$/),
      ]);
      await panel.scrollIntoViewIfNeeded();

      for (const [size, suffix] of [
        [DESKTOP, ''],
        [PHONE, '-phone'],
      ] as const) {
        await page.setViewportSize(size);
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `domains${suffix} scrolls sideways` })
          .toBeLessThanOrEqual(size.width);
        // Full-page shots in both themes and axe; the verified domain's certificate spinner runs on
        // (no ACME here), which captureThemes leaves running.
        expect(await captureThemes(page, `domain-orphans${suffix}`)).toEqual([]);
      }
      await page.setViewportSize(DESKTOP);

      // The export: the daily counts as CSV.
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${HOST}-orphan-counts-`));
      const csv = await (await download.createReadStream()).toArray();
      expect(Buffer.concat(csv).toString('utf8')).toMatch(/,code,spring-sale,12\r\n/);

      // Keep each orphan visit: saved for the workspace, and "Export visits" appears.
      // Checked once the workspace has saved it (a controlled box): clicked, then the toast.
      await panel.getByRole('checkbox', { name: /Keep each orphan visit/ }).click();
      await page.getByText('Each orphan visit is kept from now on.').waitFor();
      await panel.getByRole('link', { name: 'Export visits' }).waitFor();
      await page.reload({ waitUntil: 'domcontentloaded' });
      await card.getByRole('button', { name: `Settings for ${HOST}` }).click();
      expect(await panel.getByRole('checkbox', { name: /Keep each orphan visit/ }).isChecked()).toBe(true);

      // Create link: the link dialog with the code and the domain already filled in.
      await panel.getByRole('link', { name: 'Create link menu2024' }).click();
      const dialog = page.getByRole('dialog', { name: 'New link' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Alias (optional)').inputValue()).toBe('menu2024');
      expect(await dialog.getByLabel('Domain').inputValue()).toBe(String(f.domains[HOST]));
      await dialog.getByText(`${HOST}/menu2024`).first().waitFor();
      await page.screenshot({ path: 'test-results/domain-orphans-create-link.png' });
      expect(problems).toEqual([]);
    }, 180_000);
  });
}
