// Settings → Webhooks in Chromium, notification channels: add a Slack, a Telegram, a Discord and a
// Microsoft Teams channel with the kind picker, press Send test message, and the local stand-ins
// (tests/helpers/chat-receivers.ts, checking each service's documented payload) get it; the page
// says how it went. Screenshots in both themes and at phone width.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../helpers/accounts';
import { launchChromium, signInOverHttp, useSession } from '../helpers/browser';
import { startChatReceiver, type ChatReceiver } from '../helpers/chat-receivers';
import { createPgliteDatabase, type TestDatabase } from '../helpers/databases';
import { captureThemes } from '../helpers/page-checks';
import { chromiumPath } from '../helpers/services';
import { startSling, type SlingProcess } from '../helpers/sling-process';
import { until } from '../helpers/until';

const chromium = chromiumPath();
const WAIT = { timeout: 20_000, interval: 250 };

describe.skipIf(!chromium)('Settings → Webhooks: notification channels in Chromium', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let browser: Browser;
  let page: Page;
  let slack: ChatReceiver;
  let telegram: ChatReceiver;
  let discord: ChatReceiver;
  let teams: ChatReceiver;
  const problems: string[] = [];

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    await createUserWithToken(tdb.env, 'chats@example.com');
    [slack, telegram, discord, teams] = await Promise.all((['slack', 'telegram', 'discord', 'teams'] as const).map((kind) => startChatReceiver(kind)));
    const env = { ...tdb.env, WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOKS_POLL_MS: '200', TELEGRAM_API_URL: telegram.url };
    [sling, browser] = await Promise.all([startSling(env), launchChromium(chromium!)]);
    page = await browser.newPage();
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('response', (r) => r.status() >= 500 && problems.push(`${r.status()} ${r.url()}`));
  });
  afterAll(async () => {
    await browser?.close();
    await sling?.stop();
    await Promise.all([slack?.close(), telegram?.close(), discord?.close(), teams?.close()]);
    await tdb?.drop();
  });

  test('add a Slack and a Telegram channel, send each a test message', async () => {
    await useSession(page.context(), sling.url, await signInOverHttp(sling.url, 'chats@example.com'));
    await page.goto(`${sling.url}/settings/webhooks`);
    const picker = page.getByRole('group', { name: 'Send to' });
    expect(await picker.getByRole('radio').count()).toBe(5);
    expect(await picker.getByRole('radio', { name: 'Signed webhook' }).isChecked()).toBe(true);

    // Slack: a URL that is not Slack's is refused next to its field.
    await picker.getByRole('radio', { name: 'Slack' }).check();
    await page.getByText('Apps → Incoming Webhooks').waitFor();
    await page.getByLabel('Slack webhook URL').fill('https://example.com/services/a/b/c');
    await page.getByLabel('link.created').check();
    await page.getByRole('button', { name: 'Add Slack channel' }).click();
    await expect.poll(() => page.locator('.field-error').first().textContent()).toMatch(/not a Slack webhook URL/);
    problems.length = 0; // (the browser logs that refusal, 400, as a console error)
    await page.getByLabel('Slack webhook URL').fill(slack.url);
    await page.getByLabel('Name (optional)').fill('#launches');
    await page.getByRole('button', { name: 'Add Slack channel' }).click();
    const slackItem = page.getByRole('region', { name: '#launches' });
    await slackItem.waitFor();
    expect(await slackItem.locator('.webhook-kind').textContent()).toMatch(/^Slack · http:\/\/127\.0\.0\.1:\d+\/services\/T.…\/…$/);
    expect(await page.content()).not.toContain(new URL(slack.url).pathname);
    expect(await slackItem.getByRole('button', { name: 'Rotate secret…' }).count()).toBe(0);
    await slackItem.getByRole('button', { name: 'Send test message' }).click();
    await until('the Slack test message', async () => slack.received.length === 1);
    expect(slack.received[0].problems).toEqual([]);
    expect(slack.received[0].body.text).toContain('Test message from Sling: “#launches”');
    await expect.poll(() => slackItem.getByText(/^Test message delivered/).textContent(), WAIT).toBe('Test message delivered: Slack answered 200.');

    // Telegram: a bot token and a chat.
    await picker.getByRole('radio', { name: 'Telegram' }).check();
    await page.getByLabel('Bot token').fill(telegram.token);
    await page.getByLabel('Chat ID').fill(telegram.chatId);
    await page.getByLabel('Name (optional)').fill('Launch team');
    await page.getByLabel('link.created').check();
    await page.getByRole('button', { name: 'Add Telegram channel' }).click();
    const tgItem = page.getByRole('region', { name: 'Launch team' });
    await tgItem.waitFor();
    expect(await tgItem.locator('.webhook-kind').textContent()).toBe(`Telegram · Telegram chat ${telegram.chatId}`);
    await tgItem.getByRole('button', { name: 'Send test message' }).click();
    await until('the Telegram test message', async () => telegram.received.length === 1);
    expect(telegram.received[0].problems).toEqual([]);
    expect(telegram.received[0].body).toMatchObject({ chat_id: telegram.chatId, parse_mode: 'HTML' });
    await expect.poll(() => tgItem.getByText(/^Test message delivered/).textContent(), WAIT).toBe('Test message delivered: Telegram answered 200.');
    await expect.poll(() => tgItem.locator('.delivery-log tbody tr[data-delivery]').first().textContent(), WAIT).toContain('succeeded');

    // The form shows the Telegram fields for the screenshots.
    await picker.getByRole('radio', { name: 'Telegram' }).focus();
    expect(await captureThemes(page, 'settings-channels')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await captureThemes(page, 'settings-channels-phone')).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    expect(problems).toEqual([]);
  });

  test('add a Discord and a Microsoft Teams channel, send each a test message', async () => {
    await page.goto(`${sling.url}/settings/webhooks`);
    const picker = page.getByRole('group', { name: 'Send to' });

    // Discord: its webhook URL, the message an embed with Markdown escaped and no pings.
    await picker.getByRole('radio', { name: 'Discord' }).check();
    await page.getByText('Integrations → Webhooks').waitFor();
    await page.getByLabel('Discord webhook URL').fill(discord.url);
    await page.getByLabel('Name (optional)').fill('#releases');
    await page.getByLabel('link.created').check();
    await page.getByRole('button', { name: 'Add Discord channel' }).click();
    const discordItem = page.getByRole('region', { name: '#releases' });
    await discordItem.waitFor();
    expect(await discordItem.locator('.webhook-kind').textContent()).toMatch(/^Discord · http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/\d\d…\/…$/);
    expect(await page.content()).not.toContain(new URL(discord.url).pathname);
    await discordItem.getByRole('button', { name: 'Send test message' }).click();
    await until('the Discord test message', async () => discord.received.length === 1);
    expect(discord.received[0].problems).toEqual([]);
    expect(discord.received[0].body).toMatchObject({ allowed_mentions: { parse: [] }, embeds: [{ title: 'Test message' }] });
    // Discord Markdown escaped: the colon and the # are shown as typed.
    expect(discord.received[0].body.embeds[0].description).toContain('Test message from Sling\\: “\\#releases”');
    await expect.poll(() => discordItem.getByText(/^Test message delivered/).textContent(), WAIT).toBe('Test message delivered: Discord answered 204.');

    // Microsoft Teams: a Workflows URL, the message one Adaptive Card.
    await picker.getByRole('radio', { name: 'Microsoft Teams' }).check();
    await page.getByText('Post to a channel when a webhook request is received').waitFor();
    await page.getByLabel('Microsoft Teams webhook URL').fill(teams.url);
    await page.getByLabel('Name (optional)').fill('Release crew');
    await page.getByLabel('link.created').check();
    await page.getByRole('button', { name: 'Add Microsoft Teams channel' }).click();
    const teamsItem = page.getByRole('region', { name: 'Release crew' });
    await teamsItem.waitFor();
    expect(await teamsItem.locator('.webhook-kind').textContent()).toMatch(/^Microsoft Teams · http:\/\/127\.0\.0\.1:\d+\/workflows\/[0-9a-f]{2}…\/…$/);
    expect(await page.content()).not.toContain(new URL(teams.url).pathname);
    await teamsItem.getByRole('button', { name: 'Send test message' }).click();
    await until('the Teams test message', async () => teams.received.length === 1);
    expect(teams.received[0].problems).toEqual([]);
    const card = teams.received[0].body.attachments[0].content;
    expect(card).toMatchObject({ type: 'AdaptiveCard', body: [{ type: 'TextBlock', text: 'Test message' }, { type: 'TextBlock' }] });
    expect(card.body[1].text).toContain('Test message from Sling: “Release crew”');
    await expect.poll(() => teamsItem.getByText(/^Test message delivered/).textContent(), WAIT).toBe('Test message delivered: Microsoft Teams answered 202.');
    await expect.poll(() => teamsItem.locator('.delivery-log tbody tr[data-delivery]').first().textContent(), WAIT).toContain('succeeded');

    // All four channels listed, the Teams fields in the form.
    expect(await captureThemes(page, 'settings-channels-all')).toEqual([]);
    // Each stand-in got exactly its own message.
    expect([slack, telegram, discord, teams].map((r) => r.received.length)).toEqual([1, 1, 1, 1]);
    expect(problems).toEqual([]);
  });
});
