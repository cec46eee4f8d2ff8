// The link dialog's "Routing rules" section in Chromium: two rules built through the UI (iPhone:
// device mobile AND OS iOS; Germany/Austria: country DE, AT), saved and then followed over HTTP by an
// iPhone and a desktop Chrome; reopened as saved, reordered and a rule removed (the API follows);
// the server's 400 for a bad country and for a destination back at Sling shown at the rule it names.
// Screenshots of the section in light and dark, at desktop and 390 px, axe clean.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AGENTS } from '../helpers/agents';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const D = 'https://example.com';

describe.skipIf(!chromium)('the link dialog: routing rules', () => {
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
  const apiLink = async (q: string) => (await (await page.request.get(`${sling.url}/api/v1/links?q=${q}`)).json()).links[0];
  const visit = async (code: string, agent: string) =>
    (await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': agent } })).headers.get('location');
  /** The controls of condition `c` of rule `r` (1-based), by their accessible names. */
  const condition = (dialog: Locator, r: number, c: number) => {
    const name = `Condition ${c} of rule ${r}`;
    return {
      type: dialog.getByLabel(`${name}: type`, { exact: true }),
      not: dialog.getByLabel(`${name}: is or is not`, { exact: true }),
      values: (what: string) => dialog.getByLabel(`${name}: ${what}`, { exact: true }),
      device: (label: string) => dialog.getByRole('group', { name: `${name}: devices` }).getByLabel(label, { exact: true }),
    };
  };
  /** Saves the edit dialog and waits for it to close (the toast says "Saved" each time: it cannot tell two saves apart). */
  const saveChanges = async (dialog: Locator) => {
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    expect(await status().textContent()).toBe(`Saved ${sling.url}/app.`);
  };
  const ruleUrl = (dialog: Locator, r: number) => dialog.getByLabel(`Rule ${r}: go to URL`, { exact: true });
  const openEdit = async (code: string) => {
    await page.getByRole('button', { name: `More actions for ${sling.url}/${code}` }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit link' });
    await dialog.locator('.routing-rules > summary').click();
    return dialog;
  };
  /** The dialog scrolled to the rules, in light and dark, at desktop then 390 px (no horizontal overflow), axe clean in each. */
  async function shoot(name: string) {
    const rules = page.getByRole('dialog').locator('.routing-rules');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await rules.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await captureThemes(page, name)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await rules.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('dialog').evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    // Nothing in the section sticks out of it (a select or input wider than its cell).
    expect(
      await rules.evaluate((section) => {
        const box = section.getBoundingClientRect();
        return [...section.querySelectorAll('input, select, button')]
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

  test('rules built in the dialog route visitors; reopened as saved, reordered and removed; the server’s errors show at the rule', async () => {
    const problems = watchProblems(page, [/status of 400/]);
    await useSession(page.context(), sling.url, await signUpAndInOverHttp(sling.url, 'rita@example.com', 'Rita', 'a long password 1'));
    await page.goto(`${sling.url}/links`);

    await page.getByRole('button', { name: 'Create link' }).click();
    let dialog = page.getByRole('dialog', { name: 'New link' });
    await dialog.getByLabel('Destination URL').fill(`${D}/app`);
    await dialog.getByLabel('Alias (optional)').fill('app');
    // Collapsed at first: the dialog stays short.
    const summary = dialog.locator('.routing-rules > summary');
    expect(await summary.textContent()).toMatch(/^Routing rules/);
    expect(await dialog.getByRole('button', { name: 'Add rule' }).isVisible()).toBe(false);
    await summary.click();

    // Rule 1: a mobile device AND iOS → /ios (typed without a scheme).
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    let c = condition(dialog, 1, 1);
    // The new rule's first condition has the focus.
    expect(await c.type.evaluate((el) => el === document.activeElement)).toBe(true);
    await c.type.selectOption({ label: 'Device' });
    await c.device('Mobile').check();
    await dialog.getByRole('button', { name: 'Add condition to rule 1' }).click();
    c = condition(dialog, 1, 2);
    await c.type.selectOption({ label: 'Operating system' });
    await c.values('operating systems').fill('iOS');
    await ruleUrl(dialog, 1).fill('example.com/ios');
    await dialog.getByLabel('Rule 1 name', { exact: true }).fill('iPhone');

    // Rule 2: Germany or Austria → /de.
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    c = condition(dialog, 2, 1);
    await c.values('countries').fill('DE, AT');
    await ruleUrl(dialog, 2).fill(`${D}/de`);
    expect(await summary.textContent()).toContain('2 rules');
    expect(await dialog.getByRole('button', { name: 'Move rule 1 up' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Move rule 2 down' }).isDisabled()).toBe(true);
    // A third condition type, to be seen in the shots: the time window (removed before saving).
    await dialog.getByRole('button', { name: 'Add condition to rule 2' }).click();
    c = condition(dialog, 2, 2);
    await c.type.selectOption({ label: 'Time' });
    await dialog.getByLabel('Saturday', { exact: true }).check();
    await dialog.getByLabel('Sunday', { exact: true }).check();
    expect(await dialog.getByLabel('Time zone', { exact: true }).inputValue()).toBe('Europe/Berlin');
    await expect.poll(() => dialog.getByText('Available', { exact: true }).isVisible()).toBe(true);
    await shoot('link-rules');
    await dialog.getByRole('button', { name: 'Remove condition 2 of rule 2' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => status().textContent()).toBe(`Created ${sling.url}/app.`);

    const created = await apiLink('app');
    expect(created.rules).toMatchObject([
      {
        name: 'iPhone',
        conditions: [
          { type: 'device', values: ['mobile'] },
          { type: 'os', values: ['iOS'] },
        ],
        url: `${D}/ios`,
      },
      { conditions: [{ type: 'country', values: ['DE', 'AT'] }], url: `${D}/de` },
    ]);
    expect(created.rules[1].name ?? null).toBeNull();
    const [iphoneId, germanyId] = created.rules.map((r: { id: string }) => r.id);
    expect(await visit('app', AGENTS.iphone)).toBe(`${D}/ios`);
    expect(await visit('app', AGENTS.chrome)).toBe(`${D}/app`);
    // An iPad is a tablet: the first rule needs both conditions.
    expect(await visit('app', AGENTS.ipad)).toBe(`${D}/app`);

    // Reopened: the rules as saved, the count on the collapsed section.
    dialog = await openEdit('app');
    expect(await dialog.locator('.routing-rules .rules-count').textContent()).toBe('2 rules');
    expect(await condition(dialog, 1, 1).type.inputValue()).toBe('device');
    expect(await condition(dialog, 1, 1).device('Mobile').isChecked()).toBe(true);
    expect(await condition(dialog, 1, 1).device('Desktop').isChecked()).toBe(false);
    expect(await condition(dialog, 1, 2).type.inputValue()).toBe('os');
    expect(await condition(dialog, 1, 2).values('operating systems').inputValue()).toBe('iOS');
    expect(await dialog.getByLabel('Rule 1 name', { exact: true }).inputValue()).toBe('iPhone');
    expect(await ruleUrl(dialog, 1).inputValue()).toBe(`${D}/ios`);
    expect(await condition(dialog, 2, 1).values('countries').inputValue()).toBe('DE, AT');
    expect(await ruleUrl(dialog, 2).inputValue()).toBe(`${D}/de`);

    // Germany first ("first match wins"), and the iPhone rule now only for visitors who are not bots.
    await dialog.getByRole('button', { name: 'Move rule 2 up' }).click();
    expect(await condition(dialog, 1, 1).values('countries').inputValue()).toBe('DE, AT');
    expect(await ruleUrl(dialog, 2).inputValue()).toBe(`${D}/ios`);
    // The focus stays on the moved rule (now first: its "Move down").
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move rule 1 down');
    await dialog.getByRole('button', { name: 'Add condition to rule 2' }).click();
    c = condition(dialog, 2, 3);
    await c.type.selectOption({ label: 'Is a bot' });
    await c.not.selectOption({ label: 'no' });
    await saveChanges(dialog);
    let saved = await apiLink('app');
    expect(saved.rules.map((r: { id: string }) => r.id)).toEqual([germanyId, iphoneId]);
    expect(saved.rules[1].conditions[2]).toEqual({ type: 'bot', not: true });
    await until('the edited link still sends iPhones to /ios', async () => (await visit('app', AGENTS.iphone)) === `${D}/ios`);

    // Saving without a change sends no rules (the dialog just closes).
    dialog = await openEdit('app');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'hidden' }); // a save is a round trip: slower than expect.poll's 1 s under load
    expect((await apiLink('app')).updated_at).toBe(saved.updated_at);

    // The iPhone rule removed: iPhones go to the link's own URL.
    dialog = await openEdit('app');
    await dialog.getByRole('button', { name: 'Remove rule 2' }).click();
    expect(await dialog.getByTestId('rule-card').count()).toBe(1);
    await saveChanges(dialog);
    saved = await apiLink('app');
    expect(saved.rules).toMatchObject([{ id: germanyId, conditions: [{ type: 'country', values: ['DE', 'AT'] }], url: `${D}/de` }]);
    expect(saved.rules).toHaveLength(1);
    await until('iPhones go to the link’s own URL', async () => (await visit('app', AGENTS.iphone)) === `${D}/app`);

    // A country that is not a code: the server's 400, shown at that condition, which gets the focus.
    dialog = await openEdit('app');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    c = condition(dialog, 2, 1);
    await c.values('countries').fill('FR, Germany');
    await ruleUrl(dialog, 2).fill(`${D}/fr`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const error = dialog.locator('.rule-condition .rule-error');
    await expect.poll(() => error.textContent()).toBe('“Germany”: a country is a two-letter ISO 3166 code such as US.');
    expect(await c.values('countries').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => c.values('countries').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await c.values('countries').evaluate((el) => el.getAttribute('aria-describedby'))).toContain(await error.getAttribute('id'));
    // Not repeated as the form's error.
    expect(await dialog.locator('p.error[role=alert]').count()).toBe(0);
    await page.setViewportSize({ width: 1280, height: 1000 });
    await dialog.locator('.routing-rules').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    expect(await captureThemes(page, 'link-rules-error')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Fixed, but the destination leads back to this Sling: details["rules[1].url"], under that URL.
    await c.values('countries').fill('FR');
    await ruleUrl(dialog, 2).fill(`${sling.url}/app`);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    const urlError = dialog.locator('.rule-url .field-error');
    await expect.poll(() => urlError.textContent()).toMatch(/points back at this Sling/);
    expect(await dialog.locator('.rule-condition .rule-error').count()).toBe(0);
    await expect.poll(() => ruleUrl(dialog, 2).evaluate((el) => el === document.activeElement)).toBe(true);
    // Reordered, the error goes with its rule, not with the place the rule had when saved.
    const cards = dialog.getByTestId('rule-card');
    await dialog.getByRole('button', { name: 'Move rule 2 up' }).click();
    await expect.poll(() => cards.nth(0).locator('.rule-url .field-error').textContent()).toMatch(/points back at this Sling/);
    expect(await cards.nth(1).locator('.field-error').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Move rule 1 down' }).click();
    await expect.poll(() => cards.nth(1).locator('.rule-url .field-error').count()).toBe(1);
    await ruleUrl(dialog, 2).fill(`${D}/fr`);
    await saveChanges(dialog);
    expect((await apiLink('app')).rules.map((r: { conditions: { values: string[] }[] }) => r.conditions[0].values)).toEqual([['DE', 'AT'], ['FR']]);

    // Duplicate copies the rules, with new ids.
    await page.getByRole('button', { name: `More actions for ${sling.url}/app` }).click();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Duplicate link' });
    expect(await dialog.locator('.routing-rules .rules-count').textContent()).toBe('2 rules');
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(async () => (await (await page.request.get(`${sling.url}/api/v1/links?q=example.com`)).json()).total).toBe(2);
    const copies = (await (await page.request.get(`${sling.url}/api/v1/links?q=example.com`)).json()).links as Array<{
      short_code: string;
      rules: { id: string; url: string }[];
    }>;
    const copy = copies.find((l) => l.short_code !== 'app')!;
    expect(copy.rules.map((r) => r.url)).toEqual([`${D}/de`, `${D}/fr`]);
    expect(copy.rules[0].id).not.toBe(germanyId);
    expect(problems).toEqual([]);
  });
});
