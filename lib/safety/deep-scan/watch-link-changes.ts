// New and changed links are scanned soon, not at the next cron minute: every link change is
// announced on the invalidation bus (from this instance or, through its transport, any other), and
// a worker hearing some sends one deep-scan job for all the changes of the last COALESCE_MS (the
// job scans whatever is due, so a burst of new links costs one send, not one per link).
import type PgBoss from 'pg-boss';
import { invalidationBus } from '../../cache/invalidation-bus';
import { logger } from '../../log/logger';

export const DEEP_SCAN_QUEUE = 'safety.deep-scan';
const COALESCE_MS = 500;

/** Returns the function that stops listening. */
export function watchLinkChanges(boss: PgBoss): () => void {
  let timer: NodeJS.Timeout | undefined;
  const unsubscribe = invalidationBus().subscribe((key) => {
    if (timer || (!key.startsWith('link:') && key !== '*')) return;
    timer = setTimeout(() => {
      timer = undefined;
      boss.send(DEEP_SCAN_QUEUE, {}).catch((err: unknown) => {
        logger().warn({ err }, 'deep scan not sent; the next scheduled run picks the link up');
      });
    }, COALESCE_MS);
    timer.unref();
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}
