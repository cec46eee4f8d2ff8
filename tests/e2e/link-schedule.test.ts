// The link dialog's start and end fields in Chromium (issue 31, points 4 and 5): a start an hour
// ahead, where visitors go once the link has ended, and bots counting towards the click limit are
// saved as the API shows them; the list marks the link "scheduled" and a visit meets the "not yet"
// page; editing clears them again. Screenshots of the fields in both themes, at desktop and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)('the link dialog: start, end and bots towards the limit', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Paris' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const apiLink = async (alias: string) => (await (await page.request.get(`${sling.url}/api/v1/links?q=${alias}`)).json()).links[0];
  /** datetime-local's value an hour from now, in the page's time zone (Europe/Paris). */
  const inAnHour = () => {
    const d = new Date(Date.now() + 3_600_000);
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Paris',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(d)
        .map((p) => [p.type, p.value]),
    );
    return { input: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`, minute: Math.floor(d.getTime() / 60_000) * 60_000 };
  };

  test('set in the dialog, shown by the API and the list, met by visitors; cleared again on edit', async () => {
    const problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'sam@example.com', 'Sam', 'a long password 1'));
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('https://example.com/launch');
    await dialog.getByLabel('Alias (optional)').fill('soon');
    const start = inAnHour();
    await dialog.getByLabel('Starts (optional)').fill(start.input);
    await dialog.getByLabel('After it ends, send visitors to (optional)').fill('example.com/sold-out');
    await dialog.getByLabel('Click limit (optional)').fill('100');
    await dialog.getByLabel('Count bot visits as clicks').check();
    await page.setViewportSize({ width: 1280, height: 1400 });
    expect(await captureThemes(page, 'link-dialog-schedule')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByLabel('Starts (optional)').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'link-dialog-schedule-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.waitFor({ state: 'detached' });

    const saved = await apiLink('soon');
    expect(saved).toMatchObject({
      status: 'scheduled',
      starts_at: new Date(start.minute).toISOString(),
      expired_url: 'https://example.com/sold-out',
      count_bots: true,
      max_clicks: 100,
    });
    const row = page.locator('ul.link-list li[data-link-id]').first();
    await expect.poll(() => row.locator('.badge.scheduled').textContent()).toBe('scheduled');
    const visit = await fetch(`${sling.url}/soon`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    expect(visit.status).toBe(404);
    expect(await visit.text()).toContain('This link is not active yet');

    // Edit: clear the start and the fallback; the link redirects at once.
    await page.getByRole('button', { name: `More actions for ${sling.url}/soon` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit link' });
    expect(await edit.getByLabel('Starts (optional)').inputValue()).toBe(start.input.replace('T', ' '));
    expect(await edit.getByLabel('Count bot visits as clicks').isChecked()).toBe(true);
    await edit.getByLabel('Starts (optional)').fill('');
    await edit.getByLabel('After it ends, send visitors to (optional)').fill('');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'detached' });
    expect(await apiLink('soon')).toMatchObject({ status: 'active', starts_at: null, expired_url: null, count_bots: true });
    expect((await fetch(`${sling.url}/soon`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } })).headers.get('location')).toBe(
      'https://example.com/launch',
    );
    expect(problems).toEqual([]);
  });
});
