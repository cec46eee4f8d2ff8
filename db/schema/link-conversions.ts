// Conversions an integrator reported for an A/B test's variants (POST /api/v1/links/{id}/conversions):
// one counter per link and variant, upserted. A test ending "by conversions" picks the variant with most.
import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { links } from './links';

export const linkConversions = pgTable(
  'link_conversions',
  {
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull(),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.variantId] })],
);
