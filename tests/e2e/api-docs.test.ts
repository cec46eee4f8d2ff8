// /docs in Chromium, signed in: the page loads nothing from another origin (every request is
// recorded; CSP violations are console errors), shows the quick start with this instance's URL, and
// Scalar's "Test Request" creates a link with the browser's session; the link then exists in the API.
// Scalar reads the document without a warning ("document validation errors" was one), the page has
// one sidebar and one search (Scalar's; the app's sidebar and ⌘K palette step aside), and inline code
// in the text never breaks inside a word ("analytics:rea d").
// Scalar is the package's own browser bundle, served by Sling at /docs/scalar.js (never in Next's chunks).
// Screenshots (of the viewport: the whole reference is seconds a shot) in the light and the dark
// theme, and at 390 px, land in test-results/api-docs-*.png.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, SCALAR_REFERENCE, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const projectDir = join(import.meta.dirname, '..', '..');

describe.skipIf(!chromium)('/docs in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cookie: string;
  let problems: string[];
  /** Console warnings (Scalar logs a document it cannot read as one). */
  const warnings: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    const session = await signUpAndInOverHttp(sling.url, 'docs@example.com', 'Dora Docs');
    cookie = session.cookie;
    context = await browser.newContext({ locale: 'en-US' });
    await useSession(context, sling.url, session);
    page = await context.newPage();
    problems = watchProblems(page);
    page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
    page.on('request', (r) => requested.push(r.url()));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  /**
   * Opens "Test Request" for POST /api/v1/links, replaces the example body, and sends it once the
   * client has taken the edits in (its code snippet shows the new URL, next to the editor, and the
   * token): Scalar reads the editor after a debounce, so a click straight away sends the example.
   */
  async function createInClient(p: Page, url: string, token?: string) {
    await p.getByRole('button', { name: 'Test Request (post /api/v1/links)' }).click();
    const client = p.getByRole('dialog');
    await client.getByRole('button', { name: /^Send post request to/ }).waitFor();
    if (token) await client.getByPlaceholder('Token').fill(token);
    await client.locator('.cm-content').last().click(); // the request body's editor (CodeMirror)
    await p.keyboard.press('ControlOrMeta+A');
    await p.keyboard.insertText(JSON.stringify({ url }));
    await client.getByRole('button', { name: /^Code Snippet/ }).click();
    const count = (text: string, part: string) => text.split(part).length - 1;
    await expect
      .poll(async () => {
        const text = await client.innerText();
        return count(text, url) >= 2 && (!token || count(text, token) >= 1);
      })
      .toBe(true);
    const answered = p.waitForResponse((r) => r.url() === `${sling.url}/api/v1/links` && r.request().method() === 'POST');
    await client.getByRole('button', { name: /^Send post request to/ }).click();
    return answered;
  }

  const links = async () => {
    const res = await fetch(`${sling.url}/api/v1/links`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { links: Array<{ long_url: string }> }).links.map((l) => l.long_url);
  };

  test('renders the reference with a quick start, from this origin only', async () => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`${sling.url}/docs`, { waitUntil: 'networkidle' });
    const quickStart = page.getByRole('region', { name: 'Quick start' });
    expect(await quickStart.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Get a token',
      'Create a link',
      'List your links',
      'Read a link’s statistics',
    ]);
    expect(await quickStart.getByLabel('Create a link', { exact: true }).innerText()).toContain(`curl -X POST ${sling.url}/api/v1/links`);
    // Scalar has rendered the document's operations.
    await page.getByRole('button', { name: 'Test Request (post /api/v1/links)' }).waitFor();
    expect(await page.getByRole('heading', { name: 'A link’s statistics' }).count()).toBeGreaterThan(0);

    // Scalar came from Sling's own route, loaded by a <script> carrying the page's nonce.
    const script = await page.evaluate(() => {
      const s = [...document.scripts].find((el) => el.getAttribute('src')?.startsWith('/docs/scalar.js'));
      return s ? { src: s.getAttribute('src')!, nonced: (s.nonce ?? '').length > 0 } : null;
    });
    expect(script).toEqual({ src: expect.stringMatching(/^\/docs\/scalar\.js\?v=\d+\.\d+\.\d+$/), nonced: true });
    expect(requested).toContain(`${sling.url}${script!.src}`);
    // Scalar checked the document and found nothing to warn about.
    expect(warnings).toEqual([]);

    // One sidebar and one search: Scalar's (the app's sidebar and command palette are not on this page),
    // and Ctrl+K opens Scalar's search of the endpoints.
    expect(await page.locator('#app-sidebar').count()).toBe(0);
    const searches = page.locator('button').filter({ hasText: /search/i });
    expect(await searches.evaluateAll((els) => els.filter((el) => (el as HTMLElement).checkVisibility()).length)).toBe(1);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Enter search query' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Command palette' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    const brokenCode = () =>
      page
        .locator('.docs-intro code, .quick-start :not(pre) > code')
        .evaluateAll((els) => els.filter((el) => el.getClientRects().length > 1).map((el) => el.textContent));
    expect(await brokenCode()).toEqual([]);

    expect(await captureThemes(page, 'api-docs', SCALAR_REFERENCE, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await brokenCode()).toEqual([]);
    expect(await captureThemes(page, 'api-docs-phone', SCALAR_REFERENCE, { fullPage: false })).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 800 });

    const elsewhere = requested.filter((url) => new URL(url).origin !== sling.url && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    // axe walks the whole rendered document four times here (two themes, two widths): the slow part
    // of this test, well past a minute beside another suite.
  }, 180_000);

  test('/docs/scalar.js is the package’s browser bundle, compressed and cached for good; Next’s chunks hold no Scalar', async () => {
    const src = await page.evaluate(() => [...document.scripts].find((el) => el.getAttribute('src')?.startsWith('/docs/scalar.js'))!.getAttribute('src')!);
    const file = readFileSync(createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js'));
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await fetch(`${sling.url}${src}`, { headers: { 'accept-encoding': accept } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true); // fetch decodes br and gzip
    }
    // Another version in the URL is not cached for good (the file may have changed since).
    const stale = await fetch(`${sling.url}/docs/scalar.js?v=0.0.1`);
    expect(stale.headers.get('cache-control')).toBe('no-cache');
    await stale.arrayBuffer();
    const post = await fetch(`${sling.url}${src}`, { method: 'POST', headers: { origin: sling.url } });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);

    // Each of these was in Next's chunks while Next bundled @scalar/api-reference.
    const chunks = join(projectDir, '.next', 'static', 'chunks');
    const withScalar = readdirSync(chunks, { recursive: true, encoding: 'utf8' }).filter(
      (name) => name.endsWith('.js') && /scalar-refs|scalar-app|Powered by Scalar/.test(readFileSync(join(chunks, name), 'utf8')),
    );
    expect(withScalar).toEqual([]);
  });

  test('"Test Request" creates a link with the signed-in session', async () => {
    expect(await links()).not.toContain('https://example.com/made-in-the-docs');
    const response = await createInClient(page, 'https://example.com/made-in-the-docs');
    expect(response.status()).toBe(201);
    // No token was given: the browser's own session cookie authenticated the request.
    expect(response.request().headers().authorization).toBeUndefined();
    expect(await links()).toContain('https://example.com/made-in-the-docs');
    await page.screenshot({ path: 'test-results/api-docs-try-it.png' });

    const elsewhere = requested.filter((url) => new URL(url).origin !== sling.url && !url.startsWith('data:') && !url.startsWith('blob:'));
    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('signed out, "Test Request" sends the pasted token as a bearer token', async () => {
    const made = await fetch(`${sling.url}/api/v1/tokens`, {
      method: 'POST',
      headers: { cookie, origin: sling.url, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'docs' }),
    });
    expect(made.status).toBe(201);
    const { secret } = (await made.json()) as { secret: string };
    const guest = await (await browser.newContext({ locale: 'en-US' })).newPage();
    const guestProblems = watchProblems(guest);
    const guestRequests: string[] = [];
    guest.on('request', (r) => guestRequests.push(r.url()));
    await guest.setViewportSize({ width: 1366, height: 800 });
    await guest.goto(`${sling.url}/docs`, { waitUntil: 'networkidle' });
    const response = await createInClient(guest, 'https://example.com/made-with-a-token', secret);
    expect(response.status()).toBe(201);
    expect(response.request().headers().authorization).toBe(`Bearer ${secret}`);
    expect(await links()).toContain('https://example.com/made-with-a-token');

    expect(guestRequests.filter((url) => new URL(url).origin !== sling.url && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
    expect(guestProblems).toEqual([]);
    await guest.context().close();
  });
});
