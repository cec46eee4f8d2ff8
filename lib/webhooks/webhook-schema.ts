// Webhook request bodies and answers (/api/v1/webhooks). The URL's shape and where it resolves
// (public addresses only, https unless private targets are allowed: lib/webhooks/webhook-target.ts,
// an async check) are both checked here, so one answer names every bad field.
import { z } from 'zod';
import { loadConfig } from '../config/load-config';
import { AppError } from '../core/errors';
import { DELIVERY_STATUSES } from './delivery-log';
import { checkWebhookTarget } from './webhook-target';
import { WEBHOOK_EVENTS, type WebhookEvent } from './event-types';
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

export const ZCreateWebhook = z.object({
  url: ZWebhookUrl,
  events: ZWebhookEvents,
  link_id: filterId('link_id').optional(),
  domain_id: filterId('domain_id').optional(),
  enabled: enabled.optional(),
});
export type TCreateWebhook = z.output<typeof ZCreateWebhook>;

export const ZUpdateWebhook = z.object({
  url: ZWebhookUrl.optional(),
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
    url: z.string().meta({ examples: ['https://hooks.example.com/sling'] }),
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
