// Webhook request bodies and answers (/api/v1/webhooks). The URL's shape and where it resolves
// (public addresses only, https unless private targets are allowed: lib/webhooks/webhook-target.ts,
// an async check) are both checked here, so one answer names every bad field. A body is one of a
// union by `kind`: a signed webhook (the default) or a notification channel (channel-kinds.ts).
import { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { AppError } from '../core/errors';
import { DELIVERY_STATUSES } from './delivery-log';
import { checkWebhookTarget } from './webhook-target';
import { WEBHOOK_EVENTS, type WebhookEvent } from './event-types';
import { KIND_LABELS, TELEGRAM_CHAT, TELEGRAM_TOKEN, WEBHOOK_KINDS, type ChannelKind } from './channel-kinds';
import { checkChannelUrl } from './channel-target';
import { zPositiveId, zQueryInt, ZTimestamp } from '../schemas/common';

const GIVE_URL = 'Give the URL that should receive the events.';

/** The URL's shape: absolute, http(s), a host (no DNS). */
export const ZWebhookUrlShape = z
  .string({ error: GIVE_URL })
  .trim()
  .min(1, { error: GIVE_URL })
  .max(2048, { error: 'The URL is longer than 2048 characters.' })
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The URL is not a valid absolute URL.' });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'The URL must start with https://.' });
    else if (!url.hostname) ctx.addIssue({ code: 'custom', message: 'The URL has no host.' });
    url.hash = '';
    return url;
  })
  .meta({
    description: 'https:// (http:// only for private targets when the operator allows them).',
    format: 'uri',
    examples: ['https://hooks.example.com/sling'],
  });

/** A webhook URL as registered: its shape, then where it resolves (public addresses only, unless the operator allows private ones). */
export const ZWebhookUrl = ZWebhookUrlShape.transform(async (url, ctx) => {
  try {
    return await checkWebhookTarget(url, { allowPrivate: loadConfig().WEBHOOKS_ALLOW_PRIVATE });
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'invalid_request') throw err;
    ctx.addIssue({ code: 'custom', message: err.message });
    return z.NEVER;
  }
});

const known = WEBHOOK_EVENTS.join(', ');
export const ZWebhookEvents = z
  .array(z.unknown(), { error: `Choose at least one event: ${known}.` })
  .min(1, { error: `Choose at least one event: ${known}.` })
  .transform((raw, ctx): WebhookEvent[] => {
    const unknown = raw.filter((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e));
    if (unknown.length > 0)
      ctx.addIssue({ code: 'custom', message: `Unknown event ${unknown.map((e) => JSON.stringify(e)).join(', ')}; the events are ${known}.` });
    return WEBHOOK_EVENTS.filter((e) => raw.includes(e));
  })
  .meta({ type: 'array', items: { type: 'string', enum: [...WEBHOOK_EVENTS] }, minItems: 1 } as never);

const filterId = (field: string) =>
  zPositiveId(`The ${field} must be a positive whole number or null.`)
    .nullable()
    .meta({ description: `Only events of this ${field === 'link_id' ? 'link' : 'domain'}; null: all.` });
const enabled = z.boolean({ error: 'The enabled must be true or false.' });

const common = {
  events: ZWebhookEvents,
  link_id: filterId('link_id').optional(),
  domain_id: filterId('domain_id').optional(),
  enabled: enabled.optional(),
};

const ZName = z
  .string({ error: 'The name must be text of at most 80 characters.' })
  .trim()
  .max(80, { error: 'The name must be at most 80 characters.' })
  .transform((v) => v || null)
  .nullable()
  .meta({ description: 'A label for the channel ("#launches").', examples: ['#launches'] });

const TARGET_EXAMPLES = {
  slack: 'https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstuvwx',
  discord: 'https://discord.com/api/webhooks/1234567890123456789/abcdefghijklmnopqrstuvwxyz0123456789',
  teams: 'https://prod-12.westeurope.logic.azure.com/workflows/0a1b2c3d/triggers/manual/paths/invoke?api-version=2016-06-01&sig=abc123',
};

/** A channel's incoming-webhook URL: the service's own host and path (or a private stand-in, when allowed). */
const channelUrl = (kind: Exclude<ChannelKind, 'telegram'>) => {
  const give = `Give the ${KIND_LABELS[kind]} webhook URL.`;
  return z
    .string({ error: give })
    .trim()
    .min(1, { error: give })
    .max(2048, { error: 'The URL is longer than 2048 characters.' })
    .transform(async (text, ctx) => {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The URL is not a valid absolute URL.' });
        return z.NEVER;
      }
      try {
        return await checkChannelUrl(kind, url, { allowPrivate: loadConfig().WEBHOOKS_ALLOW_PRIVATE });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'invalid_request') throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
        return z.NEVER;
      }
    })
    .meta({
      description: `Write-only: the ${KIND_LABELS[kind]} incoming-webhook URL (it holds the secret; never returned).`,
      format: 'uri',
      examples: [TARGET_EXAMPLES[kind]],
    });
};

const ZTelegramToken = z
  .string({ error: 'Give the bot token @BotFather made (123456789:AA…).' })
  .trim()
  .regex(TELEGRAM_TOKEN, { error: 'That is not a Telegram bot token; @BotFather gives one like 123456789:AAF…' })
  .meta({ description: 'Write-only: the bot token from @BotFather (never returned).', examples: ['123456789:AAFexampleexampleexampleexample12345'] });

const ZChatId = z
  .union([z.string(), z.number().int()], { error: 'Give the chat id (-1001234567890) or a channel @username.' })
  .transform((v) => String(v).trim())
  .refine((v) => TELEGRAM_CHAT.test(v), { error: 'The chat id is a number (-1001234567890) or a public channel’s @username.' })
  .meta({ description: 'The chat, group or channel the bot posts to: its id or @username.', examples: ['-1001234567890'] });

/** The target of each channel kind, as given: create and update parse it the same way. */
export const ZChannelTarget: Record<ChannelKind, z.ZodType<string, unknown>> = {
  slack: channelUrl('slack'),
  discord: channelUrl('discord'),
  teams: channelUrl('teams'),
  telegram: ZTelegramToken,
};

/** A signed webhook's body (kind left out or 'webhook'). */
export const ZCreateSignedWebhook = z.object({
  kind: z.literal('webhook').optional().meta({ description: 'A signed webhook (the default).' }),
  url: ZWebhookUrl,
  name: ZName.optional(),
  ...common,
});
const serviceBody = (kind: Exclude<ChannelKind, 'telegram'>) =>
  z.object({ kind: z.literal(kind), target: ZChannelTarget[kind], name: ZName.optional(), ...common }).meta({ title: `${KIND_LABELS[kind]} channel` });
const telegramBody = z
  .object({ kind: z.literal('telegram'), target: ZTelegramToken, chat_id: ZChatId, name: ZName.optional(), ...common })
  .meta({ title: 'Telegram channel' });

const kinds = WEBHOOK_KINDS.join(', ');
export const ZCreateWebhook = z.discriminatedUnion(
  'kind',
  [ZCreateSignedWebhook.meta({ title: 'Signed webhook' }), serviceBody('slack'), serviceBody('discord'), serviceBody('teams'), telegramBody],
  { error: `The kind must be one of ${kinds}.` },
);
export type TCreateWebhook = z.output<typeof ZCreateWebhook>;

/** Any field may be left out; `target` is checked against the channel's kind (manage-webhooks.ts), which cannot change. */
export const ZUpdateWebhook = z.object({
  kind: z
    .enum(WEBHOOK_KINDS, { error: `The kind must be one of ${kinds}.` })
    .optional()
    .meta({ description: 'Cannot change; accepted when it is the current one.' }),
  url: ZWebhookUrl.optional(),
  target: z
    .string({ error: 'The target must be text.' })
    .optional()
    .meta({ description: 'Write-only: a new secret URL or bot token for a channel; left out, it stays.' }),
  chat_id: ZChatId.optional(),
  name: ZName.optional(),
  events: ZWebhookEvents.optional(),
  link_id: filterId('link_id').optional(),
  domain_id: filterId('domain_id').optional(),
  enabled: enabled.optional(),
});
export type TUpdateWebhook = z.output<typeof ZUpdateWebhook>;

export const ZRotateWebhookSecret = z.object({
  grace_hours: z
    .union([z.number(), z.string()], { error: 'The grace period must be from 0 to 168 hours.' })
    .transform((v) => Number(v))
    .refine((n) => Number.isFinite(n) && n >= 0 && n <= 24 * 7, { error: 'The grace period must be from 0 to 168 hours.' })
    .optional(),
});

const webhookId = z.string().meta({ description: 'The webhook id (wh_…).', examples: ['wh_5f0c2e9d7a4e3c8b6a1d2f3e'] });
const deliveryId = z.string().meta({ description: 'The delivery id (whd_…).', examples: ['whd_9c1f4f6e8a512f7d3c9b1e200b6e4d43'] });
export const ZWebhookParams = z.object({ id: webhookId });
export const ZWebhookActionParams = z.object({ id: webhookId, action: z.enum(['rotate-secret', 'test']) });
export const ZDeliveryParams = z.object({ id: webhookId, deliveryId });

export const ZDeliveriesQuery = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: `The status must be one of ${DELIVERY_STATUSES.join(', ')}.` }).optional(),
  limit: zQueryInt('limit', 50, 1, 100, 'The limit must be a whole number from 1 to 100.'),
  before: z.string().optional(),
});

export const ZWebhook = z
  .object({
    id: z.string().meta({ examples: ['wh_5f0c2e9d7a4e3c8b6a1d2f3e'] }),
    kind: z.enum(WEBHOOK_KINDS).meta({ examples: ['webhook'] }),
    name: z
      .string()
      .nullable()
      .meta({ examples: [null] }),
    url: z.string().meta({
      description:
        'A webhook’s URL; for a channel, a display form without its secret (`https://hooks.slack.com/services/T0…/…`, `Telegram chat -1001234567890`).',
      examples: ['https://hooks.example.com/sling'],
    }),
    chat_id: z
      .string()
      .nullable()
      .meta({ description: 'Telegram: the chat the bot posts to.', examples: [null] }),
    events: z.array(z.string()),
    link_id: z
      .number()
      .int()
      .nullable()
      .meta({ examples: [null] }),
    domain_id: z
      .number()
      .int()
      .nullable()
      .meta({ examples: [null] }),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable(),
    failing_since: ZTimestamp.nullable().meta({ examples: [null] }),
    last_success_at: ZTimestamp.nullable(),
    previous_secret_expires_at: ZTimestamp.nullable().meta({ examples: [null] }),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Webhook' });

export const ZDelivery = z
  .object({
    id: z.string().meta({ examples: ['whd_9c1f4f6e8a512f7d3c9b1e200b6e4d43'] }),
    event_id: z.string(),
    event: z.string(),
    status: z.enum(DELIVERY_STATUSES).meta({ examples: ['succeeded'] }),
    attempts: z.number().int(),
    next_attempt_at: ZTimestamp.nullable().meta({ examples: [null] }),
    created_at: ZTimestamp,
    completed_at: ZTimestamp.nullable(),
    last_attempt: z.record(z.string(), z.unknown()).nullable(),
  })
  .loose()
  .meta({ id: 'WebhookDelivery' });
