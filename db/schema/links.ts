// Short links, each in a workspace. A code is unique per domain case-insensitively (the index on
// lower(short_code)).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { domains } from './domains';
import { folders } from './folders';
import { workspaces } from './workspaces';

/** A routing rule as stored: lib/link-rules/rule-schema.ts checks it on the way in and types it in full. */
export interface LinkRuleJson {
  id: string;
  name?: string | null;
  conditions: Array<{ type: string }>;
  /** Absent when the rule sends its visitors into the link's A/B test (ab_test: true). */
  url?: string;
  ab_test?: true;
}

/** An A/B test as stored: lib/link-rules/ab-test-schema.ts checks it on the way in and types it in full. */
export interface LinkAbTestJson {
  variants: Array<{ id: string; url: string; weight: number }>;
  ends_at: string | null;
  end_after_clicks: number | null;
  winner_by: string;
  started_at: string;
  clicks_at_start: number;
  ended_at: string | null;
  winner: string | null;
}

export const links = pgTable(
  'links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id),
    shortCode: text('short_code').notNull(),
    longUrl: text('long_url').notNull(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Who made the link (a member manages only its own); null for anonymous links. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** active | expired | disabled (operator) | pending_review (scan suspicion) | blocked (listed threat) */
    status: text('status').notNull().default('active'),
    /** Why an admin disabled the link (shown to its owner, not to visitors). */
    disabledReason: text('disabled_reason'),
    /** Why the scanner holds the link (pending_review, blocked): shown to visitors and the owner. */
    safetyReason: text('safety_reason'),
    redirectStatus: smallint('redirect_status').notNull().default(302),
    /** Past this many clicks the link behaves as expired (null: no limit). */
    maxClicks: integer('max_clicks'),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    /** Visits stored flagged as bots (crawlers, link unfurlers, HEAD): never in `clicks`, only in a count_bots link's limit. */
    botClicks: bigint('bot_clicks', { mode: 'number' }).notNull().default(0),
    /** Whether bots' visits use up max_clicks too (off: only people's clicks do, as analytics counts them). */
    countBots: boolean('count_bots').notNull().default(false),
    /** Whether a visit's query string is added to the destination (on by default, as Bitly and Shlink do). */
    forwardQuery: boolean('forward_query').notNull().default(true),
    /** Whether /stats/<code> shows this link's analytics to anyone with the address (docs/guide/analytics.md). */
    publicStats: boolean('public_stats').notNull().default(false),
    /** Optional bcrypt hash guarding the public stats page (lib/links/link-password.ts); null: open to anyone. */
    publicStatsPasswordHash: text('public_stats_password_hash'),
    /** Before this, visitors get the "not yet" page (or the domain's not_found_url); null: active from creation. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** Where visitors go once the link has expired or used up its clicks, instead of the "Link Expired" page. */
    expiredUrl: text('expired_url'),
    /** Where iPhone and iPad visitors go (https, or an app link such as myapp://…: the app interstitial tries it). */
    iosUrl: text('ios_url'),
    /** Where an iOS visitor goes when ios_url is an app link that does not open (the App Store page); else the link's url. */
    iosFallbackUrl: text('ios_fallback_url'),
    /** Where Android visitors go, as ios_url. */
    androidUrl: text('android_url'),
    /** Where an Android visitor goes when android_url is an app link that does not open (the Play Store page); else url. */
    androidFallbackUrl: text('android_fallback_url'),
    /** A/B test (lib/link-rules/ab-test-schema.ts): while it runs, visitors are split between its variants. */
    abTest: jsonb('ab_test').$type<LinkAbTestJson>(),
    /** Routing rules, in order: the first whose conditions all hold picks the destination (lib/link-rules). */
    rules: jsonb('rules').$type<LinkRuleJson[]>().notNull().default(sql`'[]'::jsonb`),
    /** Normalised tag names (lower case, at most 10): a column rather than a tags table, see lib/links/link-schema.ts. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The folder it is filed in (at most one); null: unfiled. Deleting the folder unfiles it. */
    folderId: text('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    /** When the owner archived it: hidden from the list by default, still redirects. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The owner's free-text note (at most 2000 characters; lib/links/link-schema.ts), never shown to visitors. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('links_domain_code_key').on(t.domainId, sql`lower(${t.shortCode})`),
    index('links_workspace_created_idx').on(t.workspaceId, t.createdAt),
    // Untagged links (most) stay out of the tag index: a GIN entry for every new link cost about a
    // quarter of PostgreSQL's work per creation. Tag filters state the same predicate (lib/links/tagged-links.ts).
    index('links_tagged_idx').using('gin', t.tags).where(sql`${t.tags} <> '{}'::text[]`),
    // Filed links only: most links are in no folder.
    index('links_folder_idx').on(t.folderId).where(sql`${t.folderId} IS NOT NULL`),
    // The expiry job's sweep reads only active links that can expire.
    index('links_due_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'active' AND ${t.expiresAt} IS NOT NULL`),
    index('links_click_limited_idx').on(t.id).where(sql`${t.status} = 'active' AND ${t.maxClicks} IS NOT NULL`),
  ],
);

export type LinkRow = typeof links.$inferSelect;
