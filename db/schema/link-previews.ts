// A link's social preview: the title, description and image that link-preview bots (Slack, X,
// Facebook, LinkedIn…) are shown instead of the destination's own tags. Kept apart from links so
// the list and the edge's plain lookups never carry image bytes; gone with its link.
import { bigint, customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from './links';
import { workspaces } from './workspaces';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const linkPreviews = pgTable('link_previews', {
  linkId: bigint('link_id', { mode: 'number' })
    .primaryKey()
    .references(() => links.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  /** An https image URL given by the owner (null when uploaded or generated). */
  imageUrl: text('image_url'),
  /** An uploaded image: image/png | image/jpeg, with its bytes (null when none). */
  imageType: text('image_type'),
  imageData: bytea('image_data'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LinkPreviewRow = typeof linkPreviews.$inferSelect;
