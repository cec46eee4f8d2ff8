// Webhook subscriptions. Registration, signing and delivery come with the webhooks work; the click
// writer already reads this table to write link.clicked only for links someone subscribed to.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    url: text('url').notNull(),
    /** Event types received, e.g. {link.created, link.clicked}. */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    /** Optional filters: only this link / only this domain. */
    linkId: bigint('link_id', { mode: 'number' }),
    domainId: integer('domain_id'),
    enabled: boolean('enabled').notNull().default(true),
    /** Signing secret, AES-256-GCM with SECRET_KEY. */
    secretCiphertext: text('secret_ciphertext'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);
