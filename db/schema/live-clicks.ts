// Clicks kept for live streams (GET /api/v1/analytics/live): for each stored batch, the click writer
// adds one row per watched workspace (live_until not passed) holding that batch's clicks of the
// workspace, in the batch's transaction, so a busy link costs a row per batch, not per click. A
// click's event id is its row's seq × 100,000 + its place in the row, so a reconnect with
// Last-Event-ID replays exactly what it missed. Rows older than a few minutes are pruned; the clicks
// table stays the record. docs/guide/live-clicks.md
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const liveClickBatches = pgTable(
  'live_click_batches',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many clicks `events` holds (at most 99,999). */
    clicks: integer('clicks').notNull(),
    /**
     * A JSON array with one array per click: what the stream shows of it (time, link, country, city,
     * device, browser, referrer, rule, variant) and what its filters read; never the IP, the user agent
     * or the visitor key. lib/edge/live-copies.ts writes it, lib/analytics/live-feed.ts reads it.
     */
    events: text('events').notNull(),
  },
  (t) => [index('live_click_batches_workspace_seq_idx').on(t.workspaceId, t.seq), index('live_click_batches_recorded_idx').on(t.recordedAt)],
);

export type LiveClickBatchRow = typeof liveClickBatches.$inferSelect;
