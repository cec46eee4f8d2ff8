// Jobs that follow a change run soon, not at the next cron minute: every change is announced on the
// invalidation bus (from this instance or, through its transport, any other), and a worker hearing
// one sends one job for all the changes of the last COALESCE_MS. The jobs work on whatever is due,
// so a burst of changes costs one send, and an extra send is harmless.
import type PgBoss from 'pg-boss';
import { invalidationBus } from '../cache/invalidation-bus';
import { logger } from '../core/logger';
import { sendAndWake } from '../db/wake-worker';

const COALESCE_MS = 500;

export interface WakeRule {
  /** Bus keys that wake the queue (`*` — everything changed — always does). */
  prefix: string;
  queue: string;
}

/** Returns the function that stops listening. */
export function wakeOnChange(boss: PgBoss, rules: WakeRule[]): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const wake = (queue: string) => {
    if (timers.has(queue)) return;
    const timer = setTimeout(() => {
      timers.delete(queue);
      sendAndWake(boss, queue, {}).catch((err: unknown) => {
        logger().warn({ err, queue }, 'wake-up job not sent; the next scheduled run does the work');
      });
    }, COALESCE_MS);
    timer.unref();
    timers.set(queue, timer);
  };
  const unsubscribe = invalidationBus().subscribe((key) => {
    for (const rule of rules) if (key === '*' || key.startsWith(rule.prefix)) wake(rule.queue);
  });
  return () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    unsubscribe();
  };
}
