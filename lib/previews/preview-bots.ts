// Who gets a link's social preview page instead of the redirect: link-preview fetchers ("unfurlers").
// isbot classifies Slackbot, Twitterbot, facebookexternalhit, LinkedInBot, Discordbot, WhatsApp,
// TelegramBot and most others; the list below adds unfurlers it lets through (Outlook and Teams
// fetch with an Office user agent). Only asked for links that have a preview: the redirect path of
// every other visit never runs it.
import { isbot } from 'isbot';
import { boundedMemo } from '../core/bounded-memo';

const UNFURLERS =
  /slackbot|twitterbot|facebookexternalhit|facebot|linkedinbot|discordbot|whatsapp|telegrambot|skypeuripreview|microsoft office|teams\/|embedly|iframely|pinterest|redditbot|mastodon|bluesky|cardyb|vkshare|viber|snapchat|google-pagerenderer|applebot|bingpreview|tumblr|nuzzel|qwantify|bitlybot|outbrain|w3c_validator|signal/i;

/** The answer per agent string, remembered for the last 512 agents: the check costs 2–3 µs a visit. */
export const previewBotByAgent = boundedMemo((userAgent) => UNFURLERS.test(userAgent) || isbot(userAgent), 512);

export function isPreviewBot(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  return previewBotByAgent(userAgent);
}
