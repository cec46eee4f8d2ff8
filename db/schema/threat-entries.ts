// Local threat lists: one row per listed URL or host, imported from feeds (lib/safety/feeds). Rows
// are only appended (and pruned by id), so an instance catches up by reading past the last id it saw.
import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const threatEntries = pgTable(
  'threat_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** url | host */
    kind: text('kind').notNull(),
    /** Normalised (lib/safety/normalize-url.ts): "host/path?query" for urls, the host for hosts. */
    value: text('value').notNull(),
    /** The feed it came from (its host name or file name). */
    source: text('source').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('threat_entries_kind_value_key').on(t.kind, t.value)],
);

export type ThreatEntryRow = typeof threatEntries.$inferSelect;
