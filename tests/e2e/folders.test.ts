// Folders on the links page in Chromium: made in the "Folders" dialog, a link moved into one from
// its row menu (the row then shows its folder), the list filtered by it (kept in the address bar,
// so a reload shows the same list), "Not in a folder", a new link filed from the link dialog, and a
// deleted folder's link kept, unfiled.
// Screenshots of the dialog and the filtered list in light and dark, at desktop and 390 px.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { chooseFromMenu, menuButton } from '../helpers/filter-menu';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();

describe.skipIf(!chromium)('folders on the links page', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const rows = () => page.locator('ul.link-list li[data-link-id]');
  const toast = () => page.getByTestId('toast').last();
  /** A call of the page's own origin (the session's cookie goes with it). */
  const api = (path: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async ([p, m, b]) => {
        const res = await fetch(p as string, { method: m as string, headers: { 'content-type': 'application/json' }, body: b ? JSON.stringify(b) : undefined });
        return res.status === 204 ? null : res.json();
      },
      [path, method, body] as const,
    );
  /** Light and dark at desktop, then at 390 px (no horizontal overflow), with axe in each. */
  async function shoot(name: string) {
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await captureThemes(page, name)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, `${name}-phone`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  test('create a folder, move a link into it, filter by it, delete it (the link stays, unfiled)', async () => {
    // The duplicate name's refusal is a 409 the browser logs; the dialog shows its message.
    const problems = watchProblems(page, [/409 \(Conflict\)/]);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'fern@example.com', 'Fern', 'a long password 1'));
    await page.goto(`${sling.url}/links`);
    const spring = (await api('/api/v1/links', 'POST', { url: 'https://example.com/spring-sale', alias: 'spring' })) as { short_url: string };
    const other = (await api('/api/v1/links', 'POST', { url: 'https://example.com/other', alias: 'other' })) as { id: number; short_url: string };
    await page.reload();
    await until('both links listed', async () => (await rows().count()) === 2);

    await page.getByRole('button', { name: 'Folders', exact: true }).click();
    const folders = page.getByRole('dialog', { name: 'Folders' });
    await folders.getByLabel('New folder name').fill('Spring campaign');
    await folders.getByRole('button', { name: 'Create' }).click();
    await until('the folder listed', () => folders.getByText('Spring campaign').isVisible());
    // A second one with the same name in other letters is refused, saying why.
    await folders.getByLabel('New folder name').fill('spring CAMPAIGN');
    await folders.getByRole('button', { name: 'Create' }).click();
    await until('the duplicate refused', () => folders.getByText(/already exists/).isVisible());
    await folders.getByLabel('New folder name').fill('Newsletters');
    await folders.getByRole('button', { name: 'Create' }).click();
    await until('the second folder listed', () => folders.getByText('Newsletters').isVisible());
    await shoot('folders-dialog');
    await folders.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: `More actions for ${spring.short_url}` }).click();
    await page.getByRole('button', { name: 'Move to folder…' }).click();
    const move = page.getByRole('dialog', { name: /to a folder/ });
    await move.getByLabel('Folder').selectOption({ label: 'Spring campaign' });
    await move.getByRole('button', { name: 'Move' }).click();
    await until('the move confirmed', async () => /Moved .* to “Spring campaign”/.test((await toast().textContent()) ?? ''));
    const chip = page.getByRole('button', { name: 'Folder Spring campaign: show its links' });
    await until('the row shows its folder', () => chip.isVisible());

    await chooseFromMenu(page, 'Folder', 'Spring campaign (1)');
    await until('only the filed link listed', async () => (await rows().count()) === 1 && (await rows().first().textContent())?.includes('spring') === true);
    expect(new URL(page.url()).searchParams.get('folder')).toMatch(/^fld_[0-9a-f]{24}$/);
    await shoot('links-folder-filter');
    // Kept in the address bar: a reload shows the same list.
    await page.reload();
    await until('the filter kept across a reload', async () => (await rows().count()) === 1);
    expect(await menuButton(page, 'Folder').getAttribute('aria-label')).toBe('Folder: Spring campaign (1)');

    await chooseFromMenu(page, 'Folder', 'Not in a folder');
    await until('only the unfiled link listed', async () => (await rows().count()) === 1 && (await rows().first().textContent())?.includes('other') === true);
    expect(other.short_url).toContain('other');
    // The row's folder chip filters by its folder too.
    await chooseFromMenu(page, 'Folder', 'All folders');
    await until('both listed again', async () => (await rows().count()) === 2);
    await chip.click();
    await until('the chip filtered by its folder', async () => (await rows().count()) === 1);

    // The link dialog files a new link in a folder.
    await chooseFromMenu(page, 'Folder', 'All folders');
    await page.getByRole('button', { name: 'Create link' }).click();
    const dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('https://example.com/newsletter-march');
    await dialog.getByLabel('Folder (optional)').selectOption({ label: 'Newsletters' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await until('the new link shows its folder', () => page.getByRole('button', { name: 'Folder Newsletters: show its links' }).isVisible());
    expect(((await api('/api/v1/links?q=newsletter-march')) as { links: Array<{ folder_id: string }> }).links[0].folder_id).toMatch(/^fld_/);

    // Selected rows filed from the bulk bar, and Undo puts each back where it was (here: unfiled).
    const otherRow = page.locator(`ul.link-list li[data-link-id="${other.id}"]`);
    await otherRow.getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selected links' }).getByRole('button', { name: 'Move to folder…' }).click();
    await page.getByRole('listbox', { name: 'Move to folder' }).getByRole('option', { name: 'Newsletters', exact: true }).click();
    await until('the bulk move confirmed', async () => /1 link moved to Newsletters/.test((await toast().textContent()) ?? ''));
    const folderOf = async () => ((await api(`/api/v1/links/${other.id}`)) as { folder_id: string | null }).folder_id;
    expect(await folderOf()).toMatch(/^fld_/);
    await toast().getByRole('button', { name: 'Undo' }).click();
    await until('the move undone', async () => (await folderOf()) === null);

    // Filtered by the folder about to go: deleting it drops the filter.
    await chip.click();
    await until('filtered by Spring campaign again', async () => (await rows().count()) === 1);
    await page.getByRole('button', { name: 'Folders', exact: true }).click();
    await folders.getByRole('button', { name: 'Delete Spring campaign' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete the folder “Spring campaign”?' });
    expect(await confirm.textContent()).toContain('Its links are kept and become unfiled (1 link)');
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await until('the folder gone from the dialog', async () => !(await folders.getByText('Spring campaign').isVisible()));
    await folders.getByRole('button', { name: 'Done' }).click();
    // The filter on the deleted folder is dropped: both links are there, the moved one unfiled.
    await until('the list back to all links', async () => (await rows().count()) === 3 && !new URL(page.url()).searchParams.has('folder'));
    expect(await chip.count()).toBe(0);
    expect((await api('/api/v1/links?folder=none')) as { total: number }).toMatchObject({ total: 2 });
    await shoot('links-folders-after-delete');
    expect(problems).toEqual([]);
  });
});
