// A webhook's delivery log: deliveries newest first with their latest attempt, one delivery with
// every attempt and the payload, a manual resend, and a test event.
import { randomUUID } from 'node:crypto';
import type { WebhookRow } from '../../db/schema';
import type { Queryable } from '../db/types';
import { newEventId } from '../events/record-event';
import { AppError } from '../core/errors';
import { TEST_EVENT } from './event-types';

export interface AttemptJson {
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
  succeeded: boolean;
}

export interface DeliveryJson {
  id: string;
  event_id: string;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  /** When the next try is due (pending only). */
  next_attempt_at: string | null;
  created_at: string;
  completed_at: string | null;
  last_attempt: AttemptJson | null;
}

interface DeliveryRow {
  id: string;
  event_id: string;
  event: string;
  status: DeliveryJson['status'];
  attempts: number;
  next_attempt_at: Date | string;
  created_at: Date | string;
  completed_at: Date | string | null;
  event_seq: string | number;
  last_attempt: AttemptJson | null;
}

const SELECT = `
SELECT d.id, d.event_id, e.type AS event, d.status, d.attempts, d.next_attempt_at, d.created_at, d.completed_at, d.event_seq,
  (SELECT json_build_object('attempted_at', a.attempted_at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
            'error', a.error, 'response_body', a.response_body, 'succeeded', a.succeeded)
     FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.id DESC LIMIT 1) AS last_attempt
FROM webhook_deliveries d JOIN events e ON e.id = d.event_id`;

function serialize(r: DeliveryRow): DeliveryJson {
  return {
    id: r.id,
    event_id: r.event_id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    created_at: iso(r.created_at)!,
    completed_at: iso(r.completed_at),
    last_attempt: r.last_attempt ? { ...r.last_attempt, attempted_at: iso(r.last_attempt.attempted_at)! } : null,
  };
}

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export interface ListDeliveriesOptions {
  status?: DeliveryJson['status'];
  limit: number;
  /** Page cursor: deliveries older than this one. */
  before?: string;
}

/** Newest first; `next_before` continues the list. */
export async function listDeliveries(
  db: Queryable,
  webhookId: string,
  opts: ListDeliveriesOptions,
): Promise<{ deliveries: DeliveryJson[]; next_before: string | null }> {
  const params: unknown[] = [webhookId, opts.limit + 1];
  let where = 'd.webhook_id = $1';
  if (opts.status) {
    params.push(opts.status);
    where += ` AND d.status = $${params.length}`;
  }
  if (opts.before) {
    params.push(opts.before);
    where += ` AND d.event_seq < (SELECT event_seq FROM webhook_deliveries WHERE id = $${params.length} AND webhook_id = $1)`;
  }
  const rows = await db.query<DeliveryRow>(`${SELECT} WHERE ${where} ORDER BY d.event_seq DESC LIMIT $2`, params);
  const more = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return { deliveries: page.map(serialize), next_before: more ? page[page.length - 1].id : null };
}

/** One delivery of `webhook`, a row read through the caller's scope (getWebhookOrThrow): never by a bare id. */
export async function getDelivery(db: Queryable, webhook: Pick<WebhookRow, 'id'>, deliveryId: string) {
  const [row] = await db.query<DeliveryRow & { payload: unknown }>(
    `SELECT q.*, json_build_object('id', e.id, 'event', e.type, 'timestamp', e.occurred_at, 'data', e.data) AS payload
     FROM (${SELECT} WHERE d.webhook_id = $1 AND d.id = $2) q JOIN events e ON e.id = q.event_id`,
    [webhook.id, deliveryId],
  );
  if (!row) throw new AppError('not_found', `No delivery "${deliveryId}" found for this webhook.`);
  const attempts = await db.query<AttemptJson>(
    `SELECT attempted_at, status_code, duration_ms, error, response_body, succeeded FROM webhook_attempts WHERE delivery_id = $1 ORDER BY id`,
    [deliveryId],
  );
  const payload = row.payload as { id: string; event: string; timestamp: string; data: unknown };
  return {
    delivery: serialize(row),
    attempts: attempts.map((a) => ({ ...a, attempted_at: iso(a.attempted_at)! })),
    payload: { ...payload, timestamp: iso(payload.timestamp) },
  };
}

/** Queues one more attempt now (not retried automatically if it fails). */
export async function resendDelivery(db: Queryable, webhook: Pick<WebhookRow, 'id' | 'enabled'>, deliveryId: string): Promise<DeliveryJson> {
  if (!webhook.enabled) throw new AppError('invalid_request', 'This webhook is turned off; enable it before re-sending.');
  const updated = await db.query<{ id: string }>(
    `UPDATE webhook_deliveries SET status = 'pending', auto_retry = false, next_attempt_at = now(), completed_at = NULL, locked_until = NULL
     WHERE webhook_id = $1 AND id = $2 AND status <> 'pending' RETURNING id`,
    [webhook.id, deliveryId],
  );
  if (updated.length === 0) {
    const { delivery } = await getDelivery(db, webhook, deliveryId); // 404 if it does not exist
    throw new AppError('invalid_request', `This delivery is already queued (next attempt ${delivery.next_attempt_at}).`);
  }
  return (await getDelivery(db, webhook, deliveryId)).delivery;
}

/** A `webhook.test` event for this webhook only, delivered once. */
export async function sendTestEvent(db: Queryable, webhook: Pick<WebhookRow, 'id' | 'workspaceId' | 'enabled'>): Promise<DeliveryJson> {
  if (!webhook.enabled) throw new AppError('invalid_request', 'This webhook is turned off; enable it before sending a test event.');
  const eventId = newEventId();
  const deliveryId = `whd_${randomUUID().replaceAll('-', '')}`;
  await db.query(
    `WITH e AS (
       INSERT INTO events (id, type, workspace_id, data, dispatched_at)
       VALUES ($1, $2, $3, jsonb_build_object('webhook_id', $4::text, 'message', 'This is a test event from Sling.'), now())
       RETURNING id, seq
     )
     INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, auto_retry) SELECT $5, $4, e.id, e.seq, false FROM e`,
    [eventId, TEST_EVENT, webhook.workspaceId, webhook.id, deliveryId],
  );
  return (await getDelivery(db, webhook, deliveryId)).delivery;
}

function iso(d: Date | string | null): string | null {
  if (d === null) return null;
  // json_build_object renders timestamptz as "2026-11-22T10:00:00.123+00:00"; Date parses both.
  return new Date(d).toISOString();
}
