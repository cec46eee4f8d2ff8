// A custom domain's favicon (a PNG uploaded by an owner or admin): served at the domain's
// /favicon.ico and drawn into QR codes with logo=favicon. Kept apart from domains so host lookups
// never carry image bytes; gone with its domain.
import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const domainFavicons = pgTable('domain_favicons', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** image/png (the only type taken: QR codes draw it from its pixels). */
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type DomainFaviconRow = typeof domainFavicons.$inferSelect;
