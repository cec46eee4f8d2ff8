// A tag's colour, per workspace. Links keep their tags as names (links.tags); a tag with no row here
// has the default colour, so this table holds only what someone chose. Renaming or merging a tag
// rewrites the links' arrays and this row together. docs/guide/folders-and-tags.md
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const tags = pgTable(
  'tags',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The normalised name, as links.tags holds it (lower case). */
    name: text('name').notNull(),
    /** One of the palette's names (lib/tags/tag-colors.ts). */
    color: text('color').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);

export type TagRow = typeof tags.$inferSelect;
