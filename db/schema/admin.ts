// The admin console's tables: the audit trail of what platform admins did, and the instance's
// settings (one row, id 1, made by the migration).
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const SIGNUP_MODES = ['open', 'invite_only', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Who acted; null once that account is deleted (the row stays). */
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** approve_link | disable_link | dismiss_report | ban_user | unban_user | set_plan | update_settings */
    action: text('action').notNull(),
    /** link | report | user | workspace | settings */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What the target was called at the time (a short URL, an email, a workspace name). */
    targetLabel: text('target_label'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_actions_created_idx').on(t.createdAt)],
);

export const instanceSettings = pgTable(
  'instance_settings',
  {
    id: smallint('id').primaryKey().default(1),
    signups: text('signups').$type<SignupMode>().notNull().default('open'),
    anonymousShortening: boolean('anonymous_shortening').notNull().default(true),
    /** Anonymous links per IP per hour, on top of ANON_LINKS_PER_MINUTE / _PER_DAY; null: no hourly limit. */
    anonymousPerHour: integer('anonymous_per_hour'),
    /** When the instance's first account became its admin: claimed once, by a row-locked update. */
    firstAdminAt: timestamp('first_admin_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('instance_settings_one_row', sql`${t.id} = 1`)],
);

export type AdminActionRow = typeof adminActions.$inferSelect;
export type InstanceSettingsRow = typeof instanceSettings.$inferSelect;
