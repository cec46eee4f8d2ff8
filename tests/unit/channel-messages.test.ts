// What notification channels say (lib/webhooks/channel-messages.ts) and how each service's format
// escapes it (channel-formats.ts): a sentence per event, and user text that cannot ping or inject.
import { describe, expect, test } from 'vitest';
import { discordBody, slackBody, teamsBody, telegramBody } from '../../lib/webhooks/channel-formats';
import { displayTarget } from '../../lib/webhooks/channel-kinds';
import { channelNotice, plainSentence } from '../../lib/webhooks/channel-messages';
import { WEBHOOK_EVENTS } from '../../lib/webhooks/event-types';

const at = '2026-03-02T09:15:00.000Z';
const link = { id: 7, short_code: 'spring', short_url: 'https://sling.example/spring', long_url: 'https://example.com/spring' };
const say = (type: string, data: unknown, extra = {}) => plainSentence(channelNotice({ type, occurredAt: at, data, ...extra }).sentence);

describe('channelNotice', () => {
  test('one human sentence per event, with the link', () => {
    expect(say('link.created', link)).toBe('New link sling.example/spring → https://example.com/spring');
    expect(say('link.updated', link)).toBe('Link sling.example/spring changed; it points to https://example.com/spring');
    expect(say('link.updated', { ...link, status: 'blocked', reason: 'It leads to a phishing page.' })).toBe(
      'Link sling.example/spring is now blocked as unsafe: It leads to a phishing page.',
    );
    expect(say('link.deleted', link)).toBe('Link sling.example/spring was deleted (it pointed to https://example.com/spring)');
    expect(say('link.expired', { ...link, reason: 'max_clicks' })).toBe('Link sling.example/spring expired: it reached its click limit');
    expect(
      say(
        'link.clicked',
        { link_id: 7, short_code: 'spring', long_url: link.long_url, trigger: 'qr', visitor: { city: 'Berlin', country: 'DE' } },
        { linkHost: 'sling.example' },
      ),
    ).toBe('sling.example/spring was scanned (QR code) from Berlin, DE');
    expect(say('link.milestone', { link, milestone: 1000, clicks: 1003 })).toBe('sling.example/spring reached 1,000 clicks');
    expect(say('link.held', { ...link, status: 'pending_review', reason: 'Its destination is on a threat list.' })).toBe(
      'Link sling.example/spring is held for review: Its destination is on a threat list. → https://example.com/spring',
    );
    expect(say('domain.verified', { domain: { id: 3, hostname: 'go.example.com' } })).toBe('Domain go.example.com is verified and ready for links');
    expect(
      say('domain.misconfigured', { domain: { id: 3, hostname: 'go.example.com' }, problems: [{ type: 'CNAME', name: 'go.example.com', status: 'missing' }] }),
    ).toBe('Domain go.example.com is misconfigured: its CNAME record go.example.com is missing');
    const weekly = channelNotice({
      type: 'workspace.weekly_summary',
      occurredAt: at,
      data: {
        clicks: 1234,
        clicks_previous_week: 1000,
        new_links: 5,
        top_links: [{ id: 7, short_url: link.short_url, clicks: 900 }],
        top_countries: [{ country: 'DE', clicks: 500 }],
      },
    });
    expect(plainSentence(weekly.sentence)).toBe('Last week: 1,234 clicks and 5 new links, led by sling.example/spring');
    expect(weekly.facts).toContainEqual(['Top countries', 'DE']);
    expect(say('webhook.test', { message: 'x' }, { channelName: '#launches' })).toBe(
      'Test message from Sling: “#launches” is set up and will get the events you chose',
    );
  });

  test('every event type has its own sentence; an unknown one a generic sentence', () => {
    for (const type of WEBHOOK_EVENTS) expect(channelNotice({ type, occurredAt: at, data: {} }).title).not.toBe('Sling event');
    expect(say('link.teleported', link)).toBe('Sling event link.teleported for sling.example/spring');
  });
});

describe('service formats', () => {
  const evil = channelNotice({ type: 'webhook.test', occurredAt: at, data: {}, channelName: '<!channel> & <b>@everyone</b> [x](javascript:alert(1))' });
  const created = channelNotice({ type: 'link.created', occurredAt: at, data: { ...link, long_url: 'https://example.com/?a=1&b=<2>' } });

  test('Slack: mrkdwn with &, <, > escaped, so "<!channel>" pings nobody; links as <url|label>', () => {
    const body = slackBody(evil);
    expect(body.text).toContain('&lt;!channel&gt; &amp; &lt;b&gt;@everyone&lt;/b&gt;');
    expect(JSON.stringify(body)).not.toContain('<!channel>');
    expect(slackBody(created).text).toBe('New link sling.example/spring → https://example.com/?a=1&amp;b=&lt;2&gt;');
    expect(JSON.stringify(slackBody(created).blocks)).toContain('<https://sling.example/spring|sling.example/spring>');
  });

  test('Discord: Markdown escaped and no mentions parsed', () => {
    const body = discordBody(evil);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.embeds[0].description).toContain('\\<!channel\\> & \\<b\\>\\@everyone\\</b\\> \\[x\\]\\(javascript\\:alert\\(1\\)\\)');
    expect(discordBody(created).embeds[0]).toMatchObject({ title: 'New link', url: 'https://sling.example/spring', timestamp: at });
  });

  test('Telegram: HTML escaped, links as <a href>', () => {
    const body = telegramBody(created, '-1001234');
    expect(body).toMatchObject({ chat_id: '-1001234', parse_mode: 'HTML' });
    expect(body.text).toBe(
      '<b>New link</b>\nNew link <a href="https://sling.example/spring">sling.example/spring</a> → <a href="https://example.com/?a=1&amp;b=&lt;2&gt;">https://example.com/?a=1&amp;b=&lt;2&gt;</a>',
    );
    expect(telegramBody(evil, '1').text).toContain('&lt;!channel&gt; &amp; &lt;b&gt;@everyone&lt;/b&gt;');
  });

  test('Teams: one Adaptive Card 1.4 with an Open link action', () => {
    const card = teamsBody(created).attachments[0];
    expect(card.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4', actions: [{ type: 'Action.OpenUrl', url: 'https://sling.example/spring' }] });
  });
});

test('displayTarget shows a channel without its secret', () => {
  expect(displayTarget('slack', 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijkl')).toBe('https://hooks.slack.com/services/T0…/…');
  expect(displayTarget('discord', 'https://discord.com/api/webhooks/123456/tok-en')).toBe('https://discord.com/api/webhooks/12…/…');
  expect(displayTarget('teams', 'https://prod-1.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=SECRET')).toBe(
    'https://prod-1.westeurope.logic.azure.com/workflows/ab…/…',
  );
  expect(displayTarget('telegram', '123:AA', '-1001234')).toBe('Telegram chat -1001234');
});
