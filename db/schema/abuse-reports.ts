// Abuse reports: one row per report about a short link, from a visitor's "Report this link" form
// (source visitor) or raised by Sling itself (source system: repeated unsafe_url refusals, the deep
// scan). The admin console's review queue reads the open ones. A report outlives its link (link_id
// set null) so the audit trail keeps what was reported.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { links } from './links';

export const abuseReports = pgTable(
  'abuse_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: bigint('link_id', { mode: 'number' }).references(() => links.id, { onDelete: 'set null' }),
    /** What was reported, as given (a short URL or a destination). */
    url: text('url').notNull(),
    /** visitor | system */
    source: text('source').notNull(),
    /** phishing | malware | spam | other | repeated_unsafe | scan */
    reason: text('reason').notNull(),
    details: text('details'),
    /** Optional, for the acknowledgement mail. */
    reporterEmail: text('reporter_email'),
    /** SHA-256 of the reporter's IP (per-IP limits and grouping without keeping the address). */
    reporterIpHash: text('reporter_ip_hash'),
    /** The account a system report is about (repeated refusals), when there is one. */
    subjectUserId: text('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** open | resolved | dismissed */
    status: text('status').notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('abuse_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`), index('abuse_reports_link_idx').on(t.linkId)],
);

export type AbuseReportRow = typeof abuseReports.$inferSelect;
