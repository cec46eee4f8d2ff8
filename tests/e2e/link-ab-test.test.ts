// The link dialog's "A/B test" section in Chromium: a 3-way test built through the UI (a weight
// error refused before sending, then fixed), saved as entered (REST v1), reopened as saved, a
// weight changed (the variants keep their ids), followed over HTTP and counted in the analytics
// page's variants table; copied by Duplicate without its ids; removed (ab_test null). A test that
// has ended shows its winner read-only and starts anew. Screenshots in light and dark, at desktop
// and 390 px, axe clean.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { runSling, startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const D = 'https://example.com';

type Variant = { id: string; url: string; weight: number };
type StoredTest = {
  variants: Variant[];
  ends_at: string | null;
  end_after_clicks: number | null;
  winner_by: string;
  ended_at: string | null;
  winner: string | null;
  started_at: string;
};

describe.skipIf(!chromium)('the link dialog: A/B test', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling(tdb.env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US', timezoneId: 'Europe/Berlin' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const status = () => page.getByTestId('toast').last().locator('span').first();
  const apiLinks = async (q: string) =>
    (await (await page.request.get(`${sling.url}/api/v1/links?q=${q}`)).json()).links as Array<{
      id: number;
      short_code: string;
      long_url: string;
      ab_test: StoredTest | null;
    }>;
  const apiLink = async (code: string) => (await apiLinks(code)).find((l) => l.short_code === code)!;
  const url = (dialog: Locator, v: string) => dialog.getByLabel(`Variant ${v} URL`, { exact: true });
  const weight = (dialog: Locator, v: string) => dialog.getByLabel(`Variant ${v} weight (%)`, { exact: true });
  const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
  const openEdit = async (code: string) => {
    await page.getByRole('button', { name: `More actions for ${sling.url}/${code}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.locator('.link-ab-test > summary').click();
    return dialog;
  };
  const saveChanges = async (dialog: Locator, code: string) => {
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    expect(await status().textContent()).toBe(`Saved ${sling.url}/${code}.`);
  };
  /** The dialog scrolled to the test, in light and dark, at desktop then 390 px (no horizontal overflow), axe clean in each. */
  async function shoot(name: string) {
    const section = page.getByRole('dialog').locator('.link-ab-test');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await captureThemes(page, name)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await section.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('dialog').evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    expect(
      await section.evaluate((s) => {
        const box = s.getBoundingClientRect();
        return [...s.querySelectorAll('input, select, button')]
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
          })
          .map((el) => el.outerHTML.slice(0, 80));
      }),
    ).toEqual([]);
    expect(await captureThemes(page, `${name}-phone`)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  test('a 3-way test built in the dialog is saved as entered, edited, splits the visits in the analytics, is duplicated and removed', {
    timeout: 150_000,
  }, async () => {
    const problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'abby@example.com', 'Abby', 'a long password 1'));
    await page.goto(`${sling.url}/links`);

    await page.getByRole('button', { name: 'Create link' }).click();
    let dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill('example.com/pricing');
    await dialog.getByLabel('Alias (optional)').fill('offer');
    // Collapsed at first; switched on, the destination is variant A and the cursor goes to B.
    const summary = dialog.locator('.link-ab-test > summary');
    expect(await summary.textContent()).toMatch(/^A\/B test/);
    expect(await dialog.getByLabel('Run an A/B test').isVisible()).toBe(false);
    await summary.click();
    await dialog.getByLabel('Run an A/B test').check();
    expect(await url(dialog, 'A').inputValue()).toBe(`${D}/pricing`);
    await expect.poll(() => focused(url(dialog, 'B'))).toBe(true);
    expect(await weight(dialog, 'A').inputValue()).toBe('50');
    await url(dialog, 'B').fill('example.com/pricing?annual=1');
    // A third variant: untouched weights stay an even split.
    await dialog.getByRole('button', { name: 'Add variant' }).click();
    await expect.poll(() => focused(url(dialog, 'C'))).toBe(true);
    expect(await Promise.all(['A', 'B', 'C'].map((v) => weight(dialog, v).inputValue()))).toEqual(['34', '33', '33']);
    await url(dialog, 'C').fill(`${D}/pricing/calculator`);
    expect(await summary.textContent()).toContain('3 variants');
    const total = dialog.getByTestId('ab-total');
    expect(await total.textContent()).toBe('Total 100%');

    // 50 + 30 + 30: the total turns into the error, and the save is refused before anything is sent.
    await weight(dialog, 'A').fill('50');
    await weight(dialog, 'B').fill('30');
    await weight(dialog, 'C').fill('30');
    expect(await total.textContent()).toBe('The weights add up to 110%: they must add up to 100%.');
    expect(await total.getAttribute('class')).toContain('field-error');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => weight(dialog, 'A').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(weight(dialog, 'A'))).toBe(true);
    expect(await weight(dialog, 'A').getAttribute('aria-describedby')).toContain(await total.getAttribute('id'));
    expect(await dialog.isVisible()).toBe(true);
    expect(await apiLinks('offer')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await dialog.locator('.link-ab-test').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await captureThemes(page, 'link-ab-test-error')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await weight(dialog, 'C').fill('20');
    expect(await total.textContent()).toBe('Total 100%');

    // Ends on 1 March 2030 at 10:00 in Berlin (09:00 UTC) or after 500 clicks; the winner by conversions.
    await dialog.getByLabel('End on (optional)').fill('2030-03-01T10:00');
    expect(await dialog.getByText(/Europe\/Berlin, UTC\+01:00\.$/).isVisible()).toBe(true);
    await dialog.getByLabel('End after this many clicks (optional)').fill('500');
    await dialog.getByRole('radio', { name: /^Conversions/ }).check();
    await expect.poll(() => dialog.getByText('Available', { exact: true }).isVisible()).toBe(true);
    await shoot('link-ab-test');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => status().textContent()).toBe(`Created ${sling.url}/offer.`);

    const created = await apiLink('offer');
    expect(created.ab_test).toMatchObject({
      variants: [
        { url: `${D}/pricing`, weight: 50 },
        { url: `${D}/pricing?annual=1`, weight: 30 },
        { url: `${D}/pricing/calculator`, weight: 20 },
      ],
      ends_at: '2030-03-01T09:00:00.000Z',
      end_after_clicks: 500,
      winner_by: 'conversions',
      ended_at: null,
    });
    const ids = created.ab_test!.variants.map((v) => v.id);
    // The list marks the running test.
    const row = page.locator(`li[data-link-id="${created.id}"]`);
    expect(await row.locator('.badge.ab-test').textContent()).toBe('A/B test running');

    // Reopened as saved; B and C at 25 each.
    dialog = await openEdit('offer');
    expect(await dialog.getByLabel('Run an A/B test').isChecked()).toBe(true);
    expect(await Promise.all(['A', 'B', 'C'].map((v) => url(dialog, v).inputValue()))).toEqual([
      `${D}/pricing`,
      `${D}/pricing?annual=1`,
      `${D}/pricing/calculator`,
    ]);
    expect(await Promise.all(['A', 'B', 'C'].map((v) => weight(dialog, v).inputValue()))).toEqual(['50', '30', '20']);
    expect(await dialog.getByLabel('End on (optional)').inputValue()).toBe('2030-03-01 10:00');
    expect(await dialog.getByLabel('End after this many clicks (optional)').inputValue()).toBe('500');
    expect(await dialog.getByRole('radio', { name: /^Conversions/ }).isChecked()).toBe(true);
    // With the test on, a routing rule may send its visitors into it.
    await dialog.locator('details.link-rules').first().locator('summary').click();
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    expect(await dialog.getByLabel('Rule 1: destination', { exact: true }).locator('option').allTextContents()).toEqual(['a URL', 'the A/B test']);
    await dialog.getByRole('button', { name: 'Remove rule 1' }).click();
    await weight(dialog, 'B').fill('25');
    await weight(dialog, 'C').fill('25');
    await saveChanges(dialog, 'offer');
    const edited = (await apiLink('offer')).ab_test!;
    expect(edited.variants).toEqual([
      { id: ids[0], url: `${D}/pricing`, weight: 50 },
      { id: ids[1], url: `${D}/pricing?annual=1`, weight: 25 },
      { id: ids[2], url: `${D}/pricing/calculator`, weight: 25 },
    ]);
    expect(edited).toMatchObject({ ends_at: '2030-03-01T09:00:00.000Z', end_after_clicks: 500, winner_by: 'conversions' });

    // Saving without a change sends no ab_test (the test is not restarted).
    dialog = await openEdit('offer');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    expect((await apiLink('offer')).ab_test!.started_at).toBe(edited.started_at);

    // Twelve visitors, each sent to one of the variants; the analytics page's table counts them.
    const destinations = new Set(edited.variants.map((v) => v.url));
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${sling.url}/offer`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome, 'x-forwarded-for': `8.8.4.${i}` } });
      expect(destinations.has(res.headers.get('location') ?? '')).toBe(true);
    }
    await until('the twelve visits counted per variant', async () => {
      const stats = await (await page.request.get(`${sling.url}/api/v1/links/${created.id}/stats`)).json();
      return stats.variants?.reduce((n: number, v: { clicks: number }) => n + v.clicks, 0) === 12;
    });
    await page.goto(`${sling.url}/links/${created.id}`);
    const panel = page.getByRole('region', { name: 'A/B test' });
    await expect.poll(() => panel.locator('tbody tr').count()).toBe(3);
    const variantRow = (id: string) => panel.locator(`tbody tr[data-variant="${id}"]`);
    expect(await variantRow(ids[1]).locator('th').textContent()).toBe('example.com/pricing?annual=1');
    expect(await variantRow(ids[1]).locator('td').first().textContent()).toBe('25%');
    const clicks = await Promise.all(ids.map(async (id) => Number(await variantRow(id).locator('td').nth(1).textContent())));
    expect(clicks.reduce((a, b) => a + b, 0)).toBe(12);

    // Duplicate copies the running test, without its ids (it starts afresh on the copy).
    await page.goto(`${sling.url}/links`);
    await page.getByRole('button', { name: `More actions for ${sling.url}/offer` }).click();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicate link' });
    expect(await dialog.locator('.link-ab-test > summary').textContent()).toContain('3 variants');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(async () => (await apiLinks('pricing')).length).toBe(2);
    const copy = (await apiLinks('pricing')).find((l) => l.short_code !== 'offer')!;
    expect(copy.ab_test!.variants.map((v) => [v.url, v.weight])).toEqual(edited.variants.map((v) => [v.url, v.weight]));
    expect(copy.ab_test!.variants.some((v) => ids.includes(v.id))).toBe(false);

    // Switched off: ab_test null, the badge gone.
    dialog = await openEdit('offer');
    await dialog.getByLabel('Run an A/B test').uncheck();
    expect(await url(dialog, 'A').count()).toBe(0);
    await saveChanges(dialog, 'offer');
    expect((await apiLink('offer')).ab_test).toBeNull();
    await expect.poll(() => row.locator('.badge.ab-test').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('a test that has ended shows its winner; a new one starts from its variants', async () => {
    const problems = watchProblems(page);
    // Ends in two seconds; the links.expire job (cron: every minute) ends it and makes the winner the
    // url. The test sends that job as the schedule would (`sling jobs run`, through the server's admin
    // socket) once the end has passed, instead of waiting up to a minute for cron.
    const endsAt = Date.now() + 2000;
    const made = await page.request.post(`${sling.url}/api/v1/links`, {
      data: {
        url: `${D}/shop`,
        alias: 'shop',
        ab_test: {
          variants: [
            { url: `${D}/shop/green`, weight: 70 },
            { url: `${D}/shop/blue`, weight: 30 },
          ],
          ends_at: new Date(endsAt).toISOString(),
        },
      },
    });
    expect(made.status()).toBe(201);
    expect((await apiLink('shop')).ab_test?.ended_at).toBeNull();
    await until('the test’s end has passed', async () => Date.now() > endsAt);
    const sent = await runSling(['jobs', 'run', 'links.expire'], tdb.env);
    expect(sent.code, sent.stderr).toBe(0);
    const ended = await until('the test ended by the job', async () => {
      const link = await apiLink('shop');
      return link.ab_test?.ended_at ? link : undefined;
    });
    expect(ended.long_url).toBe(`${D}/shop/green`);

    await page.goto(`${sling.url}/links`);
    const dialog = await openEdit('shop');
    const summary = dialog.getByTestId('ab-test-ended');
    expect(await summary.textContent()).toMatch(/^Ended .+ — winner: example\.com\/shop\/green/);
    expect(await dialog.getByLabel('Run an A/B test').count()).toBe(0);
    await shoot('link-ab-test-ended');
    await dialog.getByRole('button', { name: 'Start a new test' }).click();
    expect(await Promise.all(['A', 'B'].map((v) => url(dialog, v).inputValue()))).toEqual([`${D}/shop/green`, `${D}/shop/blue`]);
    expect(await weight(dialog, 'A').inputValue()).toBe('70');
    await expect.poll(() => focused(url(dialog, 'A'))).toBe(true);
    await dialog.getByRole('button', { name: 'Split evenly' }).click();
    await saveChanges(dialog, 'shop');
    const restarted = (await apiLink('shop')).ab_test!;
    expect(restarted).toMatchObject({ ended_at: null, winner: null, ends_at: null, winner_by: 'clicks' });
    expect(restarted.variants.map((v) => [v.url, v.weight])).toEqual([
      [`${D}/shop/green`, 50],
      [`${D}/shop/blue`, 50],
    ]);
    expect(restarted.variants.map((v) => v.id)).not.toEqual(ended.ab_test!.variants.map((v) => v.id));
    expect(problems).toEqual([]);
  });
});
