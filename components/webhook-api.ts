// The dashboard's calls to /api/v1/webhooks (same-origin, session cookie). A refused call throws
// ApiError with the API's message and per-field details, so forms can show them inline.
import type { AttemptJson, DeliveryJson } from '@/lib/webhooks/delivery-log';
import type { WebhookJson } from '@/lib/webhooks/manage-webhooks';
import { ApiError, apiJson } from './api-client';

export type Webhook = WebhookJson;
export type Delivery = DeliveryJson;
export type Attempt = AttemptJson;
export type DeliveryDetails = { delivery: Delivery; attempts: Attempt[]; payload: { id: string; event: string; timestamp: string; data: unknown } };

export { ApiError };

export function webhookApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return apiJson<T>(`/api/v1/webhooks${path}`, init);
}

/** A timestamp in the reader's locale and time zone. */
/** The full date and time, for text that cannot hold a <When> (labels, sentences built as strings). */
export { formatWhen as localTime } from './when';
