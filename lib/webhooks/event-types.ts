// The events a webhook can subscribe to (docs/guide/webhooks.md), and the one Sling sends on request.
import { EVENT_TYPES, type EventType } from '../events/event-types';

/** Every recorded event (lib/events/event-types.ts) can be subscribed to. */
export const WEBHOOK_EVENTS = EVENT_TYPES;
export type WebhookEvent = EventType;

/** Sent by "send test event"; never fanned out to subscriptions. */
export const TEST_EVENT = 'webhook.test';

/** Finished deliveries stay in the log this long (the daily `webhooks.prune` job). */
export const DELIVERY_LOG_DAYS = 30;
