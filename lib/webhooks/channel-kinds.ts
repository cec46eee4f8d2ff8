// Notification channels beside signed webhooks (docs/guide/notifications.md): what each kind is
// called, where its secret comes from, and which URLs are that service's. Pure, so the dashboard
// form reads the same names and hints as the API's checks.
// (Only a type from db/schema: this module is in the dashboard's bundle.)
import type { WebhookKind } from '../../db/schema/webhooks';

export type { WebhookKind };
export type ChannelKind = Exclude<WebhookKind, 'webhook'>;

/** Every kind (the record makes a kind added to the schema fail to compile here until it is named). */
export const KIND_LABELS: Record<WebhookKind, string> = {
  webhook: 'Signed webhook',
  slack: 'Slack',
  discord: 'Discord',
  teams: 'Microsoft Teams',
  telegram: 'Telegram',
};
export const WEBHOOK_KINDS = Object.keys(KIND_LABELS) as WebhookKind[];
export const CHANNEL_KINDS = WEBHOOK_KINDS.filter((k): k is ChannelKind => k !== 'webhook');

/** One line on where the secret comes from, as the form shows it. */
export const TARGET_HINTS: Record<ChannelKind, string> = {
  slack: 'In Slack: Apps → Incoming Webhooks → Add to a channel, then copy the Webhook URL (https://hooks.slack.com/services/…).',
  discord: 'In Discord: channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.',
  teams: 'In Teams: the channel’s ••• → Workflows → “Post to a channel when a webhook request is received”, then copy its URL.',
  telegram: 'Ask @BotFather for a bot (/newbot) and paste its token; add the bot to your chat or channel.',
};

/** Which incoming-webhook URLs are the service's own (host and path); Telegram's API is the operator's TELEGRAM_API_URL. */
const SERVICE_URLS: Record<Exclude<ChannelKind, 'telegram'>, { hosts: RegExp; path: RegExp; example: string }> = {
  slack: { hosts: /^hooks\.slack\.com$/, path: /^\/services\/[^/]+\/[^/]+\/[^/]+$/, example: 'https://hooks.slack.com/services/T…/B…/…' },
  discord: {
    hosts: /^(?:(?:ptb|canary)\.)?discord(?:app)?\.com$/,
    path: /^\/api(?:\/v\d+)?\/webhooks\/\d+\/[^/]+$/,
    example: 'https://discord.com/api/webhooks/…/…',
  },
  teams: {
    hosts: /(?:^|\.)(?:webhook\.office\.com|logic\.azure\.com|environment\.api\.powerplatform\.com)$/,
    path: /^\/./,
    example: 'https://….webhook.office.com/…, https://….logic.azure.com/workflows/… or https://….environment.api.powerplatform.com/…',
  },
};

export function serviceUrlExample(kind: Exclude<ChannelKind, 'telegram'>): string {
  return SERVICE_URLS[kind].example;
}

/** Whether `url` is on the service's own host (https only). */
export function isServiceHost(kind: Exclude<ChannelKind, 'telegram'>, url: URL): boolean {
  return url.protocol === 'https:' && SERVICE_URLS[kind].hosts.test(url.hostname.toLowerCase());
}

/** Whether the path has the service's shape (a stand-in on a private address must have it too). */
export function isServicePath(kind: Exclude<ChannelKind, 'telegram'>, url: URL): boolean {
  return SERVICE_URLS[kind].path.test(url.pathname);
}

/** A bot token as @BotFather gives it: the bot's id, a colon, then 35 or so URL-safe characters. */
export const TELEGRAM_TOKEN = /^\d{3,15}:[A-Za-z0-9_-]{30,64}$/;
/** A chat: its numeric id (groups and channels are negative) or a public channel's @username. */
export const TELEGRAM_CHAT = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;

/**
 * What `url` shows for a channel: enough to recognise it, nothing of its secret (the parts after
 * the service's fixed prefix: Slack's and Discord's tokens, Teams' signature).
 */
export function displayTarget(kind: ChannelKind, target: string, chatId?: string | null): string {
  if (kind === 'telegram') return `Telegram chat ${chatId ?? ''}`.trim();
  const url = new URL(target);
  const fixed = ['services', 'api', 'webhooks', 'workflows', 'webhookb2', 'powerautomate'];
  const parts = url.pathname.split('/').filter(Boolean);
  const shown: string[] = [];
  for (const p of parts) {
    if (fixed.includes(p.toLowerCase()) || /^v\d+$/.test(p)) shown.push(p);
    else break;
  }
  const next = parts[shown.length];
  if (next) shown.push(`${next.slice(0, 2)}…`);
  if (parts.length > shown.length) shown.push('…');
  return `${url.protocol}//${url.host}/${shown.join('/')}`;
}
