// Claiming due deliveries: a claim takes a lease (locked_until) and counts the attempt; the outcome
// is written by record-attempts.ts. Also turning a failing endpoint off, and pruning the log.
import type { WebhookKind } from '../../db/schema/webhooks';
import type { Queryable } from '../db/types';

export interface ClaimedDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  /** This attempt's number (1 = first). */
  attempts: number;
  auto_retry: boolean;
  type: string;
  occurred_at: Date | string;
  data: unknown;
  url: string;
  kind: WebhookKind;
  /** A channel's sealed secret URL or bot token. */
  target_ciphertext: string | null;
  chat_id: string | null;
  name: string | null;
  /** A channel's link.clicked: the short link's host (the event's data has its code only). */
  link_host: string | null;
  secret_ciphertext: string | null;
  previous_secret_ciphertext: string | null;
  previous_valid: boolean | null;
  /** The payload, serialised by the dispatcher once per event of a claim. */
  body?: string;
}

// Per enabled webhook, its due deliveries up to its free slots (the per-endpoint cap less what this
// worker already has in flight there), so one endpoint's backlog cannot fill every slot; then the
// oldest of those up to the worker's free slots. Rows locked but not taken are let go when the
// statement ends.
const CLAIM = `
WITH busy AS (SELECT * FROM unnest($4::text[], $5::int[]) AS b(webhook_id, n)),
due AS (
  SELECT d.id, d.next_attempt_at, d.event_seq FROM webhooks w
  CROSS JOIN LATERAL (
    SELECT d.id, d.next_attempt_at, d.event_seq FROM webhook_deliveries d
    WHERE d.webhook_id = w.id AND d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
    ORDER BY d.next_attempt_at, d.event_seq
    LIMIT greatest(0, $3 - coalesce((SELECT n FROM busy WHERE busy.webhook_id = w.id), 0))
    FOR UPDATE OF d SKIP LOCKED
  ) d
  WHERE w.enabled
  ORDER BY d.next_attempt_at, d.event_seq
  LIMIT $1
),
claimed AS (
  UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2::float8), attempts = d.attempts + 1
  WHERE d.id = ANY(ARRAY(SELECT id FROM due))
  RETURNING d.id, d.webhook_id, d.event_id, d.event_seq, d.attempts, d.auto_retry
)
SELECT c.id, c.webhook_id, c.event_id, c.attempts, c.auto_retry, e.type, e.occurred_at, e.data, w.url, w.secret_ciphertext,
       w.previous_secret_ciphertext, w.previous_secret_expires_at > now() AS previous_valid,
       w.kind, w.target_ciphertext, w.chat_id, w.name,
       CASE WHEN w.kind <> 'webhook' AND e.type = 'link.clicked' THEN
         (SELECT dm.hostname FROM links l JOIN domains dm ON dm.id = l.domain_id WHERE l.id = e.link_id) END AS link_host
FROM claimed c
-- Looked up row by row (OFFSET 0 keeps the subquery from being joined as a whole): on a young
-- table without statistics the planner would otherwise hash-join a scan of every event, a cost that
-- grows with the table for each claim.
CROSS JOIN LATERAL (SELECT e.type, e.occurred_at, e.data, e.link_id FROM events e WHERE e.seq = c.event_seq OFFSET 0) e
JOIN webhooks w ON w.id = c.webhook_id
ORDER BY c.event_seq`;

/**
 * Milliseconds until the next pending delivery of an enabled endpoint is due, by the database's
 * clock (not held by a claim; 0 or less when one is due already), or null when none is pending.
 */
export async function nextDueInMs(db: Queryable): Promise<number | null> {
  const [row] = await db.query<{ ms: number | null }>(
    `SELECT (EXTRACT(EPOCH FROM min(d.next_attempt_at) - now()) * 1000)::float8 AS ms
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id AND w.enabled
     WHERE d.status = 'pending' AND (d.locked_until IS NULL OR d.locked_until < now())`,
  );
  return row?.ms ?? null;
}

export interface ClaimOptions {
  /** Deliveries to claim at most (the worker's free slots). */
  limit: number;
  leaseSeconds: number;
  /** Deliveries in flight per endpoint at most… */
  perEndpoint: number;
  /** …of which this worker already has these (webhook id → count). */
  busy?: ReadonlyMap<string, number>;
}

/** Claims due deliveries of enabled webhooks for `leaseSeconds`, at most `perEndpoint` in flight per webhook. */
export function claimDueDeliveries(db: Queryable, opts: ClaimOptions): Promise<ClaimedDelivery[]> {
  const busy = opts.busy ?? new Map<string, number>();
  return db.query<ClaimedDelivery>(CLAIM, [opts.limit, opts.leaseSeconds, opts.perEndpoint, [...busy.keys()], [...busy.values()]]);
}

/** Gives claimed deliveries that were not attempted back (a worker stopping), as if never claimed. */
export async function releaseDeliveries(db: Queryable, claims: Pick<ClaimedDelivery, 'id' | 'attempts'>[]): Promise<void> {
  if (claims.length === 0) return;
  await db.query(
    `UPDATE webhook_deliveries d SET locked_until = NULL, attempts = d.attempts - 1
     FROM unnest($1::text[], $2::int[]) AS c(id, attempts)
     WHERE d.id = c.id AND d.attempts = c.attempts AND d.status = 'pending'`,
    [claims.map((c) => c.id), claims.map((c) => c.attempts)],
  );
}

/** Turns the endpoint off (once); returns whom to tell (the admin who registered it, else the workspace owner) and the URL. */
export async function disableFailingWebhook(db: Queryable, webhookId: string, reason: string): Promise<{ email: string | null; url: string } | null> {
  const rows = await db.query<{ email: string | null; url: string }>(
    `WITH off AS (
       UPDATE webhooks SET enabled = false, disabled_reason = $2, updated_at = now() WHERE id = $1 AND enabled RETURNING workspace_id, created_by, url
     )
     SELECT coalesce(
       (SELECT u.email FROM users u JOIN workspace_members m ON m.user_id = u.id AND m.workspace_id = off.workspace_id
         WHERE u.id = off.created_by AND m.role IN ('owner', 'admin')),
       (SELECT u.email FROM users u JOIN workspace_members m ON m.user_id = u.id AND m.workspace_id = off.workspace_id
         WHERE m.role = 'owner')) AS email, off.url FROM off`,
    [webhookId, reason],
  );
  return rows[0] ?? null;
}

/** Deletes finished deliveries (and their attempts) older than `days`, in batches; returns how many. */
export async function pruneDeliveries(db: Queryable, days: number, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ n }] = await db.query<{ n: number }>(
      `WITH old AS (
         SELECT id FROM webhook_deliveries WHERE status <> 'pending' AND completed_at < now() - make_interval(days => $1::int) LIMIT $2
       ), gone AS (DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM old) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [days, batch],
    );
    total += n;
    if (n < batch) return total;
  }
}
