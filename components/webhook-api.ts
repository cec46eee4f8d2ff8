// The dashboard's calls to /api/v1/webhooks (same-origin, session cookie). A refused call throws
// ApiError with the API's message and per-field details, so forms can show them inline.
import type { AttemptJson, DeliveryJson } from '@/lib/webhooks/delivery-log';
import type { WebhookJson } from '@/lib/webhooks/manage-webhooks';

export type Webhook = WebhookJson;
export type Delivery = DeliveryJson;
export type Attempt = AttemptJson;
export type DeliveryDetails = { delivery: Delivery; attempts: Attempt[]; payload: { id: string; event: string; timestamp: string; data: unknown } };

export class ApiError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, string> = {},
  ) {
    super(message);
  }
}

export async function webhookApi<T = unknown>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const hasBody = init.body !== undefined;
  const res = await fetch(`/api/v1/webhooks${path}`, {
    method: init.method ?? 'GET',
    headers: hasBody ? { 'content-type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(init.body) : undefined,
  });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(body?.error?.message ?? `The server answered ${res.status}.`, body?.error?.details);
  return body as T;
}

/** A timestamp in the reader's locale and time zone. */
export const localTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
