// Workspaces (better-auth's organization plugin models on our tables): every resource belongs to
// one. Each user has a personal workspace; teams make more; anonymous links live in the system
// workspace. The plan (limits, retention, rate limits) belongs to the workspace.
// Field names are better-auth's (organizationId, inviterId, …); SQL names are ours.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const PLANS = ['free', 'pro', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** personal (one per user), team, or system (anonymous links, the shared default domain). */
export const WORKSPACE_KINDS = ['personal', 'team', 'system'] as const;
export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];

/** The system workspace's id (made by the migration; nobody is a member). */
export const SYSTEM_WORKSPACE_ID = 'ws_system';

/** What a click keeps of the visitor's address: all of it, IPv4 /24 and IPv6 /48, or nothing. */
export const PRIVACY_IP_MODES = ['full', 'anonymized', 'none'] as const;
export type PrivacyIpMode = (typeof PRIVACY_IP_MODES)[number];

export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    logo: text('logo'),
    metadata: text('metadata'),
    kind: text('kind').$type<WorkspaceKind>().notNull().default('team'),
    /** The user whose personal workspace this is; null for teams and the system workspace. */
    personalOwnerId: text('personal_owner_id').references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').$type<Plan>().notNull().default('free'),
    /** Enterprise API limits for this workspace (null: ENTERPRISE_LIMIT_PER_HOUR / _PER_MINUTE). */
    limitPerHour: integer('limit_per_hour'),
    limitPerMinute: integer('limit_per_minute'),
    /** Privacy choices (docs/guide/privacy.md); null: the instance's default. */
    privacyIp: text('privacy_ip').$type<PrivacyIpMode>(),
    privacyUserAgent: boolean('privacy_user_agent'),
    privacyReferrer: boolean('privacy_referrer'),
    /** Honour `DNT: 1` and `Sec-GPC: 1`: such a click is counted without visitor details. */
    privacyHonorOptOut: boolean('privacy_honor_opt_out'),
    /** CIDR ranges (the office) whose visits are not tracked at all. */
    privacyExcludedRanges: text('privacy_excluded_ranges').array().notNull().default(sql`'{}'::text[]`),
    /** Clicks kept this many days when shorter than the plan's retention; null: the plan's. */
    clickRetentionDays: integer('click_retention_days'),
    /** Orphan visits (unknown codes, a domain's root and unknown paths) kept one by one, not only counted. */
    logOrphanVisits: boolean('log_orphan_visits').notNull().default(false),
    /** A live clicks stream was open lately: until then the click writer copies clicks to live_clicks. */
    liveUntil: timestamp('live_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('workspaces_slug_key').on(sql`lower(${t.slug})`), uniqueIndex('workspaces_personal_owner_key').on(t.personalOwnerId)],
);

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull().default('member'),
    /** Who invited them and when, for members who joined by an invitation (null for the rest). */
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_members_once').on(t.organizationId, t.userId),
    index('workspace_members_user_idx').on(t.userId),
    // One owner per workspace; ownership moves by transfer.
    uniqueIndex('workspace_members_one_owner').on(t.organizationId).where(sql`${t.role} = 'owner'`),
  ],
);

/** pending → accepted | canceled (revoked by an admin); past expires_at a pending one is expired. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'canceled', 'rejected'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the secret in the mailed link; a resend replaces it (the old link dies). */
    tokenHash: text('token_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workspace_invitations_token_key').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.organizationId, t.status),
    // At most one pending invitation per address and workspace (inviting again resends it).
    uniqueIndex('workspace_invitations_one_pending').on(t.organizationId, sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
  ],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;
export type WorkspaceInvitationRow = typeof workspaceInvitations.$inferSelect;
