// The event outbox: every change to a link writes its event here in the same transaction, so a
// failed change has no event and a committed one always has its event. Workers deliver them
// (webhooks); `sling events tail` shows them.
import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const events = pgTable(
  'events',
  {
    /** Insertion order, for tailing. */
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Stable public id (`evt_…`); receivers dedupe by it. */
    id: text('id').notNull().unique(),
    /** link.created | link.updated | link.deleted | link.expired | … */
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Workspace of the subject (the system workspace for anonymous links): webhooks of that workspace get it. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    linkId: bigint('link_id', { mode: 'number' }),
    data: jsonb('data').notNull(),
    /** When the webhook fan-out made this event's deliveries (null: not yet). Tracked per event, not by
     * a seq cursor: a transaction that commits late would land behind a cursor already past its seq. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('events_workspace_seq_idx').on(t.workspaceId, t.seq),
    index('events_link_seq_idx').on(t.linkId, t.seq),
    index('events_undispatched_idx').on(t.seq).where(sql`${t.dispatchedAt} IS NULL`),
  ],
);

export type EventRow = typeof events.$inferSelect;
