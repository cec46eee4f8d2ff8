// Webhooks: subscriptions, one delivery per event and subscription, and every attempt at it.
// The delivery row is the unit of work: workers claim due rows with a lease (FOR UPDATE SKIP
// LOCKED), so two workers never send the same delivery while the lease holds, and a worker that
// dies mid-send leaves a row that is retried once its lease runs out (at-least-once).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/** A signed webhook, or a chat service's own message format (notification channels). */
export const WEBHOOK_KINDS = ['webhook', 'slack', 'discord', 'teams', 'telegram'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The member who registered it. */
    createdBy: text('created_by'),
    /** For a signed webhook, its URL; for a channel, a display form without the secret part. */
    url: text('url').notNull(),
    kind: text('kind').$type<WebhookKind>().notNull().default('webhook'),
    /** A channel's secret: its incoming-webhook URL (Slack, Discord, Teams) or bot token (Telegram),
     *  AES-256-GCM with SECRET_KEY. */
    targetCiphertext: text('target_ciphertext'),
    /** Telegram: the chat the bot posts to. */
    chatId: text('chat_id'),
    /** A label its owner gave it ("#launches"). */
    name: text('name'),
    /** Event types received, e.g. {link.created, link.clicked}. */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    /** Optional filters: only this link / only this domain. */
    linkId: bigint('link_id', { mode: 'number' }),
    domainId: integer('domain_id'),
    enabled: boolean('enabled').notNull().default(true),
    /** Signing secret (`whsec_…`), AES-256-GCM with SECRET_KEY. */
    secretCiphertext: text('secret_ciphertext'),
    /** After a rotation the old secret keeps signing alongside the new one until this time. */
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Why Sling turned the endpoint off (repeated failure); null when enabled by its owner. */
    disabledReason: text('disabled_reason'),
    /** First failed attempt since the last success; null while healthy. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Deliveries that ran out of retries since the last success. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

export type WebhookRow = typeof webhooks.$inferSelect;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** events.id: the payload, and the `webhook-id` header receivers dedupe by. */
    eventId: text('event_id').notNull(),
    eventSeq: bigint('event_seq', { mode: 'number' }).notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** false after a manual resend: that one attempt is not retried automatically. */
    autoRetry: boolean('auto_retry').notNull().default(true),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the delivery until then (set when claimed). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_once').on(t.webhookId, t.eventId),
    /** A claim takes each endpoint's oldest due deliveries, up to its share of the slots. */
    index('webhook_deliveries_due_by_webhook').on(t.webhookId, t.nextAttemptAt, t.eventSeq).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_log').on(t.webhookId, t.eventSeq),
    /** Events still in a delivery log are kept when old events are pruned. */
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** HTTP status, or null when no answer came (refused, timeout, unsafe address). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The first KiB of the response body. */
    responseBody: text('response_body'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
