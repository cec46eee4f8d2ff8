// Directory sync (SCIM 2.0, RFC 7643/7644) per workspace: one bearer token per workspace (only its
// SHA-256 stored), the users and groups the identity provider provisioned. A SCIM user is a Sling
// user joined to the workspace while `active`; deactivating keeps the row (the IdP may reactivate
// it) but takes the membership away.
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { workspaces } from './workspaces';

export const directorySyncs = pgTable('directory_syncs', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** First characters of the token, shown so admins can tell which one the IdP has. */
  tokenPrefix: text('token_prefix').notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the current token was made (creation or the last rotation). */
  tokenCreatedAt: timestamp('token_created_at', { withTimezone: true }).notNull().defaultNow(),
  lastRequestAt: timestamp('last_request_at', { withTimezone: true }),
  /** The last change the IdP made, e.g. "POST /Users mia@acme.test". */
  lastActivity: text('last_activity'),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
});

export const scimUsers = pgTable(
  'scim_users',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    givenName: text('given_name'),
    familyName: text('family_name'),
    displayName: text('display_name'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_users_user_name_key').on(t.workspaceId, sql`lower(${t.userName})`), uniqueIndex('scim_users_user_key').on(t.workspaceId, t.userId)],
);

export const scimGroups = pgTable(
  'scim_groups',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scim_groups_name_key').on(t.workspaceId, sql`lower(${t.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    scimUserId: text('scim_user_id')
      .notNull()
      .references(() => scimUsers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.scimUserId] }), index('scim_group_members_user_idx').on(t.scimUserId)],
);

export type ScimUserRow = typeof scimUsers.$inferSelect;
export type ScimGroupRow = typeof scimGroups.$inferSelect;
export type DirectorySyncRow = typeof directorySyncs.$inferSelect;
