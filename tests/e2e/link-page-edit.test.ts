// "Edit" on a link's own page (issue 32, point 2): the link's analytics page opens the links list's
// dialog on the link, saves, and shows the saved link. In Chromium, with screenshots of the dialog
// over the page in both themes at 1366 and 390 px. (Who gets the button is the API's write scope,
// app/links/[id]/page.tsx; the isolation matrix tests that scope.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession, type ApiSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();

describe.skipIf(!chromium)("Edit on a link's page in Chromium", () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let problems: string[];
  let session: ApiSession;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    session = await signUpAndInOverHttp(sling.url, 'eddie@example.com', 'Eddie');
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    await useSession(context, sling.url, session);
    page = await context.newPage();
    problems = watchProblems(page);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sling.url}${path}`, { ...init, headers: { cookie: session.cookie, origin: sling.url, 'content-type': 'application/json', ...init.headers } });

  test('Edit opens the dialog on the link, saves, and the page shows the new destination', async () => {
    const created = await api('/api/v1/links', { method: 'POST', body: JSON.stringify({ url: 'https://example.com/before', alias: 'edit-here' }) });
    expect(created.status).toBe(201);
    const link = (await created.json()) as { id: number };
    await page.goto(`${sling.url}/links/${link.id}`);
    const header = page.locator('header.link-header');
    await header.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const destination = dialog.getByLabel('Destination URL');
    expect(await destination.inputValue()).toBe('https://example.com/before');
    expect(await captureThemes(page, 'link-page-edit-dialog')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await captureThemes(page, 'link-page-edit-dialog-phone', undefined, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 800 });
    await destination.fill('example.com/after');
    await dialog.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => header.locator('.dest a').textContent()).toBe('https://example.com/after');
    expect(await (await api(`/api/v1/links/${link.id}`)).json()).toMatchObject({ long_url: 'https://example.com/after' });
    expect(problems).toEqual([]);
  });
});
