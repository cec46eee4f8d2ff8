// Short-link domains: the shared default (from BASE_URL, in the system workspace, usable by every
// workspace) and, later, workspaces' custom domains.
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const domains = pgTable(
  'domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hostname: text('hostname').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_hostname_key').on(sql`lower(${t.hostname})`),
    // At most one default domain.
    uniqueIndex('domains_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

export type DomainRow = typeof domains.$inferSelect;
