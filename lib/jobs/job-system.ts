// pg-boss on Sling's own database (PGlite through its `db` adapter, or PostgreSQL). Roles `all`
// and `worker` work the queues and keep cron (cron-timer.ts, not pg-boss's own) and maintenance
// running; the CLI only sends and reads. A job that was running when its worker died is retried
// once its expireInSeconds has passed.
import PgBoss from 'pg-boss';
import type { DbHandle } from '../db/types';
import { logger } from '../core/logger';
import { loadConfig } from '../config/load-config';
import { DEEP_SCAN_QUEUE } from '../safety/deep-scan/deep-scan-queue';
import { domainHostKey } from '../domains/site-directory';
import { wakeOnChange, type WakeRule } from './wake-on-change';
import { deadLetterOf, QUEUES } from './queues';
import { addLocalWorker, forgetLocalWorkers, sendAndWake, wakeAllLocalWorkers, wakeLocalWorker } from '../db/wake-worker';
import { ALL_KEYS, invalidationBus, JOB_KEY_PREFIX } from '../cache/invalidation-bus';
import { processClock, type Clock } from '../core/clock';
import { startCronTimer, type CronTimer } from './cron-timer';

/** Advisory lock key serialising queue creation ("sljq"). */
const QUEUES_LOCK = 0x736c6a71;

export interface JobSystemOptions {
  /** Work queues, run cron schedules and maintenance (roles all and worker). */
  work: boolean;
  /** How often an expired (lost) job is looked for, in seconds. */
  maintenanceSeconds?: number;
  /** How often a worker polls an idle queue, in seconds. */
  pollSeconds?: number;
  /** What the jobs go by to decide what is due (the runtime's clock; the process clock by default). */
  clock?: Clock;
}

/**
 * Closed once the job system has stopped (stopJobSystem). pg-boss's stop waits only for jobs already
 * running: a worker whose fetch was under way still gets its job afterwards, runs it and marks it
 * done, unawaited, on a database the process is closing (an unhandled rejection). Behind the gate
 * that late work goes nowhere: pg-boss's statements are never sent and never answer (a promise left
 * pending holds nothing open), and a handler that still starts refuses to run, so such a job stays
 * active and runs again once it expires (every job is safe to run twice).
 */
const gates = new WeakMap<PgBoss, { closed: boolean; cron?: CronTimer }>();

/**
 * A cron job is keyed by its minute: whichever worker processes send it, and however late, one job
 * per queue and minute is made. (pg-boss refuses a second job with the same key in the same slot
 * of `singletonSeconds`; an hour-long slot holds a minute's sends from clocks a little apart.)
 */
export function cronJobOptions(minute: Date): PgBoss.SendOptions {
  return { singletonKey: `cron ${minute.toISOString().slice(0, 16)}`, singletonSeconds: 3600 };
}

export async function openJobSystem(handle: DbHandle, opts: JobSystemOptions): Promise<PgBoss> {
  const log = logger();
  const gate: { closed: boolean; cron?: CronTimer } = { closed: false };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => (gate.closed ? new Promise<never>(() => {}) : handle.executeSql(text, values)) },
    supervise: opts.work,
    // Cron is cron-timer's: pg-boss's timekeeper stalled the event loop for 20–100 ms about once a minute.
    schedule: false,
    maintenanceIntervalSeconds: opts.maintenanceSeconds ?? 60,
  });
  gates.set(boss, gate);
  boss.on('error', (err) => log.error({ err }, 'job system error'));
  await boss.start();
  // Instances starting together on PostgreSQL would deadlock creating the same queues; one at a
  // time under an advisory lock. (PGlite admits one process, and its single connection would wait
  // on itself.)
  if (handle.kind === 'postgres') {
    await handle.transaction(async (q) => {
      await q.query('SELECT pg_advisory_xact_lock($1)', [QUEUES_LOCK]);
      await ensureQueues(boss);
    });
  } else {
    await ensureQueues(boss);
  }
  if (!opts.work) return boss;

  const clock = opts.clock ?? processClock();
  for (const spec of QUEUES) {
    const workerId = await boss.work(spec.name, { batchSize: 1, pollingIntervalSeconds: opts.pollSeconds ?? 30 }, async ([job]) => {
      if (gate.closed) throw new Error('the job system stopped before this job started; it runs again when it expires');
      const started = Date.now();
      try {
        const output = await spec.run(job.data, { clock });
        log.debug({ queue: spec.name, job: job.id, ms: Date.now() - started }, 'job done');
        return output;
      } catch (err) {
        log.warn({ err, queue: spec.name, job: job.id }, 'job failed; it will be retried if it has retries left');
        throw err;
      }
    });
    addLocalWorker(boss, spec.name, workerId);
    // Recorded for `sling jobs status`; cron-timer sends the jobs.
    if (spec.cron) await boss.schedule(spec.name, spec.cron, {}, { tz: 'UTC' });
    // Not throttled across instances: a restart must run it (e.g. after a feed file changed), and
    // the runs are idempotent, so instances starting together only repeat the work.
    if (spec.atStart?.()) await sendAndWake(boss, spec.name, {});
  }
  gate.cron = startCronTimer(
    QUEUES.flatMap((spec) => (spec.cron ? [{ queue: spec.name, cron: spec.cron }] : [])),
    {
      send: (queue, minute) => sendAndWake(boss, queue, {}, cronJobOptions(minute)),
      onError: (err, queue) => log.error({ err, queue }, 'cron could not send a job for this minute'),
    },
  );
  const rules: WakeRule[] = [{ prefix: domainHostKey(''), queue: 'certificates.issue' }];
  if (loadConfig().SAFETY_DEEP_SCAN) rules.push({ prefix: 'link:', queue: DEEP_SCAN_QUEUE });
  const unwatch = wakeOnChange(boss, rules);
  // A job sent by any process (its runtime announces it on the bus) is fetched here at once.
  const unlisten = invalidationBus().subscribe((key) => {
    if (key.startsWith(JOB_KEY_PREFIX)) wakeLocalWorker(key.slice(JOB_KEY_PREFIX.length));
    else if (key === ALL_KEYS) wakeAllLocalWorkers(); // the bus reconnected: a job may have been sent meanwhile
  });
  boss.on('stopped', () => {
    gate.cron?.stop();
    unwatch();
    unlisten();
    forgetLocalWorkers(boss);
  });
  return boss;
}

/** Creates (or updates) every queue and its dead-letter queue; safe to run from several processes. */
async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const spec of QUEUES) {
    const deadLetter = deadLetterOf(spec.name);
    await boss.createQueue(deadLetter, { name: deadLetter, retryLimit: 0 });
    await boss.createQueue(spec.name, { name: spec.name, ...spec.options, deadLetter });
    await boss.updateQueue(spec.name, { name: spec.name, ...spec.options, deadLetter });
  }
}

/** Stops fetching, lets running jobs finish (up to `timeoutMs`), then hands the rest back and closes the gate. */
export async function stopJobSystem(boss: PgBoss, timeoutMs = 10_000): Promise<void> {
  gates.get(boss)?.cron?.stop();
  await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  const gate = gates.get(boss);
  if (gate) gate.closed = true;
}
