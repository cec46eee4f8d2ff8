// Sign-in attempts per user (shown in Settings → Login history).
import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const loginEvents = pgTable(
  'login_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** "Chrome on Linux": what new-device notices compare. */
    device: text('device').notNull(),
    success: boolean('success').notNull(),
    /** How: null for a password (the default before SSO), else "sso:<connection name>". */
    method: text('method'),
  },
  (t) => [index('login_events_user_at_idx').on(t.userId, t.at)],
);
