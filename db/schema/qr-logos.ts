// A link's QR logo (PNG or SVG, uploaded by its owner), drawn in the centre of its QR codes.
// Kept apart from links so the edge's link lookups never carry image bytes.
import { bigint, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const qrLogos = pgTable('qr_logos', {
  linkId: bigint('link_id', { mode: 'number' }).primaryKey(),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** image/png | image/svg+xml */
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
