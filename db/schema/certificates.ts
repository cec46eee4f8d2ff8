// TLS certificates of custom domains (ACME, HTTP-01): the pending challenges any instance answers,
// the ACME account per directory, and each domain's certificate with its key sealed (secret-box).
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { domains } from './domains';

export const CERTIFICATE_STATUSES = ['pending', 'issued', 'failed'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** HTTP-01 challenges in flight: /.well-known/acme-challenge/<token> answers the key authorization. */
export const acmeChallenges = pgTable('acme_challenges', {
  token: text('token').primaryKey(),
  hostname: text('hostname').notNull(),
  keyAuthorization: text('key_authorization').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One ACME account per directory URL; its private key sealed under SECRET_KEY. */
export const acmeAccounts = pgTable('acme_accounts', {
  directoryUrl: text('directory_url').primaryKey(),
  keySealed: text('key_sealed').notNull(),
  accountUrl: text('account_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const certificates = pgTable('certificates', {
  domainId: integer('domain_id')
    .primaryKey()
    .references(() => domains.id, { onDelete: 'cascade' }),
  status: text('status').$type<CertificateStatus>().notNull().default('pending'),
  /** The certificate chain (PEM), leaf first. */
  certPem: text('cert_pem'),
  keySealed: text('key_sealed'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  issuedAt: timestamp('issued_at', { withTimezone: true }),
  /** The CA's (or our) reason for the last failure, shown to the user. */
  lastError: text('last_error'),
  /** Failures in a row; the next attempt waits longer each time. */
  failures: integer('failures').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type CertificateRow = typeof certificates.$inferSelect;
