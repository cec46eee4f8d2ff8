// New and changed links are scanned soon, not at the next cron minute: every link change is
// announced on the invalidation bus (from this instance or, through its transport, any other), and
// a worker hearing one sends a deep-scan job, debounced so a burst of changes makes one or two runs.
import type PgBoss from 'pg-boss';
import { invalidationBus } from '../../cache/invalidation-bus';
import { logger } from '../../log/logger';

export const DEEP_SCAN_QUEUE = 'safety.deep-scan';
const DEBOUNCE_SECONDS = 2;

/** Returns the function that stops listening. */
export function watchLinkChanges(boss: PgBoss): () => void {
  return invalidationBus().subscribe((key) => {
    if (!key.startsWith('link:') && key !== '*') return;
    boss.sendDebounced(DEEP_SCAN_QUEUE, {}, {}, DEBOUNCE_SECONDS).catch((err: unknown) => {
      logger().warn({ err }, 'deep scan not sent; the next scheduled run picks the link up');
    });
  });
}
