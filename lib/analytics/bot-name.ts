// A bot visit's agent, named for people: "Slackbot", "Facebook", "HEAD request" (docs/guide/analytics.md,
// "Bots and link previews"). Applied when statistics are read, to the stored user agent, so a name
// added here names past visits too.
import { isPreviewBot } from '../previews/preview-bots';
import { isBotAgent } from './bot-agent';

/** First match wins: TelegramBot says "like TwitterBot", so it comes before Twitter. */
const NAMES: Array<[RegExp, string]> = [
  [/slackbot|slack-imgproxy/i, 'Slackbot'],
  [/telegrambot/i, 'TelegramBot'],
  [/twitterbot/i, 'Twitterbot'],
  [/facebookexternalhit|facebookcatalog|facebot|meta-externalagent/i, 'Facebook'],
  [/linkedinbot/i, 'LinkedInBot'],
  [/discordbot/i, 'Discordbot'],
  [/whatsapp/i, 'WhatsApp'],
  [/skypeuripreview|microsoft office|teams\//i, 'Microsoft Teams / Outlook'],
  [/mastodon/i, 'Mastodon'],
  [/bluesky|cardyb/i, 'Bluesky'],
  [/applebot/i, 'Applebot'],
  [/googlebot|google-inspectiontool|adsbot-google|google-pagerenderer/i, 'Googlebot'],
  [/bingbot|bingpreview/i, 'bingbot'],
  [/^curl\//i, 'curl'],
  [/^wget\//i, 'Wget'],
  [/python-requests/i, 'python-requests'],
];

export const HEAD_REQUEST = 'HEAD request';
export const OTHER_BOTS = 'Other bots';
export const UNKNOWN_AGENT = 'Unknown agent';

/**
 * The name a stored bot visit is counted under. A visit stored as a bot whose agent is neither a
 * bot's nor a link-preview fetcher's can only have been a HEAD request (clicks carry no method: the
 * click writer flags HEAD as a bot).
 */
export function botName(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_AGENT;
  for (const [pattern, name] of NAMES) if (pattern.test(userAgent)) return name;
  return isBotAgent(userAgent) || isPreviewBot(userAgent) ? OTHER_BOTS : HEAD_REQUEST;
}
