// The webhook worker loop (roles all and worker): fan new events out into deliveries, claim due
// deliveries up to the concurrency limit (and at most `endpointConcurrency` per endpoint, so a slow
// one cannot hold every slot), POST them over kept connections, record every attempt (many per
// statement), schedule retries. Notification channels (Slack, Discord, Teams, Telegram) go the same
// way; only their request differs (channel-delivery.ts).
//
// Why not one pg-boss job per attempt: a delivery needs state pg-boss jobs do not keep (its
// attempt log, a manual resend, the endpoint's health, a fixed retry schedule rather than one
// backoff formula), so the delivery row is the job and this loop claims rows the way pg-boss
// claims jobs (FOR UPDATE SKIP LOCKED, with a lease for a worker that dies).
import type { KeyObject } from 'node:crypto';
import type { Queryable } from '../db/types';
import { logger } from '../core/logger';
import { attemptRecorder } from './attempt-recorder';
import { channelOutcome, channelRequest, DEFAULT_TELEGRAM_API_URL } from './channel-delivery';
import { openedTargets } from './channel-target';
import { claimDueDeliveries, disableFailingWebhook, nextDueInMs, releaseDeliveries, type ClaimedDelivery } from './deliveries';
import { DeliverySlots } from './delivery-slots';
import { endpointAgents } from './endpoint-agents';
import { fanOutEvents } from './fan-out';
import { postWebhook, type PostResult } from './post-webhook';
import type { HealthLimits } from './record-attempts';
import { webhookBody } from './webhook-body';
import { signatureHeader, signingKeys } from './webhook-secret';

/** Seconds before each retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 28 h in all). */
export const DEFAULT_RETRY_SCHEDULE = [5, 300, 1800, 7200, 18000, 36000, 36000];

export interface DispatcherOptions extends HealthLimits {
  secretKey: string;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Seconds before retry 1, 2, …; after the last one a delivery is failed. */
  retrySchedule: number[];
  /** POSTs in flight at once… */
  concurrency: number;
  /** …and to one endpoint (its share of the slots). */
  endpointConcurrency: number;
  /**
   * How often to look for new events and due deliveries without being told (ms): a safety net. New
   * events wake the dispatcher (wake(), on the database's `sling_events` notification, server.ts),
   * and the retries it schedules are timed from their due time.
   */
  pollMs: number;
  /** The Telegram Bot API's base URL (TELEGRAM_API_URL); https://api.telegram.org by default. */
  telegramApiUrl?: string;
  /** Tells the owner their endpoint was turned off. */
  notifyDisabled(notice: { email: string | null; url: string; reason: string }): Promise<void>;
}

export interface Dispatcher {
  /** Runs a round now (after a change that made deliveries, e.g. a test event). */
  wake(): void;
  /** Stops claiming and waits for the attempts in flight to be sent and recorded. */
  stop(): Promise<void>;
}

/**
 * Claimed deliveries per POST slot (of the worker and of an endpoint): one slot's worth is in flight,
 * the rest wait, and the worker claims again once half is free, so a busy endpoint's claim takes
 * about twice its POST slots in one statement while those POSTs run.
 */
const CLAIM_DEPTH = 4;
const FAN_OUT_BATCH = 500;
/** Fan-out statements per round at most, so claims are not held up behind a large backlog. */
const FAN_OUT_PER_ROUND = 4;

export function startWebhookDispatcher(db: Queryable, opts: DispatcherOptions): Dispatcher {
  const log = logger();
  // A claimed delivery may wait for CLAIM_DEPTH - 1 POSTs to its endpoint before its own starts.
  const leaseSeconds = (CLAIM_DEPTH * opts.timeoutMs) / 1000 + 30;
  const slots = new DeliverySlots(opts.concurrency, Math.min(opts.endpointConcurrency, opts.concurrency), CLAIM_DEPTH);
  const inFlight = new Set<Promise<void>>();
  /** Owners being told their endpoint was turned off. */
  const notices = new Set<Promise<void>>();
  /** Webhooks whose last claim took all they may hold: more of theirs may be due. */
  const capped = new Set<string>();
  /**
   * Endpoints this worker turned off while a claim was running. That claim's statement may have read
   * them as still enabled, so what it took for them is given back unsent (rounds never overlap, so
   * one set serves: it is emptied as each claim starts).
   */
  const offDuringClaim = new Set<string>();
  const agents = endpointAgents({ allowPrivate: opts.allowPrivate, socketsPerEndpoint: slots.perEndpoint });
  const recorder = attemptRecorder(db, { limits: opts, disable });
  const keyOf = signingKeys(opts.secretKey);
  const targetOf = openedTargets(opts.secretKey);
  let running = true;
  let round: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  /** Asked for a round while one was running: run another right after it… */
  let again = false;
  /** …or at this time (a retry's due time asked for meanwhile). */
  let wanted = Infinity;
  /** The last claim took all it could, so more may be due right now. */
  let backlog = false;
  /** New events are fanned out once per poll interval, or at once when woken or behind. */
  let lastFanOut = 0;
  let woken = true;
  /**
   * Retries this worker scheduled, and how many of them the last look for the next due one had seen
   * when it found none: while they differ, retries may be waiting (at start too: from before a restart).
   */
  let retriesScheduled = 0;
  let retriesSeenNone = -1;

  /** Runs a round in `ms` (or sooner, if one is already planned sooner). */
  function schedule(ms: number) {
    if (!running) return;
    if (round) {
      if (ms === 0) again = true;
      else wanted = Math.min(wanted, Date.now() + ms);
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
        for (let i = 0; fanOut && running; i++) {
          if ((await fanOutEvents(db, FAN_OUT_BATCH)).events < FAN_OUT_BATCH) break;
          if (i + 1 === FAN_OUT_PER_ROUND) {
            woken = again = true; // more waiting: the next round goes on with it
            break;
          }
        }
        // Outcomes not yet written hold their deliveries' leases: no more claims until they are.
        if (recorder.waiting() > CLAIM_DEPTH * opts.concurrency) await recorder.flushed();
        const room = slots.room();
        if (running && room.limit > 0) {
          const before = new Map(slots.held);
          offDuringClaim.clear();
          const taken = await claimDueDeliveries(db, { ...room, leaseSeconds, busy: before });
          backlog = taken.length === room.limit;
          const claims = taken.filter((c) => !offDuringClaim.has(c.webhook_id));
          if (claims.length < taken.length)
            await releaseDeliveries(
              db,
              taken.filter((c) => offDuringClaim.has(c.webhook_id)),
            );
          // Endpoints that got all they may hold may have more due (finishing meanwhile does not count).
          const took = new Map<string, number>();
          for (const c of claims) took.set(c.webhook_id, (took.get(c.webhook_id) ?? 0) + 1);
          capped.clear();
          for (const id of new Set([...before.keys(), ...took.keys()])) {
            if ((before.get(id) ?? 0) + (took.get(id) ?? 0) >= room.perEndpoint) capped.add(id);
          }
          // The payload once per event (an event claimed for several endpoints is the same bytes to each).
          const bodies = new Map<string, string>();
          for (const c of claims) {
            if (c.kind !== 'webhook') continue; // a channel's body is its own (sendToChannel)
            let body = bodies.get(c.event_id);
            if (body === undefined) bodies.set(c.event_id, (body = payloadOf(c)));
            c.body = body;
          }
          slots.add(claims);
          startWaiting();
        }
        // Nothing more to take now: the next round when the next retry is due (by the database's
        // clock), else at the poll. Asked only while retries may be waiting, so an idle worker asks nothing.
        if (running && retriesScheduled !== retriesSeenNone && !again && !backlog) {
          const scheduled = retriesScheduled;
          const dueMs = await nextDueInMs(db);
          if (dueMs === null) retriesSeenNone = scheduled;
          // Due already but not taken (its endpoint has its fill, or another worker's claim is on
          // it): a finished delivery wakes this loop (release), else the poll does; never a spin.
          if (dueMs !== null && dueMs > 0) wanted = Math.min(wanted, Date.now() + dueMs + 10);
        }
      } catch (err) {
        log.warn({ err }, 'webhook round failed; trying again shortly');
      } finally {
        round = null;
        const next = again ? 0 : Math.min(opts.pollMs, Math.max(0, wanted - Date.now()));
        again = false;
        wanted = Infinity;
        schedule(next);
      }
    })();
    return round;
  }

  function startWaiting() {
    if (running) for (const claim of slots.take()) launch(claim);
  }

  function launch(claim: ClaimedDelivery) {
    const p: Promise<void> = attempt(claim)
      .catch((err) => log.error({ err, delivery: claim.id }, 'webhook attempt could not be recorded; it is retried when its lease ends'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }

  async function attempt(claim: ClaimedDelivery) {
    const result = await send(claim).catch((err: Error): PostResult => ({ ok: false, statusCode: null, durationMs: 0, body: '', error: err.message }));
    const retries = opts.retrySchedule;
    const retryIn = result.ok || !claim.auto_retry || claim.attempts > retries.length ? null : jitter(retries[claim.attempts - 1]);
    const recorded = recorder.record({ claim, outcome: result, retryInSeconds: retryIn }).then(() => {
      log.debug({ delivery: claim.id, webhook: claim.webhook_id, status: result.statusCode, error: result.error, ms: result.durationMs }, 'webhook attempt');
    });
    // After a success the slot is free at once (the outcome is written with others); after a
    // failure only once it is written, so an endpoint that fails enough to be turned off is off
    // before it is sent anything more.
    if (retryIn !== null) {
      retriesScheduled++;
      // Around its due time; the round then asks the database exactly when (its clock, its write).
      recorded.then(
        () => schedule(Math.min(retryIn * 1000, opts.pollMs)),
        () => {}, // not written: its lease ends and the poll finds it
      );
    }
    if (!result.ok) await recorded.finally(() => release(claim));
    else {
      release(claim);
      await recorded;
    }
  }

  function release(claim: ClaimedDelivery) {
    const held = slots.finish(claim);
    startWaiting();
    // With more waiting, claim again once half of what may be held is free (of the worker, or of
    // an endpoint that had its fill): one claim for many deliveries, made while the rest are sent.
    const half = { worker: (slots.depth * slots.perWorker) / 2, endpoint: (slots.depth * slots.perEndpoint) / 2 };
    if ((backlog && slots.heldTotal <= half.worker) || (capped.has(claim.webhook_id) && held <= half.endpoint)) schedule(0);
  }

  async function disable(webhookId: string, because: string) {
    const reason = `Turned off by Sling: ${because}.`;
    try {
      const notice = await disableFailingWebhook(db, webhookId, reason);
      offDuringClaim.add(webhookId);
      await releaseDeliveries(db, slots.dropWaiting(webhookId)); // claimed for it, not yet sent: they wait with the rest
      if (!notice) return;
      log.warn({ webhook: webhookId, reason }, 'webhook endpoint disabled');
      const told = opts
        .notifyDisabled({ ...notice, reason })
        .catch((err) => log.error({ err, webhook: webhookId }, 'could not tell the owner about a disabled webhook'))
        .finally(() => notices.delete(told));
      notices.add(told);
    } catch (err) {
      log.error({ err, webhook: webhookId }, 'could not turn off a failing webhook');
    }
  }

  async function send(claim: ClaimedDelivery): Promise<PostResult> {
    if (claim.kind !== 'webhook') return sendToChannel(claim as ClaimedDelivery & { kind: Exclude<ClaimedDelivery['kind'], 'webhook'> });
    let secrets: KeyObject[];
    try {
      if (!claim.secret_ciphertext) throw new Error('no secret');
      secrets = [keyOf(claim.secret_ciphertext)];
      if (claim.previous_valid && claim.previous_secret_ciphertext) secrets.push(keyOf(claim.previous_secret_ciphertext));
    } catch {
      return { ok: false, statusCode: null, durationMs: 0, body: '', error: 'the signing secret cannot be read (was SECRET_KEY changed?); rotate the secret' };
    }
    const body = claim.body ?? payloadOf(claim);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': claim.event_id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader(secrets, claim.event_id, timestamp, body),
    };
    return postWebhook(claim.url, body, headers, { timeoutMs: opts.timeoutMs, allowPrivate: opts.allowPrivate, agents });
  }

  async function sendToChannel(claim: ClaimedDelivery & { kind: Exclude<ClaimedDelivery['kind'], 'webhook'> }): Promise<PostResult> {
    let target: string;
    try {
      if (!claim.target_ciphertext) throw new Error('no target');
      target = targetOf(claim.target_ciphertext);
    } catch {
      return {
        ok: false,
        statusCode: null,
        durationMs: 0,
        body: '',
        error: 'the channel’s URL or token cannot be read (was SECRET_KEY changed?); enter it again',
      };
    }
    const { url, body } = channelRequest(claim, target, opts.telegramApiUrl ?? DEFAULT_TELEGRAM_API_URL);
    const result = await postWebhook(url, body, {}, { timeoutMs: opts.timeoutMs, allowPrivate: opts.allowPrivate, agents });
    return channelOutcome(claim.kind, result);
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
      const unsent = slots.drainWaiting();
      await Promise.all([...inFlight]);
      await recorder.flushed();
      await Promise.all([...notices]);
      await releaseDeliveries(db, unsent).catch((err) => log.warn({ err }, 'claimed deliveries not handed back; they are sent when their lease ends'));
      agents.destroy();
    },
  };
}

function payloadOf(claim: ClaimedDelivery): string {
  return webhookBody(claim.event_id, claim.type, claim.occurred_at, claim.data);
}

/** ±20 %, so endpoints coming back are not hit by every retry at once. */
function jitter(seconds: number): number {
  return seconds * (0.8 + Math.random() * 0.4);
}
