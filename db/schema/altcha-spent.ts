// ALTCHA solutions already used, kept until their challenge expires: a solution is good for one
// request only, on every instance (the database is what they all share, Redis or not).
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const altchaSpent = pgTable(
  'altcha_spent',
  {
    /** The challenge's HMAC signature (unique per challenge). */
    signature: text('signature').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('altcha_spent_expires_idx').on(t.expiresAt)],
);
