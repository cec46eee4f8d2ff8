// What every dashboard page must pass in the browser: no console error, no page error, no failed
// request; no serious or critical accessibility violation (axe-core); and screenshots in the light
// and the dark theme, saved under test-results/ as artifacts.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Starts collecting problems on `page`; `allow` lists console messages that a test provokes on purpose. */
export function watchProblems(page: Page, allow: RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !allow.some((a) => a.test(m.text()))) problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const reason = r.failure()?.errorText ?? '';
    // Navigations and downloads cancel requests on purpose.
    if (!/ERR_ABORTED/.test(reason)) problems.push(`request failed: ${r.method()} ${r.url()} ${reason}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) problems.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return problems;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Markup the app embeds but does not write (Scalar's reference on /docs): the rules listed are not
 * checked inside `selector` (its own ARIA faults, not ours to fix); every other rule still is.
 */
export interface ThirdPartyMarkup {
  selector: string;
  rules: string[];
}

/**
 * axe-core's serious and critical violations on the page as it is now. With `thirdParty`, one run
 * over the whole document, whose findings of the listed rules inside `thirdParty.selector` are set
 * aside (a run with that part excluded plus one inside it without those rules walked the whole
 * document twice: twice the time on /docs, for the same findings).
 */
export async function seriousA11yViolations(page: Page, thirdParty?: ThirdPartyMarkup): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (third) => {
    type Node = { target: string[]; element?: Element };
    type Violation = { id: string; impact: string | null; help: string; nodes: Node[] };
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<{ violations: Violation[] }> } }).axe;
    const { violations: found } = await axe.run(document, { resultTypes: ['violations'], elementRef: Boolean(third) });
    return found
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.filter((n) => !(third && third.rules.includes(v.id) && n.element?.closest(third.selector))).map((n) => n.target.join(' ')),
      }))
      .filter((v) => v.nodes.length > 0);
  }, thirdParty);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Screenshots the page in the light and the dark theme (test-results/<name>-light.png, -dark.png),
 * checking accessibility in each, and returns the violations found (expected: none). The shots are
 * of the whole page unless `fullPage` is false (the viewport only: /docs is the whole API reference,
 * seconds per shot).
 */
export async function captureThemes(page: Page, name: string, thirdParty?: ThirdPartyMarkup, { fullPage = true } = {}): Promise<AxeViolation[]> {
  mkdirSync('test-results', { recursive: true });
  const found: AxeViolation[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    await page.screenshot({ path: `test-results/${name}-${colorScheme}.png`, fullPage });
    found.push(...(await seriousA11yViolations(page, thirdParty)).map((v) => ({ ...v, help: `[${colorScheme}] ${v.help}` })));
  }
  await page.emulateMedia({ colorScheme: null });
  await settled(page);
  return found;
}

/**
 * Waits for the colour transitions a theme switch starts (and any other animation that ends; endless
 * ones, spinners, are left running), then for two painted frames: the test
 * goes on with a page that has drawn its final state. Playwright's clicks wait for an element to
 * keep its box over animation frames, so a page that paints none would hang a later click for its
 * whole timeout without saying why (seen once, in CI: a click right after full-page shots waited 30 s
 * on "visible, enabled and stable"); here such a page fails within 10 s, saying so.
 */
async function settled(page: Page): Promise<void> {
  const painted = await page.evaluate(async () => {
    // An endless animation (a spinner: the Domains page's "Issuing a certificate") never finishes:
    // waiting for it hung the caller until its test's timeout. Only the ones that end are awaited.
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    const frame = () => new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000));
    return Promise.race([frame().then(frame), late]);
  });
  if (!painted)
    throw new Error(`Chromium painted no frame for 10 s after the theme change (visibility: ${await page.evaluate(() => document.visibilityState)})`);
}

/**
 * Scalar's reference (/docs): ARIA faults in its own markup (sidebar items with aria-expanded on a
 * link, icon-only toggles, a tab list with other children, unlabelled CodeMirror fields, "Show more"
 * buttons labelled "Show all … endpoints", height-capped lists and code blocks that scroll without
 * a tab stop) are
 * Scalar's; contrast and everything else are still checked there.
 */
export const SCALAR_REFERENCE: ThirdPartyMarkup = {
  selector: '.api-reference',
  rules: ['aria-allowed-attr', 'aria-input-field-name', 'aria-required-children', 'button-name', 'label-content-name-mismatch', 'scrollable-region-focusable'],
};
