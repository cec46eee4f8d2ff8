// Outbox retention: events fanned out more than `days` ago leave the outbox, in batches, except
// those a webhook's delivery log still shows (a delivery row leaves with the log's own pruning,
// lib/webhooks/deliveries.ts, so its payload stays as long as the log shows it).
import type { Queryable } from '../db/types';

/** Deletes dispatched events older than `days` that no delivery refers to; returns how many. */
export async function pruneEvents(db: Queryable, days: number, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }>(
      `WITH old AS (
         SELECT e.seq FROM events e
         WHERE e.dispatched_at < now() - make_interval(days => $1::int)
           AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)
         ORDER BY e.seq LIMIT $2
       ), gone AS (DELETE FROM events WHERE seq IN (SELECT seq FROM old) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days, batch],
    );
    total += n;
    if (n < batch) return total;
  }
}
