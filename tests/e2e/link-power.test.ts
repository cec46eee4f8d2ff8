// The link dialog's power features in Chromium: the UTM builder (fields written into the destination
// as you type, read back from it when the URL is edited or the link reopened), a note (its icon and
// tooltip in the list, found by the search), the rename notice with "Free the old short link", and
// Duplicate from the "…" menu, and "Pass the visit's query on" (forward_query). Screenshots of the
// dialog in light and dark, at desktop and 390 px.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();

describe.skipIf(!chromium)('the link dialog: UTM builder, note, safe rename and duplicate', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let destination: Server;
  let dest: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    destination = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => destination.listen(0, '127.0.0.1', resolve));
    dest = `http://localhost:${(destination.address() as AddressInfo).port}`;
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await new Promise((resolve) => destination?.close(resolve));
    await tdb?.drop();
  });

  const rows = () => page.locator('ul.link-list li[data-link-id]');
  const status = () => page.getByTestId('toast').last().locator('span').first();
  const redirect = async (code: string) => {
    const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
    return [res.status, res.headers.get('location')] as const;
  };
  const apiLink = async (q: string) => (await (await page.request.get(`${sling.url}/api/v1/links?q=${q}`)).json()).links[0];
  /** The dialog in light and dark, then at 390 px scrolled to `phoneFocus` (no horizontal overflow), with axe in each. */
  async function shoot(name: string, phoneFocus: string) {
    // Tall enough for the whole dialog on a desktop.
    await page.setViewportSize({ width: 1280, height: 1400 });
    expect(await captureThemes(page, name)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('dialog').locator(phoneFocus).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('dialog').evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    expect(await captureThemes(page, `${name}-phone`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  test('UTM fields and the URL follow each other; the note shows in the list; a rename keeps or frees the old code; duplicate copies', async () => {
    const problems = watchProblems(page);
    // Signed up and in through the API: the sign-up form is app-shell.test.ts's subject.
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'uma@example.com', 'Uma', 'a long password 1'));
    await page.goto(`${sling.url}/links`);

    await page.getByRole('button', { name: 'Create link' }).click();
    let dialog = page.getByRole('dialog', { name: 'New link' });
    const url = dialog.getByLabel('Destination URL');
    await url.fill(`${dest}/spring?ref=1`);
    await dialog.getByText('UTM parameters').click();
    await dialog.getByLabel('Source').fill('newsletter');
    await dialog.getByLabel('Medium').fill('email');
    expect(await url.inputValue()).toBe(`${dest}/spring?ref=1&utm_source=newsletter&utm_medium=email`);
    // Editing the URL updates the fields.
    await url.fill(`${dest}/spring?ref=1&utm_source=flyer&utm_campaign=march`);
    expect(await dialog.getByLabel('Source').inputValue()).toBe('flyer');
    expect(await dialog.getByLabel('Campaign').inputValue()).toBe('march');
    expect(await dialog.getByLabel('Medium').inputValue()).toBe('');
    await dialog.getByLabel('Source').fill('');
    expect(await url.inputValue()).toBe(`${dest}/spring?ref=1&utm_campaign=march`);
    await dialog.getByLabel('Source').fill('newsletter');
    await dialog.getByLabel('Alias (optional)').fill('launch');
    await dialog.getByLabel('Tags (optional)').fill('promo');
    await dialog.getByLabel('Note (optional)').fill('Printed on the March flyer');
    await expect.poll(() => dialog.getByText('Available', { exact: true }).isVisible()).toBe(true);
    await shoot('link-dialog-utm-note', '.utm-builder');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => status().textContent()).toBe(`Created ${sling.url}/launch.`);
    expect(await apiLink('launch')).toMatchObject({
      long_url: `${dest}/spring?ref=1&utm_campaign=march&utm_source=newsletter`,
      utm_source: 'newsletter',
      utm_campaign: 'march',
      utm_medium: null,
      note: 'Printed on the March flyer',
    });

    // The note: an icon whose tooltip and accessible name carry it; the search finds it.
    const note = rows().first().getByTestId('link-note');
    expect(await captureThemes(page, 'links-list-note')).toEqual([]);
    expect(await note.getAttribute('title')).toBe('Printed on the March flyer');
    expect(await note.getAttribute('aria-label')).toBe('Note: Printed on the March flyer');
    await page.getByRole('searchbox', { name: 'Search' }).fill('flyer march');
    await expect.poll(() => page.getByText('No links match').isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search' }).fill('MARCH fly');
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    // Editing: the fields come back from the stored URL; a new alias says what happens to the old one.
    await page.getByRole('button', { name: `More actions for ${sling.url}/launch` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit link' });
    expect(await dialog.getByLabel('Source').inputValue()).toBe('newsletter');
    expect(await dialog.getByLabel('Campaign').inputValue()).toBe('march');
    expect(await dialog.getByLabel('Note (optional)').inputValue()).toBe('Printed on the March flyer');
    expect(await dialog.getByTestId('rename-notice').count()).toBe(0);
    const host = sling.url.replace(/^https?:\/\//, '');
    await dialog.getByLabel('Alias (optional)').fill('launch-2026');
    const notice = dialog.getByTestId('rename-notice');
    await expect.poll(() => notice.textContent()).toContain(`${host}/launch will keep redirecting to this link`);
    await dialog.getByLabel(`Free the old short link ${host}/launch for reuse`).check();
    expect(await notice.textContent()).toContain(`${host}/launch will stop working`);
    await shoot('link-dialog-rename', '.rename-notice');
    await dialog.getByLabel(`Free the old short link ${host}/launch for reuse`).uncheck();
    await dialog.getByLabel('Term').fill('shoes');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => status().textContent()).toBe(`Saved ${sling.url}/launch-2026.`);
    const expected = `${dest}/spring?ref=1&utm_campaign=march&utm_source=newsletter&utm_term=shoes`;
    expect(await redirect('launch-2026')).toEqual([302, expected]);
    await until('the old code redirects to the renamed link', async () => (await redirect('launch'))[1] === expected);

    // The detail page lists the old code.
    const renamed = await apiLink('launch-2026');
    await page.goto(`${sling.url}/links/${renamed.id}`);
    expect(await page.getByTestId('previous-codes').locator('a').allTextContents()).toEqual([`${host}/launch`]);
    expect(await captureThemes(page, 'link-detail-previous-codes')).toEqual([]);
    await page.goto(`${sling.url}/links`);

    // Duplicate: the dialog opens prefilled (UTM values, tags, note), and saves under a random code.
    await page.getByRole('button', { name: `More actions for ${sling.url}/launch-2026` }).click();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicate link' });
    expect(await dialog.getByLabel('Destination URL').inputValue()).toBe(expected);
    expect(await dialog.getByLabel('Term').inputValue()).toBe('shoes');
    expect(await dialog.getByLabel('Note (optional)').inputValue()).toBe('Printed on the March flyer');
    expect(await dialog.getByLabel('Alias (optional)').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    const copies = (await (await page.request.get(`${sling.url}/api/v1/links?q=flyer`)).json()).links;
    const copy = copies.find((l: { id: number }) => l.id !== renamed.id);
    expect(copy).toMatchObject({ long_url: expected, note: 'Printed on the March flyer', tags: ['promo'], utm_term: 'shoes' });
    expect(copy.short_code).toMatch(/^[A-Za-z0-9]{7}$/);

    // Renaming again with the box ticked frees the code being left.
    await page.getByRole('button', { name: `More actions for ${sling.url}/launch-2026` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.getByLabel('Alias (optional)').fill('launch-final');
    await dialog.getByLabel(`Free the old short link ${host}/launch-2026 for reuse`).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe(`Saved ${sling.url}/launch-final.`);
    await until('the freed code stops', async () => (await redirect('launch-2026'))[0] === 404);
    expect(await redirect('launch')).toEqual([302, expected]); // the earlier one was kept

    // …and "Free" on the link's page gives up the one kept before.
    await page.goto(`${sling.url}/links/${renamed.id}`);
    await page.getByRole('button', { name: `Free ${host}/launch for reuse` }).click();
    await expect.poll(() => status().textContent()).toBe(`Freed ${host}/launch: it no longer redirects here.`);
    expect(await page.getByTestId('previous-codes').count()).toBe(0);
    await until('the code freed on the page stops', async () => (await redirect('launch'))[0] === 404);
    expect(problems).toEqual([]);
  });

  test('"Pass the visit\'s query on": unticked, visitors go to the destination as saved; editing and duplicating keep the choice', async () => {
    const problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'quinn@example.com', 'Quinn', 'a long password 2'));
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: 'Create link' }).click();
    let dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill(`${dest}/fixed?id=7`);
    await dialog.getByLabel('Alias (optional)').fill('fixed');
    const forward = () => dialog.getByLabel("Pass the visit's query on (?ref=mail is added to the destination)");
    expect(await forward().isChecked()).toBe(true);
    await forward().uncheck();
    await expect.poll(() => dialog.getByText('Available', { exact: true }).isVisible()).toBe(true);
    await shoot('link-dialog-query-forwarding', 'input[name=forward_query]');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => status().textContent()).toBe(`Created ${sling.url}/fixed.`);
    expect(await apiLink('fixed')).toMatchObject({ forward_query: false });
    const visit = async (path: string) =>
      (await fetch(`${sling.url}${path}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } })).headers.get('location');
    expect(await visit('/fixed?ref=mail')).toBe(`${dest}/fixed?id=7`);

    // Reopened, the box is as saved; ticking it again forwards the query.
    await page.getByRole('button', { name: `More actions for ${sling.url}/fixed` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit link' });
    expect(await forward().isChecked()).toBe(false);
    await forward().check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => status().textContent()).toBe(`Saved ${sling.url}/fixed.`);
    await until('the link forwards the query', async () => (await visit('/fixed?ref=mail')) === `${dest}/fixed?id=7&ref=mail`);

    // Off again, then duplicated: the copy does not forward either. The list's read after the save is
    // held until the copy's dialog is open, so the row must show the link as saved, not as last listed.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/v1\/links\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: `More actions for ${sling.url}/fixed` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Edit link' });
    await forward().uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => status().textContent()).toBe(`Saved ${sling.url}/fixed.`);
    await page.getByRole('button', { name: `More actions for ${sling.url}/fixed` }).click();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicate link' });
    expect(await forward().isChecked()).toBe(false);
    release();
    await page.unrouteAll({ behavior: 'wait' }); // the held read goes on before the route is removed
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => rows().count()).toBe(2);
    const links = (await (await page.request.get(`${sling.url}/api/v1/links?q=fixed`)).json()).links as Array<{ forward_query: boolean }>;
    expect(links.map((l) => l.forward_query)).toEqual([false, false]);
    expect(problems).toEqual([]);
  });
});
