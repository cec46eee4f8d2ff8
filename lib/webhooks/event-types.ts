// The events a webhook can subscribe to (docs/guide/webhooks.md), and the one Sling sends on request.
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked', 'link.expired', 'domain.verified'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by "send test event"; never fanned out to subscriptions. */
export const TEST_EVENT = 'webhook.test';

/** Finished deliveries stay in the log this long (the daily `webhooks.prune` job). */
export const DELIVERY_LOG_DAYS = 30;
