// Raw clicks, written in batches by the edge's click buffer (never on the redirect path).
// Deliberately lean, as every click pays for each index and check: no primary key, no foreign key
// (a click for a link deleted while it sat in the buffer is harmless; deleting a link deletes its
// clicks), one index serving per-link time ranges.
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const clicks = pgTable(
  'clicks',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('clicks_link_time_idx').on(t.linkId, t.clickedAt)],
);
