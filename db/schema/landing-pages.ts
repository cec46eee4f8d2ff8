// A custom domain's landing page (HTML, CSS and JavaScript written by the workspace), served at the
// domain's root when its root behaviour is `landing`. Kept apart from domains so host lookups never
// carry the page's bytes.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains';
import { workspaces } from './workspaces';

export const landingPages = pgTable('landing_pages', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  html: text('html').notNull().default(''),
  css: text('css').notNull().default(''),
  js: text('js').notNull().default(''),
  /** The member who saved it last (null once that account is gone). */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LandingPageRow = typeof landingPages.$inferSelect;
