// A link's previous codes (safe renames): when a link's code changes, the old code keeps leading to
// the same link unless the owner frees it. A code is held on its domain case-insensitively, like a
// link's own code; deleting the link frees its old codes (cascade).
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { domains } from './domains';
import { links } from './links';

export const linkAliases = pgTable(
  'link_aliases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    /** The old code, as it was spelled. */
    code: text('code').notNull(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** When the link left this code. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('link_aliases_domain_code_key').on(t.domainId, sql`lower(${t.code})`), index('link_aliases_link_idx').on(t.linkId)],
);

export type LinkAliasRow = typeof linkAliases.$inferSelect;
