// API tokens, each bound to a workspace and a member: only a SHA-256 of the secret is stored. Rotation keeps the previous hash valid until
// previous_valid_until; regeneration and revocation end the old secret at once.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    /** The member the token acts as (with that member's current role). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** What the token may do (e.g. links:read); every scope when created without a list. */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    /** First characters of the secret, shown in lists so users can tell tokens apart. */
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull().unique(),
    previousHash: text('previous_hash').unique(),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId), index('api_tokens_workspace_idx').on(t.workspaceId)],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
