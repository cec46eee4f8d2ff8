// Orphan visits: requests on a domain that reach no link — an unknown code, a custom domain's root,
// an unknown path. Always counted per domain, day and path (the signal for a broken printed link);
// kept one by one only when the domain's workspace asks (workspaces.log_orphan_visits).
// docs/guide/orphan-visits.md
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains';

/** code: one path segment that is no link's code; root: the domain's `/`; path: any other unknown path. */
export const ORPHAN_KINDS = ['code', 'root', 'path'] as const;
export type OrphanKind = (typeof ORPHAN_KINDS)[number];

export const orphanVisitCounts = pgTable(
  'orphan_visit_counts',
  {
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    kind: text('kind').$type<OrphanKind>().notNull(),
    /** The path asked for ('' for the root). */
    path: text('path').notNull(),
    visits: integer('visits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.domainId, t.day, t.kind, t.path] })],
);

export const orphanVisits = pgTable(
  'orphan_visits',
  {
    domainId: integer('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    kind: text('kind').$type<OrphanKind>().notNull(),
    path: text('path').notNull(),
    referrer: text('referrer'),
    userAgent: text('user_agent'),
    country: text('country'),
    device: text('device'),
    browser: text('browser'),
    bot: boolean('bot').notNull().default(false),
  },
  (t) => [index('orphan_visits_domain_time_idx').on(t.domainId, t.visitedAt)],
);
