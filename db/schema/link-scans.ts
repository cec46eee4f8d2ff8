// The latest deep scan of each link's destination (issue 18, point 3): what fetching it found,
// off the request path. `url` is the destination that was scanned, so a link whose destination
// changed since (url ≠ links.long_url) is due for another scan.
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from './links';

export interface ScanHop {
  url: string;
  /** HTTP status, or null when no answer came (refused, unreachable). */
  status: number | null;
}

export const linkScans = pgTable('link_scans', {
  linkId: bigint('link_id', { mode: 'number' })
    .primaryKey()
    .references(() => links.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** clean | listed | unsafe_browsing | private_address | too_many_redirects | unreachable */
  status: text('status').notNull(),
  finalUrl: text('final_url'),
  httpStatus: integer('http_status'),
  title: text('title'),
  hops: jsonb('hops').$type<ScanHop[]>().notNull().default([]),
  /** Why the status is what it is, in words (the listed hop and feed, the refused address…). */
  detail: text('detail'),
  durationMs: integer('duration_ms').notNull(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LinkScanRow = typeof linkScans.$inferSelect;
