// Outbox → deliveries: claims events not yet fanned out and makes one delivery per enabled
// webhook of the event's workspace that subscribes to its type and whose link/domain filter matches.
// One statement; events are claimed with SKIP LOCKED, so workers side by side split the work, and
// the (webhook, event) unique key makes a second fan-out of the same event a no-op.
import type { Queryable } from '../db/types';

const SQL = `
WITH claimed AS (
  SELECT seq, id, type, workspace_id, link_id, occurred_at, data FROM events
  WHERE dispatched_at IS NULL
  ORDER BY seq
  LIMIT $1
  FOR UPDATE SKIP LOCKED
),
made AS (
  INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, next_attempt_at)
  SELECT 'whd_' || replace(gen_random_uuid()::text, '-', ''), w.id, c.id, c.seq, now()
  FROM claimed c
  JOIN webhooks w ON w.workspace_id = c.workspace_id AND w.enabled AND c.type = ANY(w.events)
    -- Not events from before the webhook existed; with slack, because occurred_at is the app's
    -- clock (ms) or a click's time, up to a flush interval before the row is written.
    AND c.occurred_at >= w.created_at - interval '10 seconds'
    AND (w.link_id IS NULL OR w.link_id = c.link_id)
    AND (w.domain_id IS NULL OR w.domain_id = coalesce(
          (c.data -> 'domain' ->> 'id')::int, (SELECT l.domain_id FROM links l WHERE l.id = c.link_id)))
  ORDER BY c.seq
  ON CONFLICT (webhook_id, event_id) DO NOTHING
  RETURNING 1
),
marked AS (
  UPDATE events SET dispatched_at = now() WHERE seq IN (SELECT seq FROM claimed) RETURNING 1
)
SELECT (SELECT count(*) FROM marked)::int AS events, (SELECT count(*) FROM made)::int AS deliveries`;

/** Fans out up to `limit` events; returns how many events and deliveries it handled. */
export async function fanOutEvents(db: Queryable, limit = 500): Promise<{ events: number; deliveries: number }> {
  const [row] = await db.query<{ events: number; deliveries: number }>(SQL, [limit]);
  return row;
}
