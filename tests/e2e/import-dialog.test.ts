// The Import dialog on the links page in Chromium: pick a format and a file, watch the progress bar
// follow the job, read the summary, download the report, see the import among past ones and the new
// links in the list; screenshots in light and dark and at 390 px (no sideways scrolling), axe clean.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { parseCsv } from '../helpers/csv';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const ROWS = 20_000;

describe.skipIf(!chromium)('the import dialog in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, QUOTA_LINKS_PER_DAY_FREE: '100000' }), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US', acceptDownloads: true })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  test('import a CSV with live progress, a summary and the report; past imports; 390 px', async () => {
    const problems = watchProblems(page);
    // Signed up and in through the API: the sign-up form is app-shell.test.ts's subject.
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'imo@example.com', 'Imo', 'a long password 1'));
    await page.goto(`${sling.url}/links`);

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import links' });
    await expect.poll(() => dialog.getByText('None yet.').isVisible()).toBe(true);
    await dialog.getByLabel('Format', { exact: true }).selectOption('csv');
    const lines = ['url,alias,tags', 'not a url,,', 'https://example.com/first,first-import,demo', 'https://example.com/first,first-import,demo'];
    for (let i = 0; i < ROWS - 3; i++) lines.push(`https://example.com/bulk/${i},,`);
    await dialog.getByLabel('File', { exact: true }).setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n') + '\n') });
    expect(await captureThemes(page, 'import-dialog-form')).toEqual([]);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    // The bar moves while the job runs: seen part done, then finished.
    const progress = dialog.getByRole('progressbar', { name: 'Import progress' });
    await until(
      'the progress bar part way',
      async () => {
        const text = (await dialog.getByTestId('import-status').textContent()) ?? '';
        if (/^Done/.test(text)) throw new Error('finished before progress was seen');
        const value = Number(await progress.getAttribute('value'));
        return /of 20,000 rows/.test(text) && value > 0 && value < ROWS;
      },
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    expect(await captureThemes(page, 'import-dialog-progress')).toEqual([]);
    await until('the import to finish', async () => dialog.getByTestId('import-summary').isVisible(), { timeoutMs: 180_000 });
    const summary = dialog.getByTestId('import-summary');
    expect(await summary.locator('dd').allTextContents()).toEqual([(ROWS - 2).toLocaleString('en-US'), '1', '1']);
    await expect.poll(() => page.getByTestId('toast').last().textContent()).toContain(`Imported ${(ROWS - 2).toLocaleString('en-US')} links.`);
    await expect.poll(() => page.locator('ul.link-list a.short').count()).toBeGreaterThan(0);
    expect(await captureThemes(page, 'import-dialog-done')).toEqual([]);

    // The report, as the link downloads it.
    const download = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: 'Download report' }).click()]).then(([d]) => d);
    expect(download.suggestedFilename()).toMatch(/^sling-import-imp_.*-report\.csv$/);
    const report = parseCsv(
      await (await page.request.get(`${sling.url}${await dialog.getByRole('link', { name: 'Download report' }).getAttribute('href')}`)).text(),
    ).filter((r) => r.length > 1);
    expect(report.slice(0, 4)).toEqual([
      ['row', 'input', 'result', 'reason', 'short_link'],
      ['1', 'not a url,,', 'refused', expect.stringMatching(/^invalid URL/), ''],
      ['2', 'https://example.com/first,first-import,demo', 'created', '', expect.stringMatching(/\/first-import$/)],
      ['3', 'https://example.com/first,first-import,demo', 'skipped', 'duplicate of row 2', ''],
    ]);
    expect(report).toHaveLength(ROWS + 1);

    // Past imports list it; on a phone the dialog fits.
    await dialog.getByRole('button', { name: 'Import another file' }).click();
    await expect.poll(() => dialog.locator('.past-imports li').first().textContent()).toMatch(/links\.csv.*19,998 created, 1 skipped, 1 refused/);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.querySelector('dialog[open]')!.scrollWidth <= document.querySelector('dialog[open]')!.clientWidth)).toBe(true);
    expect(await captureThemes(page, 'import-dialog-390')).toEqual([]);
    expect(problems).toEqual([]);
  }, 300_000);
});
