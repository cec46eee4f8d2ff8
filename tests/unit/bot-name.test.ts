// The names bot visits are counted under (lib/analytics/bot-name.ts), from real agent strings.
import { describe, expect, test } from 'vitest';
import { botName } from '../../lib/analytics/bot-name';
import { AGENTS } from '../helpers/agents';

describe('botName', () => {
  test.each([
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', 'Slackbot'],
    ['Slackbot 1.0 (+https://api.slack.com/robots)', 'Slackbot'],
    ['Twitterbot/1.0', 'Twitterbot'],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Facebook'],
    ['facebookcatalog/1.0', 'Facebook'],
    ['LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', 'LinkedInBot'],
    ['Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)', 'Discordbot'],
    // It calls itself "like TwitterBot": still Telegram.
    ['TelegramBot (like TwitterBot)', 'TelegramBot'],
    ['WhatsApp/2.23.20.0', 'WhatsApp'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'Applebot',
    ],
    ['Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)', 'Bluesky'],
    ['curl/8.5.0', 'curl'],
    ['Wget/1.21.4', 'Wget'],
    ['python-requests/2.31.0', 'python-requests'],
    // isbot knows them, the table does not.
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'Other bots'],
    ['Go-http-client/1.1', 'Other bots'],
  ])('%s → %s', (agent, name) => {
    expect(botName(agent)).toBe(name);
  });

  test("a browser's agent on a visit stored as a bot was a HEAD request", () => {
    expect(botName(AGENTS.chrome)).toBe('HEAD request');
    expect(botName(AGENTS.iphone)).toBe('HEAD request');
  });

  test('no agent stored', () => {
    expect(botName(null)).toBe('Unknown agent');
    expect(botName('')).toBe('Unknown agent');
  });
});
