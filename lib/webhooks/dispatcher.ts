// The webhook worker loop (roles all and worker): fan new events out into deliveries, claim due
// deliveries up to the concurrency limit, POST them, record every attempt, schedule retries.
//
// Why not one pg-boss job per attempt: a delivery needs state pg-boss jobs do not keep (its
// attempt log, a manual resend, the endpoint's health, a fixed retry schedule rather than one
// backoff formula), so the delivery row is the job and this loop claims rows the way pg-boss
// claims jobs (FOR UPDATE SKIP LOCKED, with a lease for a worker that dies).
import type { Queryable } from '../db/types';
import { logger } from '../log/logger';
import { claimDueDeliveries, disableFailingWebhook, recordAttempt, type ClaimedDelivery, type HealthLimits } from './deliveries';
import { fanOutEvents } from './fan-out';
import { postWebhook, type PostResult } from './post-webhook';
import { openWebhookSecret, signatureHeader } from './webhook-secret';

/** Seconds before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all). */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export interface DispatcherOptions extends HealthLimits {
  secretKey: string;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Seconds before retry 1, 2, …; after the last one a delivery is failed. */
  retrySchedule: number[];
  concurrency: number;
  pollMs: number;
  /** Tells the owner their endpoint was turned off. */
  notifyDisabled(notice: { email: string | null; url: string; reason: string }): Promise<void>;
}

export interface Dispatcher {
  /** Runs a round now (after a change that made deliveries, e.g. a test event). */
  wake(): void;
  /** Stops claiming and waits for the attempts in flight to be sent and recorded. */
  stop(): Promise<void>;
}

const FAN_OUT_BATCH = 500;

export function startWebhookDispatcher(db: Queryable, opts: DispatcherOptions): Dispatcher {
  const log = logger();
  const leaseSeconds = opts.timeoutMs / 1000 + 30;
  const inFlight = new Set<Promise<void>>();
  let running = true;
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  /** Asked for a round while one was running: run another right after it. */
  let again = false;
  /** The last claim filled every free slot, so more may be due right now. */
  let backlog = false;
  /** New events are fanned out once per poll interval, or at once when woken. */
  let lastFanOut = 0;
  let woken = true;

  /** Runs a round in `ms` (or sooner, if one is already planned sooner). */
  function schedule(ms: number) {
    if (!running) return;
    if (round) {
      if (ms === 0) again = true;
      return;
    }
    if (Date.now() + ms >= timerAt) return;
    clearTimeout(timer);
    timerAt = Date.now() + ms;
    timer = setTimeout(() => void runRound(), ms);
  }

  function runRound(): Promise<void> {
    if (!running) return Promise.resolve();
    if (round) return round;
    clearTimeout(timer);
    timerAt = Infinity;
    const fanOut = woken || Date.now() - lastFanOut >= opts.pollMs;
    woken = false;
    if (fanOut) lastFanOut = Date.now();
    round = (async () => {
      // (Start after this function has stored `round`: a round with nothing to await would
      // otherwise run its finally, clearing `round`, before the assignment below sets it for good.)
      await Promise.resolve();
      try {
        for (let i = 0; fanOut && i < 20 && running; i++) {
          if ((await fanOutEvents(db, FAN_OUT_BATCH)).events < FAN_OUT_BATCH) break;
        }
        const free = opts.concurrency - inFlight.size;
        if (running && free > 0) {
          const claims = await claimDueDeliveries(db, free, leaseSeconds);
          backlog = claims.length === free;
          for (const claim of claims) launch(claim);
        }
      } catch (err) {
        log.warn({ err }, 'webhook round failed; trying again shortly');
      } finally {
        round = null;
        const next = again ? 0 : opts.pollMs;
        again = false;
        schedule(next);
      }
    })();
    return round;
  }

  function launch(claim: ClaimedDelivery) {
    const p: Promise<void> = attempt(claim)
      .catch((err) => log.error({ err, delivery: claim.id }, 'webhook attempt could not be recorded; it is retried when its lease ends'))
      .finally(() => {
        inFlight.delete(p);
        // With more waiting, refill once half the slots are free: one claim for many deliveries.
        if (backlog && inFlight.size <= opts.concurrency / 2) schedule(0);
      });
    inFlight.add(p);
  }

  async function attempt(claim: ClaimedDelivery) {
    const result = await send(claim);
    const retries = opts.retrySchedule;
    const retryIn = result.ok || !claim.auto_retry || claim.attempts > retries.length ? null : jitter(retries[claim.attempts - 1]);
    const disableBecause = await recordAttempt(db, claim, result, retryIn, opts);
    log.debug({ delivery: claim.id, webhook: claim.webhook_id, status: result.statusCode, error: result.error, ms: result.durationMs }, 'webhook attempt');
    if (disableBecause) {
      const reason = `Turned off by Sling: ${disableBecause}.`;
      const notice = await disableFailingWebhook(db, claim.webhook_id, reason);
      if (notice) {
        log.warn({ webhook: claim.webhook_id, reason }, 'webhook endpoint disabled');
        await opts.notifyDisabled({ ...notice, reason }).catch((err) => log.error({ err }, 'could not tell the owner about a disabled webhook'));
      }
    }
  }

  async function send(claim: ClaimedDelivery): Promise<PostResult> {
    let secrets: string[];
    try {
      if (!claim.secret_ciphertext) throw new Error('no secret');
      secrets = [openWebhookSecret(claim.secret_ciphertext, opts.secretKey)];
      if (claim.previous_valid && claim.previous_secret_ciphertext) secrets.push(openWebhookSecret(claim.previous_secret_ciphertext, opts.secretKey));
    } catch {
      return { ok: false, statusCode: null, durationMs: 0, body: '', error: 'the signing secret cannot be read (was SECRET_KEY changed?); rotate the secret' };
    }
    const body = JSON.stringify({ id: claim.event_id, event: claim.type, timestamp: new Date(claim.occurred_at).toISOString(), data: claim.data });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': claim.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, claim.event_id, timestamp, body),
    };
    return postWebhook(claim.url, body, headers, { timeoutMs: opts.timeoutMs, allowPrivate: opts.allowPrivate });
  }

  schedule(0);
  return {
    wake: () => {
      woken = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await round;
      await Promise.all([...inFlight]);
    },
  };
}

/** ±20 %, so endpoints coming back are not hit by every retry at once. */
function jitter(seconds: number): number {
  return seconds * (0.8 + Math.random() * 0.4);
}
