// The organization's audit log: who did what to a workspace's members, invitations, settings and
// single sign-on. Rows are written in the same transaction as the change they describe; labels are
// copied at the time so the entry still reads right after a user or connection is gone.
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** null: the system or the identity provider (e.g. a just-in-time join). */
    actorId: text('actor_id'),
    actorLabel: text('actor_label').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** HMAC of the client address (lib/crypto/hash-ip.ts), where the change came with a request. */
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_entries_workspace_created_idx').on(t.workspaceId, t.createdAt)],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
