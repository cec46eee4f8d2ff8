// Group commit for finished attempts: an outcome waits only for the statement already running,
// then goes in one statement with every outcome that arrived meanwhile. Idle, an outcome is
// written at once; busy, one statement records a whole batch instead of one statement each.
import type { Queryable } from '../db/types';
import { recordAttempts, type FinishedAttempt, type HealthLimits } from './record-attempts';

export interface AttemptRecorder {
  /** Resolves once the attempt is recorded (rejects if it could not be: its lease then runs out and it is retried). */
  record(attempt: FinishedAttempt): Promise<void>;
  /** Outcomes handed in and not yet written. */
  waiting(): number;
  /** Waits for everything handed in so far to be written. */
  flushed(): Promise<void>;
}

export interface AttemptRecorderOptions {
  limits: HealthLimits;
  /** Called (once per batch and endpoint) when an endpoint should be turned off; must not throw. */
  disable(webhookId: string, reason: string): Promise<void>;
  /** Attempts per statement at most. */
  maxBatch?: number;
}

interface Waiting {
  attempt: FinishedAttempt;
  resolve(): void;
  reject(err: unknown): void;
}

export function attemptRecorder(db: Queryable, opts: AttemptRecorderOptions): AttemptRecorder {
  const maxBatch = opts.maxBatch ?? 500;
  let queue: Waiting[] = [];
  let writing: Promise<void> | null = null;
  let writingCount = 0;

  async function write(batch: Waiting[]) {
    let results: Awaited<ReturnType<typeof recordAttempts>>;
    const failed = new Map<Waiting, unknown>();
    try {
      results = await recordAttempts(
        db,
        batch.map((w) => w.attempt),
        opts.limits,
      );
    } catch {
      // One bad row must not hold back the others: each on its own, to find it.
      results = [];
      for (const w of batch) {
        try {
          results.push(...(await recordAttempts(db, [w.attempt], opts.limits)));
        } catch (err) {
          failed.set(w, err);
        }
      }
    }
    // An endpoint to turn off is off before its attempts count as recorded, so the worker sends it nothing more.
    await Promise.all(results.filter((r) => r.disable_because).map((r) => opts.disable(r.webhook_id, r.disable_because!)));
    for (const w of batch) {
      if (failed.has(w)) w.reject(failed.get(w));
      else w.resolve();
    }
  }

  function drain() {
    if (writing || queue.length === 0) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    writingCount = batch.length;
    writing = write(batch).finally(() => {
      writing = null;
      writingCount = 0;
      drain();
    });
  }

  return {
    record(attempt) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ attempt, resolve, reject });
        drain();
      });
    },
    waiting: () => queue.length + writingCount,
    async flushed() {
      while (writing || queue.length > 0) await (writing ?? Promise.resolve());
    },
  };
}
