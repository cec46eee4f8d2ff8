// Bulk imports (issue 19, point 4): an uploaded file (kept here, in the database, so whichever
// worker runs the job can read it; at most 50 MB), its progress, and one result row per input row
// for the downloadable report. `imported_links` remembers which rows became which links, so
// uploading the same file again creates nothing new.
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { links } from './links';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // A view, not a copy: copying a 27 MiB file held the event loop for tens of milliseconds.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

export const imports = pgTable(
  'imports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** csv | bitly | yourls | kutt */
    format: text('format').notNull(),
    filename: text('filename'),
    /** The upload; cleared once the import has finished (the report keeps every row). */
    data: bytea('data'),
    bytes: integer('bytes').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    rowsTotal: integer('rows_total'),
    rowsProcessed: integer('rows_processed').notNull().default(0),
    rowsCreated: integer('rows_created').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    rowsRefused: integer('rows_refused').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);

/** One input row's outcome, for the report. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: text('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    /** 1-based, data rows only (the header is not counted). */
    rowNumber: integer('row_number').notNull(),
    /** The row as read (its fields joined), cut to 500 characters. */
    input: text('input').notNull(),
    /** created | skipped | refused */
    result: text('result').notNull(),
    reason: text('reason'),
    shortLink: text('short_link'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/** Which link an imported row made: a row with the same key is not imported twice in a workspace. */
export const importedLinks = pgTable(
  'imported_links',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the destination and the alias (lower case, or empty). */
    rowKey: text('row_key').notNull(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    importId: text('import_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.rowKey] }), index('imported_links_link_idx').on(t.linkId)],
);

export type ImportRow = typeof imports.$inferSelect;
