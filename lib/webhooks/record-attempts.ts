// Recording finished attempts, many in one statement: the attempt log rows, each delivery's next
// state (succeeded, failed, or pending again after a delay) and each endpoint's health (failing
// since, failures in a row), with the same outcome as recording them one by one in the order given.
import type { Queryable } from '../db/types';
import type { ClaimedDelivery } from './deliveries';

const RECORD = `
WITH b AS (
  SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::bool[], $8::text[], $9::float8[])
    WITH ORDINALITY AS b(id, attempts, status_code, duration_ms, error, body, ok, status, retry_in, ord)
),
att AS (
  INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, error, response_body, succeeded)
  SELECT b.id, b.status_code, b.duration_ms, b.error, b.body, b.ok FROM b
  WHERE EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.id = b.id) -- gone if the webhook was deleted meanwhile
  ORDER BY b.ord
),
-- Only the claim that still holds the delivery moves it on: a worker whose lease ran out and whose
-- delivery another worker re-claimed only logs its attempt.
d AS (
  UPDATE webhook_deliveries d SET
    status = b.status,
    next_attempt_at = CASE WHEN b.status = 'pending' THEN now() + make_interval(secs => b.retry_in) ELSE d.next_attempt_at END,
    locked_until = NULL,
    completed_at = CASE WHEN b.status = 'pending' THEN NULL ELSE now() END
  -- (id = ANY: found by primary key; joined on b alone, a young table without statistics was
  -- read through all its pending rows for each batch.)
  FROM b WHERE d.id = ANY($1::text[]) AND d.id = b.id AND d.attempts = b.attempts AND d.status = 'pending'
  RETURNING d.webhook_id, b.ord, b.ok, b.status
),
last_ok AS (SELECT webhook_id, max(ord) FILTER (WHERE ok) AS ord FROM d GROUP BY webhook_id),
-- Per endpoint: its last success in this batch, and what failed after it.
per AS (
  SELECT d.webhook_id, l.ord AS last_ok,
         count(*) FILTER (WHERE d.status = 'failed' AND d.ord > coalesce(l.ord, 0))::int AS failed_after,
         coalesce(bool_or(NOT d.ok AND d.ord > coalesce(l.ord, 0)), false) AS failing_after
  FROM d JOIN last_ok l USING (webhook_id) GROUP BY d.webhook_id, l.ord
),
-- The endpoint's health row is written only when it changes (last_success_at at most once a
-- minute): every delivery of a busy endpoint writing the one row would serialise them on its lock.
health AS (
  UPDATE webhooks w SET
    failing_since = CASE WHEN NOT p.failing_after THEN NULL WHEN p.last_ok IS NULL THEN coalesce(w.failing_since, now()) ELSE now() END,
    consecutive_failures = CASE WHEN p.last_ok IS NULL THEN w.consecutive_failures + p.failed_after ELSE p.failed_after END,
    last_success_at = CASE WHEN p.last_ok IS NULL THEN w.last_success_at ELSE now() END
  FROM per p
  WHERE w.id = p.webhook_id AND (
    p.failed_after > 0
    OR (p.failing_after AND (w.failing_since IS NULL OR p.last_ok IS NOT NULL))
    OR (p.last_ok IS NOT NULL AND (w.failing_since IS NOT NULL OR w.consecutive_failures <> 0
                                   OR w.last_success_at IS NULL OR w.last_success_at < now() - interval '1 minute')))
  RETURNING w.id, w.enabled, w.consecutive_failures, w.failing_since
),
state AS (
  SELECT * FROM health
  UNION ALL
  SELECT w.id, w.enabled, w.consecutive_failures, w.failing_since FROM webhooks w JOIN per p ON p.webhook_id = w.id
  WHERE NOT EXISTS (SELECT 1 FROM health h WHERE h.id = w.id)
)
SELECT id AS webhook_id, CASE
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

export interface FinishedAttempt {
  claim: Pick<ClaimedDelivery, 'id' | 'attempts'>;
  outcome: AttemptOutcome;
  /** Seconds until the next try; null: no more tries (failed, unless it succeeded). */
  retryInSeconds: number | null;
}

/**
 * Writes the attempts (in this order) and moves their deliveries on: succeeded, failed (out of
 * retries, or a manual resend), or pending again after `retryInSeconds`. Returns, per endpoint
 * whose deliveries moved, why it should now be turned off (null: it should not).
 */
export async function recordAttempts(
  db: Queryable,
  list: FinishedAttempt[],
  limits: HealthLimits,
): Promise<Array<{ webhook_id: string; disable_because: string | null }>> {
  if (list.length === 0) return [];
  const cols = [[], [], [], [], [], [], [], [], []] as unknown[][];
  for (const { claim, outcome, retryInSeconds } of list) {
    const status = outcome.ok ? 'succeeded' : retryInSeconds === null ? 'failed' : 'pending';
    const row = [claim.id, claim.attempts, outcome.statusCode, outcome.durationMs, outcome.error, outcome.body, outcome.ok, status, retryInSeconds ?? 0];
    row.forEach((v, i) => cols[i].push(v));
  }
  return db.query(RECORD, [...cols, limits.disableAfterFailures, limits.disableAfterHours * 3600]);
}
