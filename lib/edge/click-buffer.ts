// Clicks wait here, off the redirect path, and are written in batches: every flushMs (≤ 1 s) or as
// soon as maxBatch are waiting, up to maxInFlight writes at once. A failed write puts the batch back
// in front (before any later one that failed too); nothing is dropped.
// Whatever the writer holds back (its summed rollups and counters) is settled as soon as no click
// is waiting, and on stop.
import type { Click } from '../analytics/click';
import { logger } from '../core/logger';

/**
 * The server's batch: at 8,000 redirects a second, 1,000-click batches meant eight writes a second,
 * each paying the same fixed cost whatever its size; the flush timer bounds how long a click waits.
 */
export const CLICK_BATCH = 5_000;

export interface ClickBufferOptions {
  write: (batch: Click[]) => Promise<void>;
  flushMs?: number;
  maxBatch?: number;
  /** Rows per write statement when a backlog has built up. */
  maxRowsPerWrite?: number;
  /** Writes handed to `write` at once (default 1). Two let a pipelined writer (write-clicks.ts)
   *  prepare a batch while the one before is stored. After a failure, one at a time until a write succeeds. */
  maxInFlight?: number;
  /** Writes what `write` held back; called when no click is waiting and on stop. */
  settle?: () => Promise<void>;
}

export class ClickBuffer {
  private pending: Click[] = [];
  /** Writes running, by the order they started in. */
  private running = new Map<number, Promise<void>>();
  private settling: Promise<void> | undefined;
  /** Failed batches put back at the head of `pending`, oldest first: a later failure goes after older ones. */
  private requeued: Array<{ seq: number; n: number }> = [];
  private seq = 0;
  private timer: NodeJS.Timeout | undefined;
  private soon = false;
  private failures = 0;
  private readonly flushMs: number;
  private readonly maxBatch: number;
  private readonly maxRows: number;
  private readonly maxInFlight: number;
  written = 0;

  constructor(private opts: ClickBufferOptions) {
    this.flushMs = opts.flushMs ?? 1000;
    this.maxBatch = opts.maxBatch ?? 1000;
    this.maxRows = opts.maxRowsPerWrite ?? 10_000;
    this.maxInFlight = Math.max(1, opts.maxInFlight ?? 1);
  }

  start() {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  push(click: Click) {
    if (this.pending.push(click) >= this.maxBatch && !this.soon && this.hasRoom()) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.flush();
      });
    }
  }

  get size() {
    return this.pending.length;
  }

  private hasRoom(): boolean {
    return !this.settling && this.running.size < (this.failures === 0 ? this.maxInFlight : 1);
  }

  /** Starts a write of what is waiting if there is room (else waits for the oldest running one).
   *  Resolves when that write ends, failed or not. */
  flush(): Promise<void> {
    if (this.settling) return this.settling;
    if (this.pending.length === 0) return this.running.size > 0 ? this.allRunning() : this.settle();
    if (!this.hasRoom()) return this.running.values().next().value!;
    const batch = this.pending.length <= this.maxRows ? this.pending : this.pending.slice(0, this.maxRows);
    this.pending = batch === this.pending ? [] : this.pending.slice(this.maxRows);
    this.requeued = [];
    const seq = this.seq++;
    const writing = this.opts
      .write(batch)
      .then(
        () => {
          this.failures = 0;
          this.written += batch.length;
        },
        (err) => {
          this.failures++;
          this.putBack(seq, batch);
          logger().warn({ err: String(err?.message ?? err), waiting: this.pending.length }, 'click write failed; will retry');
        },
      )
      .finally(() => {
        this.running.delete(seq);
        if (this.pending.length >= this.maxBatch && this.failures === 0) setImmediate(() => void this.flush());
        else if (this.pending.length === 0 && this.running.size === 0 && this.failures === 0 && this.opts.settle) setImmediate(() => void this.flush());
      });
    this.running.set(seq, writing);
    // A backlog fills the other slot at once (pushes alone would not: they may all have come already).
    if (this.pending.length >= this.maxBatch && this.hasRoom() && !this.soon) {
      this.soon = true;
      setImmediate(() => {
        this.soon = false;
        void this.flush();
      });
    }
    return writing;
  }

  private putBack(seq: number, batch: Click[]) {
    let at = 0;
    let i = 0;
    for (; i < this.requeued.length && this.requeued[i].seq < seq; i++) at += this.requeued[i].n;
    this.requeued.splice(i, 0, { seq, n: batch.length });
    this.pending = this.pending.slice(0, at).concat(batch, this.pending.slice(at));
  }

  private allRunning(): Promise<void> {
    return Promise.all(this.running.values()).then(() => {});
  }

  private settle(): Promise<void> {
    if (!this.opts.settle) return Promise.resolve();
    this.settling = this.opts
      .settle()
      .catch((err) => logger().warn({ err: String(err?.message ?? err) }, 'click counts not written; will retry'))
      .finally(() => {
        this.settling = undefined;
        if (this.pending.length >= this.maxBatch && this.failures === 0) setImmediate(() => void this.flush());
      });
    return this.settling;
  }

  /** Stops the timer and writes everything, counts included, retrying for up to `timeoutMs`.
   *  Returns clicks left unwritten. */
  async stop(timeoutMs = 15_000): Promise<number> {
    if (this.timer) clearInterval(this.timer);
    const deadline = Date.now() + timeoutMs;
    while ((this.pending.length > 0 || this.running.size > 0 || this.settling) && Date.now() < deadline) {
      await this.flush();
      if (this.failures > 0) await new Promise((r) => setTimeout(r, Math.min(200 * this.failures, 2_000)));
    }
    // At least once, even when writing the clicks took the whole time: they are stored, their counts held.
    for (let tries = 1; this.opts.settle; tries++) {
      try {
        await this.opts.settle();
        break;
      } catch (err) {
        logger().warn({ err: String((err as Error)?.message ?? err) }, 'click counts not written; will retry');
        if (Date.now() >= deadline) break;
        await new Promise((r) => setTimeout(r, Math.min(200 * tries, 2_000)));
      }
    }
    return this.pending.length;
  }
}
