// SSO connections of a workspace (docs/architecture/overview.md, "Tenancy": the workspace is in every `where`; another workspace's
// connection is a 404). A connection is a draft until its test passes and its email domain is
// proven by DNS; enabling it writes @better-auth/sso's provider row, disabling removes it.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ssoConnectionDomains, ssoConnections, ssoProviders, type SsoConnectionDomainRow, type SsoConnectionRow } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { byActor, recordAudit } from '../audit/record-audit';
import { AppError } from '../core/errors';
import type { TCreateSamlConnection, TCreateSsoConnection, TUpdateSsoConnection } from './sso-connection-schema';
import type { Actor } from '../tenancy/actor';
import { ssoCallbackUrl } from './callback-url';
import { insertDomain, serializeDomain, verifiedDomains, verifyDomains, type DomainCheck } from './connection-domains';
import { PROVIDER_TEMPLATES } from './provider-types';
import { openClientSecret, sealClientSecret } from './sso-secret';
import { testOidcConnection, type TestOptions } from './test-connection';
import { isSaml, samlIssuer, samlProviderConfig, samlSettings, serializeSaml } from './saml-connection';
import { testSamlConnection } from './test-saml-connection';
import { ownedBy } from '../tenancy/scope';

export interface SsoScope {
  db: Db;
  actor: Actor;
  secretKey: string;
  baseUrl: string;
  /** SSO_ALLOW_PRIVATE_ISSUERS; "Test connection" takes it with `resolve` (check-fetch.ts). */
  allowPrivate: TestOptions['allowPrivate'];
  resolve?: TestOptions['resolve'];
  dnsServers?: string;
}

const notFound = () => new AppError('not_found', 'No such SSO connection in this workspace.');

export async function listConnections(db: Db, actor: Actor): Promise<SsoConnectionRow[]> {
  return db.select().from(ssoConnections).where(ownedBy(ssoConnections, actor.workspaceId)).orderBy(desc(ssoConnections.createdAt));
}

export async function getConnectionOrThrow(db: Db, actor: Actor, id: string): Promise<SsoConnectionRow> {
  const [row] = await db
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.id, id), ownedBy(ssoConnections, actor.workspaceId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function createConnection(s: SsoScope, input: TCreateSsoConnection | TCreateSamlConnection): Promise<SsoConnectionRow> {
  const template = PROVIDER_TEMPLATES[input.type];
  // A SAML connection has no client: its OpenID Connect columns hold the IdP's name and nothing secret.
  const protocolValues =
    'saml' in input
      ? {
          issuer: samlIssuer(samlSettings(input.saml)),
          clientId: '',
          clientSecretCiphertext: sealClientSecret('', s.secretKey),
          scopes: [],
          saml: samlSettings(input.saml),
        }
      : {
          issuer: input.issuer,
          clientId: input.client_id,
          clientSecretCiphertext: sealClientSecret(input.client_secret, s.secretKey),
          scopes: input.scopes ?? template.scopes,
        };
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ssoConnections)
      .values({
        id: randomUUID(),
        workspaceId: s.actor.workspaceId,
        name: input.name ?? template.label,
        type: input.type,
        ...protocolValues,
        domain: input.domain,
        domainToken: randomBytes(16).toString('hex'),
        mapping: { email: input.mapping?.email ?? 'email', name: input.mapping?.name ?? 'name' },
        defaultRole: input.default_role ?? 'member',
        requireSso: input.require_sso ?? false,
        createdBy: s.actor.userId,
      })
      .returning();
    await insertDomain(tx, row, input.domain);
    await recordAudit(tx, {
      ...byActor(s.actor),
      action: 'sso.connection.created',
      target: connectionTarget(row),
      details: { type: row.type, domain: row.domain },
    });
    return row;
  });
}

const connectionTarget = (row: SsoConnectionRow) => ({ type: 'sso_connection' as const, id: row.id, label: row.name });
/** The fields an update names, never their values (one of them is the client secret). */
const changedFields = (input: TUpdateSsoConnection) => Object.keys(input).filter((k) => input[k as keyof TUpdateSsoConnection] !== undefined);

export async function updateConnection(s: SsoScope, id: string, input: TUpdateSsoConnection): Promise<SsoConnectionRow> {
  const current = await getConnectionOrThrow(s.db, s.actor, id);
  if (input.saml !== undefined && !isSaml(current))
    throw new AppError('invalid_request', 'SAML settings apply to SAML 2.0 connections only.', { saml: 'This is an OpenID Connect connection.' });
  const retest = ['issuer', 'client_id', 'client_secret', 'scopes', 'saml'].some((k) => k in input && input[k as keyof TUpdateSsoConnection] !== undefined);
  const newDomain = input.domain !== undefined && input.domain !== current.domain;
  const changes: Partial<typeof ssoConnections.$inferInsert> = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.issuer !== undefined && { issuer: input.issuer }),
    ...(input.client_id !== undefined && { clientId: input.client_id }),
    ...(input.client_secret !== undefined && { clientSecretCiphertext: sealClientSecret(input.client_secret, s.secretKey) }),
    ...(input.scopes !== undefined && { scopes: input.scopes }),
    ...(input.saml !== undefined && { saml: samlSettings(input.saml), issuer: samlIssuer(samlSettings(input.saml)) }),
    ...(input.mapping !== undefined && { mapping: { ...current.mapping, ...input.mapping } }),
    ...(input.default_role !== undefined && { defaultRole: input.default_role }),
    ...(input.require_sso !== undefined && { requireSso: input.require_sso }),
    // What was tested or proven no longer holds: the connection goes back to draft.
    ...(retest && { testPassed: false, enabled: false }),
    // A new `domain` replaces every claimed domain (more are added through /domains).
    ...(newDomain && { domain: input.domain, domainToken: randomBytes(16).toString('hex'), domainVerifiedAt: null, enabled: false }),
    updatedAt: new Date(),
  };
  return s.db.transaction(async (tx) => {
    const [row] = await tx
      .update(ssoConnections)
      .set(changes)
      .where(and(eq(ssoConnections.id, id), ownedBy(ssoConnections, s.actor.workspaceId)))
      .returning();
    if (!row) throw notFound();
    if (newDomain) {
      await tx.delete(ssoConnectionDomains).where(and(eq(ssoConnectionDomains.connectionId, row.id), ownedBy(ssoConnectionDomains, s.actor.workspaceId)));
      await insertDomain(tx, row, input.domain!);
    }
    await recordAudit(tx, {
      ...byActor(s.actor),
      action: 'sso.connection.updated',
      target: connectionTarget(row),
      details: { fields: changedFields(input), ...(current.enabled && !row.enabled && { disabled: true }) },
    });
    if (!row.enabled) await tx.delete(ssoProviders).where(eq(ssoProviders.providerId, row.id));
    else await writeProvider(tx, s, row);
    return row;
  });
}

export async function deleteConnection(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(ssoConnections)
      .where(and(eq(ssoConnections.id, id), ownedBy(ssoConnections, actor.workspaceId)))
      .returning();
    if (!gone) throw notFound();
    await recordAudit(tx, { ...byActor(actor), action: 'sso.connection.deleted', target: connectionTarget(gone), details: { domain: gone.domain } });
  });
}

async function runTest(
  s: SsoScope,
  row: SsoConnectionRow,
): Promise<{ checks: SsoConnectionRow['checks']; passed: boolean; values: Partial<typeof ssoConnections.$inferInsert> }> {
  if (row.saml) {
    const r = await testSamlConnection(row.saml, { baseUrl: s.baseUrl, connectionId: row.id }, { allowPrivate: s.allowPrivate, resolve: s.resolve });
    const saml = { ...row.saml, resolved: r.resolved ?? row.saml.resolved };
    return { checks: r.checks, passed: r.passed, values: { saml, issuer: samlIssuer(saml) } };
  }
  const result = await testOidcConnection(
    {
      issuer: row.issuer,
      clientId: row.clientId,
      clientSecret: openClientSecret(row.clientSecretCiphertext, s.secretKey),
      redirectUri: ssoCallbackUrl(s.baseUrl, row.id),
    },
    { allowPrivate: s.allowPrivate, resolve: s.resolve },
  );
  return { checks: result.checks, passed: result.passed, values: { endpoints: result.endpoints ?? row.endpoints } };
}

export async function testConnection(s: SsoScope, id: string): Promise<SsoConnectionRow> {
  const row = await getConnectionOrThrow(s.db, s.actor, id);
  const result = await runTest(s, row);
  return s.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(ssoConnections)
      .set({
        checks: result.checks,
        testPassed: result.passed,
        testedAt: new Date(),
        ...result.values,
        // A failing test of an enabled connection leaves it enabled: sign-ins may still work, and
        // the admin sees the failed checks. Only a change of what was tested sends it back to draft.
        updatedAt: new Date(),
      })
      .where(and(eq(ssoConnections.id, id), ownedBy(ssoConnections, s.actor.workspaceId)))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, {
      ...byActor(s.actor),
      action: 'sso.connection.tested',
      target: connectionTarget(updated),
      details: { passed: result.passed, failed: (result.checks ?? []).filter((c) => c.status === 'failed').map((c) => c.id) },
    });
    return updated;
  });
}

/** Checks the TXT record of every domain not yet proven; `verified` when all of them are. */
export async function verifyConnectionDomain(
  s: SsoScope,
  id: string,
  domainId?: string,
): Promise<{ row: SsoConnectionRow; found: boolean; seen: string[]; error?: string; domains: DomainCheck[] }> {
  const row = await getConnectionOrThrow(s.db, s.actor, id);
  const checks = await verifyDomains(s.db, s.actor, row, s.dnsServers, domainId);
  const failed = checks.find((c) => !c.verified);
  return { row, found: !failed, seen: failed?.seen ?? checks.flatMap((c) => c.seen), ...(failed?.error ? { error: failed.error } : {}), domains: checks };
}

export async function setConnectionEnabled(s: SsoScope, id: string, enabled: boolean): Promise<SsoConnectionRow> {
  const row = await getConnectionOrThrow(s.db, s.actor, id);
  if (enabled) {
    const missing = [
      ...(row.testPassed && (row.saml ? row.saml.resolved : row.endpoints) ? [] : ['test']),
      ...((await verifiedDomains(s.db, row.id)).length ? [] : ['domain']),
    ];
    if (missing.length) {
      const what = missing
        .map((m) => (m === 'test' ? 'run "Test connection" until every check passes' : 'prove one of its email domains with its DNS TXT record'))
        .join(' and ');
      throw new AppError('sso_not_ready', `This connection cannot be enabled yet: ${what}.`, { missing });
    }
  }
  return s.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(ssoConnections)
      .set({ enabled, updatedAt: new Date() })
      .where(and(eq(ssoConnections.id, id), ownedBy(ssoConnections, s.actor.workspaceId)))
      .returning();
    if (!updated) throw notFound();
    await recordAudit(tx, { ...byActor(s.actor), action: enabled ? 'sso.connection.enabled' : 'sso.connection.disabled', target: connectionTarget(updated) });
    if (enabled) await writeProvider(tx, s, updated);
    else await tx.delete(ssoProviders).where(eq(ssoProviders.providerId, updated.id));
    return updated;
  });
}

/** @better-auth/sso's row for an enabled connection (its config column is sealed by the schema). */
async function writeProvider(tx: Tx, s: SsoScope, row: SsoConnectionRow): Promise<void> {
  if (row.saml) {
    const values = {
      issuer: row.issuer,
      oidcConfig: null,
      samlConfig: samlProviderConfig(row, s.baseUrl),
      domain: row.domain.toLowerCase(),
      organizationId: row.workspaceId,
      userId: row.createdBy,
    };
    await tx
      .insert(ssoProviders)
      .values({ id: randomUUID(), providerId: row.id, ...values })
      .onConflictDoUpdate({ target: ssoProviders.providerId, set: values });
    return;
  }
  const e = row.endpoints!;
  const basic = e.tokenAuthMethods.includes('client_secret_basic') || !e.tokenAuthMethods.includes('client_secret_post');
  const oidcConfig = JSON.stringify({
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: openClientSecret(row.clientSecretCiphertext, s.secretKey),
    pkce: true,
    discoveryEndpoint: `${row.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    authorizationEndpoint: e.authorization,
    tokenEndpoint: e.token,
    jwksEndpoint: e.jwks,
    ...(e.userinfo ? { userInfoEndpoint: e.userinfo } : {}),
    tokenEndpointAuthentication: basic ? 'client_secret_basic' : 'client_secret_post',
    scopes: row.scopes,
    mapping: { id: 'sub', email: row.mapping.email, emailVerified: 'email_verified', name: row.mapping.name },
  });
  // Sling picks the provider by the address's verified domain itself; the plugin's column gets them all.
  const domains = await verifiedDomains(tx, row.id);
  const values = {
    issuer: row.issuer,
    oidcConfig,
    domain: (domains.length ? domains : [row.domain.toLowerCase()]).join(','),
    organizationId: row.workspaceId,
    userId: row.createdBy,
  };
  await tx
    .insert(ssoProviders)
    .values({ id: randomUUID(), providerId: row.id, ...values })
    .onConflictDoUpdate({ target: ssoProviders.providerId, set: values });
}

/** The API's view: never the secret, always the callback URL and the DNS record to add. */
export function serializeConnection(row: SsoConnectionRow, baseUrl: string, domainRows: SsoConnectionDomainRow[]) {
  const domains = domainRows.map(serializeDomain);
  // `domain` and `domain_verification` name the first domain (the API before several domains).
  const first = domains[0];
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    type_label: PROVIDER_TEMPLATES[row.type].label,
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: true,
    scopes: row.scopes,
    domain: first?.domain ?? null,
    domain_verification: first ? { ...first.verification, verified: first.verified, verified_at: first.verified_at } : null,
    domains,
    mapping: row.mapping,
    default_role: row.defaultRole,
    require_sso: row.requireSso,
    enabled: row.enabled,
    test: { passed: row.testPassed, tested_at: row.testedAt?.toISOString() ?? null, checks: row.checks ?? [] },
    callback_url: isSaml(row) ? null : ssoCallbackUrl(baseUrl, row.id),
    protocol: isSaml(row) ? 'saml' : 'oidc',
    saml: isSaml(row) ? serializeSaml(row, baseUrl) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
