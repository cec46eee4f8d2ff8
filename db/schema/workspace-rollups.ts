// Hourly click counts per workspace and dimension: click_rollups summed over the workspace's links,
// kept by the same statement of the click writer (lib/edge/click-tallies.ts), so a workspace's
// statistics read about 25 rows an hour instead of 25 per link and hour. Same dimensions and values
// as click_rollups (dim '' is the total), and one more, per UTC day: dim 'link', value the link's id,
// hour the day's midnight (UTC), each link's clicks that day (for the top links and UTM breakdowns).
// Bots are not counted. Whatever deletes click_rollups rows (link deletion, retention, a recount)
// takes their clicks off here too.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const workspaceRollups = pgTable(
  'workspace_rollups',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.dim, t.hour, t.value] })],
);
