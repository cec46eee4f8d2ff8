// Every page of the product in Chromium, signed out and signed in (as the instance's first account,
// so also the admin console): at a desktop width (1366 px) and a phone width (390 px), in the light
// and the dark theme, nothing scrolls sideways, axe finds no serious or critical violation, and no
// console error, page error, failed request or 5xx happens. Screenshots of each land in
// test-results/every-page-*.png.
//
// Why those widths: the app's layout changes only at its CSS breakpoints, all at or below 960 px
// (the sidebar turns into a menu at 860, tables and forms stack at 800, 720, 640, 520, 480), and no
// script reads the window's width. 1366 is the common laptop width, above every breakpoint; 390 is a
// phone, below every one. A wider desktop (1920) gets the same rules as 1366 — its content columns
// only reach their max-width — so nothing that fits at 1366 scrolls sideways there, and axe sees the
// same markup and colours. Each page loads once, at 1366; the phone check resizes that same page
// (the layout is CSS only, so a resize applies the phone rules as a load at 390 would) instead of
// loading it again.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium, signUpAndInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';

const chromium = chromiumPath();
const DESKTOP = { width: 1366, height: 800 };
const SIZES = [
  [DESKTOP, ''],
  [{ width: 390, height: 844 }, '-phone'],
] as const;

// /docs (Scalar's reference of the whole API, the slowest page to render and check) has its own
// e2e with the same checks in both themes at desktop and phone widths (tests/e2e/api-docs.test.ts).
const SIGNED_OUT = ['/', '/login', '/signup', '/forgot-password', '/report'];
const SIGNED_IN = [
  '/links',
  '/links/:id',
  '/links/tags',
  '/analytics',
  '/domains',
  '/settings',
  '/settings/security',
  '/settings/tokens',
  '/settings/plan',
  '/settings/workspace',
  '/settings/privacy',
  '/settings/members',
  '/settings/webhooks',
  '/settings/sso',
  '/settings/directory-sync',
  '/settings/audit',
  '/admin',
  '/admin/users',
  '/admin/settings',
  '/no-such-page',
];

describe.skipIf(!chromium)('every page in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  let linkId: number;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    [sling, browser] = await Promise.all([startSling({ ...tdb.env, AUTH_ATTEMPTS_PER_MINUTE: '100' }), launchChromium(chromium!)]);
    context = await browser.newContext({ locale: 'en-US' });
    page = await context.newPage();
    // The in-app 404 is a 404 on purpose; Chromium logs it as a console error.
    problems = watchProblems(page, [/status of 404 \(Not Found\)/]);
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await tdb?.drop();
  });

  const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

  async function checkEveryWidth(path: string) {
    const name = `every-page${path === '/' ? '-home' : path.replace(/[/:]+/g, '-')}`;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${sling.url}${path.replace(':id', String(linkId))}`, { waitUntil: 'networkidle' });
    for (const [size, suffix] of SIZES) {
      await page.setViewportSize(size);
      // Charts follow a resize a moment later (ResizeObserver), so the width is polled, not read once.
      await expect.poll(scrollWidth, { message: `${path}${suffix} scrolls sideways` }).toBeLessThanOrEqual(size.width);
      expect(await captureThemes(page, `${name}${suffix}`), `${path}${suffix}`).toEqual([]);
    }
    expect(problems, path).toEqual([]);
  }

  test.each(SIGNED_OUT)('signed out: %s', async (path) => {
    await checkEveryWidth(path);
  });

  describe('signed in as the first account (a platform admin)', () => {
    beforeAll(async () => {
      const session = await signUpAndInOverHttp(sling.url, 'first@example.com', 'Fran First');
      const created = await fetch(`${sling.url}/api/v1/links`, {
        method: 'POST',
        headers: { cookie: session.cookie, origin: sling.url, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.com/a/rather/long/destination/path?with=query&and=more', tags: ['launch'] }),
      });
      expect(created.status).toBe(201);
      linkId = ((await created.json()) as { id: number }).id;
      await useSession(context, sling.url, session);
    });

    test.each(SIGNED_IN)('%s', async (path) => {
      await checkEveryWidth(path);
    });
  });
});
