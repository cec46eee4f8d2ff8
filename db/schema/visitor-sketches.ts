// Unique visitors of one link on one UTC day, as a HyperLogLog sketch (lib/analytics/hyperloglog.ts),
// built from the raw clicks by a job once the day is over (lib/analytics/build-visitor-sketches.ts).
// Sketches merge, so a 30-day range reads 30 small rows per link instead of every click. A day
// listed in visitor_sketch_days has been built for every link: a link without a row had no visitor.
import { bigint, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from './links';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const visitorSketches = pgTable(
  'visitor_sketches',
  {
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** The link's workspace, so workspace-wide statistics find its sketches directly. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** Counted (not bot) clicks the sketch was built from: a different count later means rebuild it. */
    clicks: integer('clicks').notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] }), index('visitor_sketches_workspace_idx').on(t.workspaceId, t.day)],
);

/** UTC days whose sketches are built for every link. */
export const visitorSketchDays = pgTable('visitor_sketch_days', {
  day: date('day').primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Unique visitors of a whole workspace in one UTC hour (hours 1) or day (hours 24), built by a job
 * from the raw clicks of finished hours (lib/analytics/build-workspace-sketches.ts), so a workspace's
 * statistics merge about 30 days and 48 hours instead of every link's days and the raw clicks of
 * the hours around them. One is used only while its clicks equal the workspace rollups' for its
 * hours (late clicks, a deleted link or retention make it stale until rebuilt).
 */
export const workspaceVisitorSketches = pgTable(
  'workspace_visitor_sketches',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    hours: smallint('hours').notNull(),
    clicks: integer('clicks').notNull(),
    sketch: bytea('sketch').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.hours, t.start] })],
);
