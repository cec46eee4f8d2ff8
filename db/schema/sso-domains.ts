// The email domains an SSO connection claims, each proven on its own by a TXT record
// `_sling-sso.<domain>` = `sling-sso=<token>`. A verified domain belongs to one connection in all of
// Sling; sign-in by email picks the enabled connection whose verified domain matches.
// (sso_connections.domain/domain_token/domain_verified_at are the single domain of before; migration
// 0024 copied them here and they are no longer read.)
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ssoConnections } from './sso';
import { workspaces } from './workspaces';

export const ssoConnectionDomains = pgTable(
  'sso_connection_domains',
  {
    id: text('id').primaryKey(),
    connectionId: text('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_connection_domains_connection_idx').on(t.connectionId),
    uniqueIndex('sso_connection_domains_once').on(t.connectionId, sql`lower(${t.domain})`),
    uniqueIndex('sso_connection_domains_verified_key').on(sql`lower(${t.domain})`).where(sql`${t.verifiedAt} is not null`),
  ],
);

export type SsoConnectionDomainRow = typeof ssoConnectionDomains.$inferSelect;
