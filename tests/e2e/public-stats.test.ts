// A link's public stats page in Chromium (issue 32, point 3; docs/guide/analytics.md, "Public stats
// page"): switched on in the link dialog, the link's page shows "Public stats"; a fresh, signed-out
// context opens it and sees the numbers, with no visitor's address; with a password the form comes
// first; switched off it is the 404. Screenshots at 1366 and 390 px in both themes, axe clean.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession, type ApiSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!chromium)('public stats page in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    // TRUST_PROXY: the visits' X-Forwarded-For is the visitor's address, so they are geolocated.
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, TRUST_PROXY: 'true', AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    session = await signUpAndInOverHttp(sling.url, 'stella@example.com', 'Stella');
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sling.url}${path}`, { ...init, headers: { cookie: session.cookie, origin: sling.url, 'content-type': 'application/json', ...init.headers } });
  /** A signed-out visitor's own browser. */
  const stranger = async (): Promise<{ context: BrowserContext; page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    const page = await context.newPage();
    // A wrong password is answered 403 on purpose; the browser logs it.
    return { context, page, problems: watchProblems(page, [/status of 403/]) };
  };
  // After a resize the chart (a ResizeObserver) redraws at the new width a frame or more later: wait for it.
  const noSidewaysScroll = async (page: Page) => {
    await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, { timeout: 10_000 }).catch(() => {});
    return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  };

  test('switched on in the dialog, opened signed out: the numbers, no address; a password asks first; off is the 404', async () => {
    const created = await api('/api/v1/links', { method: 'POST', body: JSON.stringify({ url: 'https://shop.example.com/spring?ref=mail', alias: 'spring' }) });
    expect(created.status).toBe(201);
    const link = (await created.json()) as { id: number };
    const visitors = [
      { agent: AGENTS.chrome, ip: '8.8.8.8' },
      { agent: AGENTS.iphone, ip: '1.1.1.1' },
      { agent: AGENTS.chrome, ip: '9.9.9.9' },
    ];
    for (const v of visitors)
      expect((await fetch(`${sling.url}/spring`, { redirect: 'manual', headers: { 'user-agent': v.agent, 'x-forwarded-for': v.ip } })).status).toBe(302);
    await until('the visits in the stats', async () => (await (await api(`/api/v1/links/${link.id}/stats`)).json()).clicks === 3, {
      timeoutMs: 10_000,
      intervalMs: 100,
    });

    // The owner switches it on in the dialog on the link's page.
    const owner = await browser.newContext({ locale: 'en-US', viewport: DESKTOP });
    await useSession(owner, sling.url, session);
    const ownerPage = await owner.newPage();
    const ownerProblems = watchProblems(ownerPage);
    await ownerPage.goto(`${sling.url}/links/${link.id}`);
    const header = ownerPage.locator('header.link-header');
    expect(await header.getByRole('link', { name: 'Public stats' }).count()).toBe(0);
    await header.getByRole('button', { name: 'Edit', exact: true }).click();
    let dialog = ownerPage.getByRole('dialog');
    const fields = dialog.getByRole('group', { name: 'Public stats page' });
    await fields.getByLabel("Anyone with the address may see this link's statistics").check();
    expect(await fields.getByText("The page's address appears here once the link is saved.").count()).toBe(1);
    await fields.scrollIntoViewIfNeeded();
    expect(await captureThemes(ownerPage, 'public-stats-dialog', undefined, { fullPage: false })).toEqual([]);
    await dialog.getByRole('button', { name: /^Save/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    const publicLink = header.getByRole('link', { name: 'Public stats' });
    await expect.poll(() => publicLink.count()).toBe(1);
    const address = (await publicLink.getAttribute('href'))!;
    expect(address).toBe(`${sling.url}/stats/spring`);
    // Opened again, the dialog shows the address with its copy button.
    await header.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = ownerPage.getByRole('dialog');
    expect(await dialog.locator('.public-stats-address code').textContent()).toBe(address);
    expect(await dialog.getByRole('button', { name: "Copy the public stats page's address" }).count()).toBe(1);
    await ownerPage.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(ownerProblems).toEqual([]);

    // A stranger, signed out: the numbers.
    const visitor = await stranger();
    await visitor.page.goto(address);
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(address.replace(/^https?:\/\//, '').replace('/stats', ''));
    await expect.poll(() => visitor.page.getByTestId('clicks-total').textContent()).toBe('3');
    expect(await visitor.page.getByTestId('visitors-total').textContent()).toBe('3');
    expect(await visitor.page.locator('.public-stats-dest').textContent()).toContain('shop.example.com');
    expect(await visitor.page.getByRole('region', { name: 'Browsers' }).locator('li').count()).toBeGreaterThan(0);
    await expect.poll(() => visitor.page.locator('.chart .recharts-area-area').count()).toBe(1);
    const text = await visitor.page.locator('body').innerText();
    for (const v of visitors) expect(text).not.toContain(v.ip);
    expect(text).not.toContain('?ref=mail');
    expect(await visitor.page.getByRole('link', { name: /Export|CSV/ }).count()).toBe(0);
    expect(await captureThemes(visitor.page, 'public-stats')).toEqual([]);
    await visitor.page.setViewportSize(PHONE);
    expect(await noSidewaysScroll(visitor.page)).toBe(true);
    expect(await captureThemes(visitor.page, 'public-stats-phone')).toEqual([]);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();

    // With a password: the form first, then the numbers.
    expect((await api(`/api/v1/links/${link.id}`, { method: 'PATCH', body: JSON.stringify({ public_stats_password: 'open sesame' }) })).status).toBe(200);
    const guest = await stranger();
    await guest.page.goto(address);
    const form = guest.page.locator('form.public-stats-unlock');
    await expect.poll(() => form.getByLabel('Password').count()).toBe(1);
    expect(await guest.page.getByTestId('clicks-total').count()).toBe(0);
    expect(await captureThemes(guest.page, 'public-stats-locked')).toEqual([]);
    await guest.page.setViewportSize(PHONE);
    expect(await noSidewaysScroll(guest.page)).toBe(true);
    expect(await captureThemes(guest.page, 'public-stats-locked-phone')).toEqual([]);
    await form.getByLabel('Password').fill('not it');
    await form.getByRole('button', { name: 'View statistics' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Wrong password. Try again.');
    await form.getByLabel('Password').fill('open sesame');
    await form.getByRole('button', { name: 'View statistics' }).click();
    await expect.poll(() => guest.page.getByTestId('clicks-total').textContent()).toBe('3');
    expect(guest.problems).toEqual([]);
    await guest.context.close();

    // Off: the same 404 as a code that does not exist.
    expect((await api(`/api/v1/links/${link.id}`, { method: 'PATCH', body: JSON.stringify({ public_stats: false }) })).status).toBe(200);
    const late = await stranger();
    expect((await late.page.goto(address))?.status()).toBe(404);
    const off = await late.page.locator('main').innerText();
    expect((await late.page.goto(`${sling.url}/stats/never-made`))?.status()).toBe(404);
    expect(await late.page.locator('main').innerText()).toBe(off);
    await late.context.close();
    await owner.close();
  });
});
