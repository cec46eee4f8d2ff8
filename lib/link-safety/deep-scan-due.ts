// The safety.deep-scan job: scans live links (active or pending review) that have no scan of their
// current destination, newest first, a few at a time. New and changed links are due at once; links
// made before the deep scan existed are worked through in later runs.
import type { AppContext } from '../context/app-context';
import { logger } from '../core/logger';
import { scanLink, type DeepScanSettings } from './scan-link';

const BATCH = 20;
const PARALLEL = 4;

export interface DeepScanReport {
  scanned: number;
  /** By scan status. */
  statuses: Record<string, number>;
  /** More links are due than one run scans. */
  more: boolean;
}

export async function deepScanDue(ctx: AppContext, settings: DeepScanSettings): Promise<DeepScanReport> {
  const due = await ctx.handle.query<{ id: number | string; long_url: string }>(
    `SELECT l.id, l.long_url FROM links l LEFT JOIN link_scans s ON s.link_id = l.id
     WHERE l.status IN ('active', 'pending_review') AND (s.link_id IS NULL OR s.url <> l.long_url)
     ORDER BY l.id DESC LIMIT $1`,
    [BATCH + 1],
  );
  const batch = due.slice(0, BATCH);
  const statuses: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const row = batch[next++];
      try {
        const scan = await scanLink({ id: Number(row.id), longUrl: row.long_url }, ctx, settings);
        statuses[scan.status] = (statuses[scan.status] ?? 0) + 1;
      } catch (err) {
        // The link stays due; the next run tries it again.
        logger().warn({ err, linkId: row.id }, 'deep scan failed');
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { scanned: batch.length, statuses, more: due.length > BATCH };
}
