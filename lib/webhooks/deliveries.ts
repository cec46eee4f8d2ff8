// Claiming due deliveries and recording the outcome of an attempt. A claim takes a lease
// (locked_until) and counts the attempt; the outcome is written in one statement together with
// the attempt log row and the endpoint's health (failing since, failures in a row).
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
  secret_ciphertext: string | null;
  previous_secret_ciphertext: string | null;
  previous_valid: boolean | null;
}

const CLAIM = `
WITH due AS (
  SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
  WHERE d.status = 'pending' AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now()) AND w.enabled
  ORDER BY d.next_attempt_at, d.event_seq
  LIMIT $1
  FOR UPDATE OF d SKIP LOCKED
),
claimed AS (
  UPDATE webhook_deliveries d SET locked_until = now() + make_interval(secs => $2::float8), attempts = d.attempts + 1
  FROM due WHERE d.id = due.id
  RETURNING d.id, d.webhook_id, d.event_id, d.attempts, d.auto_retry
)
SELECT c.*, e.type, e.occurred_at, e.data, w.url, w.secret_ciphertext, w.previous_secret_ciphertext,
       w.previous_secret_expires_at > now() AS previous_valid
FROM claimed c JOIN events e ON e.id = c.event_id JOIN webhooks w ON w.id = c.webhook_id
ORDER BY e.seq`;

/** Claims up to `limit` due deliveries of enabled webhooks for `leaseSeconds`. */
export function claimDueDeliveries(db: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return db.query<ClaimedDelivery>(CLAIM, [limit, leaseSeconds]);
}

const RECORD = `
WITH att AS (
  INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, error, response_body, succeeded)
  SELECT $1, $2, $3, $4, $5, $6 WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1) -- gone if the webhook was deleted meanwhile
),
d AS (
  UPDATE webhook_deliveries SET
    status = $7::text,
    next_attempt_at = CASE WHEN $7::text = 'pending' THEN now() + make_interval(secs => $8::float8) ELSE next_attempt_at END,
    locked_until = NULL,
    completed_at = CASE WHEN $7::text = 'pending' THEN NULL ELSE now() END
  WHERE id = $1 AND attempts = $9 AND status = 'pending'
  RETURNING webhook_id
),
-- The endpoint's health row is written only when it changes (last_success_at at most once a
-- minute): every delivery of a busy endpoint writing the one row would serialise them on its lock.
health AS (
  UPDATE webhooks w SET
    failing_since = CASE WHEN $6 THEN NULL ELSE coalesce(w.failing_since, now()) END,
    consecutive_failures = CASE WHEN $6 THEN 0 WHEN $7::text = 'failed' THEN w.consecutive_failures + 1 ELSE w.consecutive_failures END,
    last_success_at = CASE WHEN $6 THEN now() ELSE w.last_success_at END
  WHERE w.id IN (SELECT webhook_id FROM d) AND CASE
    WHEN $6 THEN w.failing_since IS NOT NULL OR w.consecutive_failures <> 0 OR w.last_success_at IS NULL OR w.last_success_at < now() - interval '1 minute'
    ELSE w.failing_since IS NULL OR $7::text = 'failed' END
  RETURNING w.enabled, w.consecutive_failures, w.failing_since
),
state AS (
  SELECT * FROM health
  UNION ALL
  SELECT w.enabled, w.consecutive_failures, w.failing_since FROM webhooks w
  WHERE w.id IN (SELECT webhook_id FROM d) AND NOT EXISTS (SELECT 1 FROM health)
)
SELECT CASE
  WHEN NOT enabled THEN NULL
  WHEN consecutive_failures >= $10 THEN consecutive_failures || CASE WHEN consecutive_failures = 1 THEN ' delivery' ELSE ' deliveries' END || ' failed in a row'
  WHEN failing_since <= now() - make_interval(secs => $11::float8) THEN 'no successful delivery since ' || to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
END AS disable_because FROM state`;

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  body: string;
}

export interface HealthLimits {
  /** Deliveries failed in a row (out of retries) that disable the endpoint. */
  disableAfterFailures: number;
  /** Hours without a success (while failing) that disable the endpoint. */
  disableAfterHours: number;
}

/**
 * Writes the attempt and moves the delivery on: succeeded, failed (out of retries, or a manual
 * resend), or pending again in `retryInSeconds`. A worker whose lease ran out and whose delivery
 * another worker re-claimed only logs its attempt. Returns why the endpoint should now be
 * disabled, or null.
 */
export async function recordAttempt(
  db: Queryable,
  claim: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  outcome: AttemptOutcome,
  retryInSeconds: number | null,
  limits: HealthLimits,
): Promise<string | null> {
  const status = outcome.ok ? 'succeeded' : retryInSeconds === null ? 'failed' : 'pending';
  const rows = await db.query<{ disable_because: string | null }>(RECORD, [
    claim.id, outcome.statusCode, outcome.durationMs, outcome.error, outcome.body, outcome.ok,
    status, retryInSeconds ?? 0, claim.attempts, limits.disableAfterFailures, limits.disableAfterHours * 3600,
  ]);
  return rows[0]?.disable_because ?? null;
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
