// Folders: a workspace's links grouped by purpose (a campaign, a team). A link is in at most one
// folder (links.folder_id); deleting a folder leaves its links unfiled. Names are unique per
// workspace, case-insensitively. docs/guide/folders-and-tags.md
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const folders = pgTable(
  'folders',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('folders_workspace_name_key').on(t.workspaceId, sql`lower(${t.name})`)],
);

export type FolderRow = typeof folders.$inferSelect;
