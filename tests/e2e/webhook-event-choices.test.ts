// The new events in Chromium, end to end: Settings → Webhooks offers them by name; an endpoint
// subscribed to click milestones through the form receives link.milestone (signed, with the link's
// short URL) once a link's hundredth visit is counted by the server's click writer thread, and the
// link's history says so in words.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { AGENTS } from '../helpers/agents';
import { apiClient, overHttp } from '../helpers/api-client';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes, watchProblems } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver';

const chromium = chromiumPath();
const NEW_LABELS = ['Domain misconfigured', 'Link held by safety checks', 'Click milestones (100, 1,000, 10,000…)', 'Weekly summary'];

describe.skipIf(!chromium)('new webhook events in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let receiver: Receiver;
  let token: string;

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'events@example.com');
    receiver = await startReceiver();
    const env = { ...tdb.env, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_MS: '200' };
    [sling, browser] = await Promise.all([startSling(env), launchChromium(chromium!)]);
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await receiver?.close();
    await tdb?.drop();
  });

  test('choose click milestones in the form; the 100th visit sends link.milestone and shows in the history', async () => {
    const problems = watchProblems(page);
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'events@example.com'));
    await page.goto(`${sling.url}/settings/webhooks`);
    const events = page.getByRole('group', { name: 'Events to send' });
    for (const label of NEW_LABELS) expect(await events.getByRole('checkbox', { name: label }).count()).toBe(1);

    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await events.getByRole('checkbox', { name: 'Click milestones (100, 1,000, 10,000…)' }).check();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await captureThemes(page, 'webhook-event-choices-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(await captureThemes(page, 'webhook-event-choices')).toEqual([]);
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const hook = page.getByRole('region', { name: receiver.url });
    receiver.secrets.push(await hook.getByLabel('Signing secret').inputValue());
    expect(await hook.getByRole('list', { name: 'Events' }).textContent()).toContain('link.milestone');

    const api = apiClient(overHttp(sling.url), { token });
    const link = (await api.call('apiPhpCreate', { body: { url: 'https://example.com/hundred', alias: 'hundred' } })).json as { id: number; short_url: string };
    for (let i = 0; i < 100; i++) {
      const visit = await fetch(`${sling.url}/hundred`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
      expect(visit.status).toBe(302);
    }
    const [milestone] = await until('link.milestone delivered', async () => {
      const got = receiver.received.filter((r) => r.verified && r.payload.event === 'link.milestone');
      return got.length > 0 ? got : undefined;
    });
    expect(milestone.payload.data).toEqual({
      link: { id: link.id, short_code: 'hundred', short_url: link.short_url, long_url: 'https://example.com/hundred' },
      milestone: 100,
      clicks: 100,
    });

    await page.goto(`${sling.url}/links/${link.id}`);
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByTestId('event-sentence').first().textContent(), { timeout: 10_000 }).toBe('Reached 100 clicks.');
    expect(await history.locator('li').first().locator('strong').textContent()).toBe('Click milestone');
    await history.scrollIntoViewIfNeeded();
    expect(await captureThemes(page, 'link-history-milestone')).toEqual([]);
    expect(receiver.received.filter((r) => r.payload.event === 'link.milestone')).toHaveLength(1);
    expect(problems).toEqual([]);
  }, 180_000);
});
