// Short-link domains: the shared default (from BASE_URL, in the system workspace, usable by every
// workspace) and workspaces' custom domains, which answer only once their DNS records are verified.
// A name is held exclusively only once verified: several workspaces may claim the same name while
// pending, and the first to prove it by DNS wins (docs/guide/custom-domains.md).
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * pending: claimed, waiting for its DNS records; verified: they were found; misconfigured: verified
 * once, then found changed (still served); expired: a claim that was not proven within its window,
 * or that another workspace proved first (status_reason says which).
 */
export const DOMAIN_STATUSES = ['pending', 'verified', 'misconfigured', 'expired'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** What the domain's root answers: its landing page, a redirect to root_redirect_url, or Sling's page. */
export const ROOT_BEHAVIORS = ['landing', 'redirect', 'sling'] as const;
export type RootBehavior = (typeof ROOT_BEHAVIORS)[number];

/** What one DNS check saw for one record (lib/domains/check-domain-dns.ts). */
export interface RecordCheck {
  type: 'CNAME' | 'TXT' | 'A' | 'AAAA';
  /** Full name (go.example.com); `label` is the same relative to the registrable domain ("go", "@"). */
  name: string;
  label: string;
  /** What must be there; for A/AAAA, the addresses joined by ", " (any subset of them is fine). */
  value: string;
  /** The route to Sling (CNAME, A, AAAA) or the ownership proof (TXT). */
  purpose: 'route' | 'ownership';
  status: 'found' | 'missing' | 'wrong';
  /** The values the lookup returned. */
  seen: string[];
  /** Why the lookup itself failed (timeout, server failure), when it did. */
  error?: string;
}

export const domains = pgTable(
  'domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hostname: text('hostname').notNull(),
    /** The shared default domain (BASE_URL's host); exactly one. */
    isDefault: boolean('is_default').notNull().default(false),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    status: text('status').$type<DomainStatus>().notNull().default('pending'),
    /** The value of the TXT record `_svc-verify.<label>` is `svc-verify=<token>`. */
    verificationToken: text('verification_token'),
    /** New links of the workspace go here when no domain is named. */
    workspaceDefault: boolean('workspace_default').notNull().default(false),
    /** Where an unknown code on this domain redirects (null: a plain 404 page). */
    notFoundUrl: text('not_found_url'),
    /** Where this domain's expired links send visitors when they have no expired_url of their own (null: the "Link Expired" page). */
    expiredUrl: text('expired_url'),
    /** Served at /.well-known/apple-app-site-association (universal links into the owner's iOS apps; lib/domains/app-association.ts). */
    appleAppSiteAssociation: jsonb('apple_app_site_association').$type<Record<string, unknown>>(),
    /** Served at /.well-known/assetlinks.json (Android App Links): a list of statements. */
    assetLinks: jsonb('asset_links').$type<Record<string, unknown>[]>(),
    /** Where the domain's root redirects when root_behavior is `redirect`. */
    rootRedirectUrl: text('root_redirect_url'),
    rootBehavior: text('root_behavior').$type<RootBehavior>().notNull().default('sling'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** When the background check looks again (null: it has stopped). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Why the status is what it is, when it is not evident (an expired claim: why it expired). */
    statusReason: text('status_reason'),
    /** Every record of the last check, with what was seen. */
    lastCheck: jsonb('last_check').$type<RecordCheck[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A verified name belongs to one workspace; claims (pending, expired) may share it.
    uniqueIndex('domains_serving_hostname_key').on(sql`lower(${t.hostname})`).where(sql`${t.status} IN ('verified', 'misconfigured')`),
    // A workspace claims a name once.
    uniqueIndex('domains_workspace_hostname_key').on(t.workspaceId, sql`lower(${t.hostname})`),
    index('domains_hostname_idx').on(sql`lower(${t.hostname})`),
    // At most one default domain.
    uniqueIndex('domains_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
    // At most one default per workspace.
    uniqueIndex('domains_one_workspace_default').on(t.workspaceId).where(sql`${t.workspaceDefault}`),
    index('domains_next_check_idx').on(t.nextCheckAt).where(sql`${t.status} = 'pending'`),
  ],
);

export type DomainRow = typeof domains.$inferSelect;
