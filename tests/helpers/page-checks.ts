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

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Screenshots the page in the light and the dark theme (test-results/<name>-light.png, -dark.png),
 * checking accessibility in each, and returns the violations found (expected: none).
 */
export async function captureThemes(page: Page, name: string): Promise<AxeViolation[]> {
  mkdirSync('test-results', { recursive: true });
  const found: AxeViolation[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // The theme switch starts colour transitions; the shot waits for them to end.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await page.screenshot({ path: `test-results/${name}-${colorScheme}.png`, fullPage: true });
    found.push(...(await seriousA11yViolations(page)).map((v) => ({ ...v, help: `[${colorScheme}] ${v.help}` })));
  }
  await page.emulateMedia({ colorScheme: null });
  return found;
}
