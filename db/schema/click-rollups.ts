// Hourly click counts per link and dimension, summed by the click writer (lib/edge/click-tallies.ts), so
// statistics read a few hundred rows instead of every click. dim '' (value '') is the total;
// otherwise country, region, city, device, browser, os, referrer (host) or trigger. value '' means
// unknown. Bots are not counted.
import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const clickRollups = pgTable(
  'click_rollups',
  {
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    /** The link's workspace, so workspace-wide statistics read the rollups directly. */
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
    clicks: integer('clicks').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.dim, t.hour, t.value] }), index('click_rollups_workspace_idx').on(t.workspaceId, t.dim, t.hour)],
);
