// Enterprise single sign-on. `sso_connections` is Sling's record of a workspace's identity provider
// (draft, tested, enabled; the client secret sealed). `sso_providers` is @better-auth/sso's model:
// a row exists only while its connection is enabled, so the plugin never signs anyone in through
// a draft or a disabled connection. Its config columns hold the client secret too, so they are
// sealed as a whole (AES-256-GCM, lib/crypto/secret-box.ts) and opened only when read.
import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { openSecret, sealSecret } from '../../lib/crypto/secret-box';
import { loadConfig } from '../../lib/config/load-config';
import { users } from './auth';
import { workspaces } from './workspaces';

export const SSO_PROVIDER_TYPES = ['entra', 'google', 'okta', 'oidc', 'saml'] as const;
export type SsoProviderType = (typeof SSO_PROVIDER_TYPES)[number];

/** Roles a provider may give new members (never owner). */
export const SSO_MEMBER_ROLES = ['member', 'admin'] as const;
export type SsoMemberRole = (typeof SSO_MEMBER_ROLES)[number];

export interface SsoCheck {
  /** OpenID Connect: discovery, issuer, jwks, client. SAML 2.0: metadata, certificate, acs. */
  id: 'discovery' | 'issuer' | 'jwks' | 'client' | 'metadata' | 'certificate' | 'acs';
  label: string;
  status: 'passed' | 'failed' | 'skipped';
  detail: string;
}

export interface SsoAttributeMapping {
  email: string;
  name: string;
}

/** Discovered endpoints, kept from the last passing test (the plugin uses them at sign-in). */
export interface SsoEndpoints {
  authorization: string;
  token: string;
  jwks: string;
  userinfo: string | null;
  tokenAuthMethods: string[];
}

/**
 * A SAML 2.0 connection's identity provider, as the admin gave it (a metadata URL, pasted metadata
 * XML, or the entity ID, sign-in URL and signing certificate) and as the last passing test read it
 * (`resolved`: what sign-in uses, so the metadata URL is not fetched at every sign-in).
 */
export interface SsoSamlSettings {
  metadataUrl: string | null;
  metadataXml: string | null;
  entityId: string | null;
  ssoUrl: string | null;
  certificate: string | null;
  resolved: { entityId: string; ssoUrl: string; certificates: string[]; metadataXml: string | null } | null;
}

const PURPOSE = 'sso-provider-config';

/** A text column stored sealed: what the database holds is "v1.<iv>.<tag>.<ciphertext>". */
const sealedText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: (plain) => sealSecret(plain, loadConfig().SECRET_KEY, PURPOSE),
  fromDriver: (sealed) => openSecret(sealed, loadConfig().SECRET_KEY, PURPOSE),
});

export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<SsoProviderType>().notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** AES-256-GCM with SECRET_KEY (purpose sso-client-secret); never returned by the API. */
    clientSecretCiphertext: text('client_secret_ciphertext').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The email domain whose addresses sign in through this connection. */
    domain: text('domain').notNull(),
    /** The TXT value proving the workspace controls `domain`. */
    domainToken: text('domain_token').notNull(),
    domainVerifiedAt: timestamp('domain_verified_at', { withTimezone: true }),
    mapping: jsonb('mapping').$type<SsoAttributeMapping>().notNull(),
    defaultRole: text('default_role').$type<SsoMemberRole>().notNull().default('member'),
    /** Members (not the owner) may not sign in with a password. */
    requireSso: boolean('require_sso').notNull().default(false),
    enabled: boolean('enabled').notNull().default(false),
    /** The last test's checks; `testPassed` is cleared by any change to what was tested. */
    checks: jsonb('checks').$type<SsoCheck[]>(),
    testPassed: boolean('test_passed').notNull().default(false),
    testedAt: timestamp('tested_at', { withTimezone: true }),
    endpoints: jsonb('endpoints').$type<SsoEndpoints>(),
    /** SAML 2.0 connections only (null for OpenID Connect ones). */
    saml: jsonb('saml').$type<SsoSamlSettings>(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sso_connections_workspace_idx').on(t.workspaceId),
    // A verified email domain belongs to one connection in all of Sling.
    uniqueIndex('sso_connections_verified_domain_key').on(sql`lower(${t.domain})`).where(sql`${t.domainVerifiedAt} is not null`),
  ],
);

/** @better-auth/sso's `ssoProvider` model (field names are the plugin's). providerId = connection id. */
export const ssoProviders = pgTable('sso_providers', {
  id: text('id').primaryKey(),
  providerId: text('provider_id')
    .notNull()
    .unique()
    .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  oidcConfig: sealedText('oidc_config'),
  samlConfig: sealedText('saml_config'),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  organizationId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
});

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
