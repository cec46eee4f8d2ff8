// Raw clicks, written in batches by the edge's click buffer (never on the redirect path).
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from './links';

export const clicks = pgTable(
  'clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('clicks_link_time_idx').on(t.linkId, t.clickedAt)],
);
