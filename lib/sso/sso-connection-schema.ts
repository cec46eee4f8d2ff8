// Request bodies and answers of /api/v1/workspace/sso (the operations of lib/openapi/operations/sso.ts).
import { z } from 'zod';
import { SSO_MEMBER_ROLES, SSO_PROVIDER_TYPES } from '../../db/schema';
import { ZTimestamp } from '../schemas/common';
import { loadConfig } from '../config/load-config';
import { issuerAddressProblem } from './issuer-address';
import { privateAllowance } from '../safety/private-allowance';

/** An address Sling fetches from: https on public addresses unless SSO_ALLOW_PRIVATE_ISSUERS (issuer-address.ts). */
const publicAddress = (what: string) => async (url: string, ctx: z.RefinementCtx) => {
  const problem = await issuerAddressProblem(url, privateAllowance(loadConfig().SSO_ALLOW_PRIVATE_ISSUERS));
  if (problem) ctx.addIssue({ code: 'custom', message: `${what}${problem}` });
};

const name = z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(100, { error: 'must be at most 100 characters' });
const issuer = z
  .string({ error: 'must be a URL' })
  .trim()
  .max(2048, { error: 'must be at most 2048 characters' })
  .refine((v) => /^https?:\/\/[^/\s?#]+/i.test(v) && URL.canParse(v), { error: 'must be an http(s) URL, such as https://login.example.com' })
  .refine((v) => !/[{}]/.test(v), { error: 'still has a {placeholder}; put in your own value' })
  .superRefine(publicAddress(''));
const clientId = z.string({ error: 'must be text' }).trim().min(1, { error: 'is required' }).max(500, { error: 'must be at most 500 characters' });
const clientSecret = z.string({ error: 'must be text' }).min(1, { error: 'is required' }).max(2000, { error: 'must be at most 2000 characters' });
const domain = z
  .string({ error: 'must be a domain name' })
  .trim()
  .toLowerCase()
  .max(253, { error: 'is too long' })
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'must be an email domain, such as example.com' });
const claim = z
  .string({ error: 'must be a claim name' })
  .trim()
  .regex(/^[A-Za-z0-9_:./-]{1,100}$/, { error: 'must be a claim name, such as email' });
const mapping = z.strictObject({ email: claim.optional(), name: claim.optional() }, { error: 'must be an object {email, name}' });
const scopes = z
  .array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/, { error: 'must be scope names' }), { error: 'must be a list of scope names' })
  .max(20);

// SAML 2.0: the identity provider's metadata URL, or its metadata XML pasted, or its entity ID,
// sign-in URL and signing certificate by hand ("Test connection" says which is missing).
const samlCertificate = z
  .string({ error: 'the certificate must be text' })
  .trim()
  .max(20_000, { error: 'the certificate is too long' })
  .regex(/^(-----BEGIN CERTIFICATE-----)?[\sA-Za-z0-9+/=]+(-----END CERTIFICATE-----)?$/, {
    error: 'the certificate must be a PEM or base64 X.509 certificate',
  });
const samlUrl = (what: string) =>
  z
    .string({ error: `${what} must be a URL` })
    .trim()
    .max(2048, { error: `${what} must be at most 2048 characters` })
    .refine((v) => /^https?:\/\/[^/\s?#]+/i.test(v) && URL.canParse(v), { error: `${what} must be an http(s) URL` });
/** Fetched by Sling, so held to the issuer's rule (the SSO URL is only where browsers are sent). */
const samlMetadataUrl = samlUrl('the metadata URL').superRefine(publicAddress('the metadata URL '));
export const ZSamlSettings = z.strictObject(
  {
    metadata_url: samlMetadataUrl.optional(),
    metadata_xml: z
      .string({ error: 'the metadata must be XML text' })
      .trim()
      .min(1, { error: 'the metadata XML is empty' })
      .max(60_000, { error: 'the metadata XML must be at most 60 KB' })
      .refine((v) => v.startsWith('<'), { error: 'the metadata XML must start with <' })
      .optional(),
    entity_id: z
      .string({ error: 'the entity ID must be text' })
      .trim()
      .min(1, { error: 'the entity ID is empty' })
      .max(1024, { error: 'the entity ID must be at most 1024 characters' })
      .optional(),
    sso_url: samlUrl('the SSO URL').optional(),
    certificate: samlCertificate.optional(),
  },
  { error: 'must be an object {metadata_url, metadata_xml, entity_id, sso_url, certificate}' },
);
export type TSamlSettings = z.infer<typeof ZSamlSettings>;

export const ZCreateSsoConnection = z.strictObject({
  name: name.optional(),
  type: z.enum(SSO_PROVIDER_TYPES, { error: `must be one of ${SSO_PROVIDER_TYPES.join(', ')}` }),
  issuer,
  client_id: clientId,
  client_secret: clientSecret,
  domain,
  scopes: scopes.optional(),
  mapping: mapping.optional(),
  default_role: z.enum(SSO_MEMBER_ROLES, { error: 'must be member or admin' }).optional(),
  require_sso: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TCreateSsoConnection = z.infer<typeof ZCreateSsoConnection>;

export const ZUpdateSsoConnection = z.strictObject({
  name: name.optional(),
  issuer: issuer.optional(),
  client_id: clientId.optional(),
  client_secret: clientSecret.optional(),
  domain: domain.optional(),
  scopes: scopes.optional(),
  mapping: mapping.optional(),
  default_role: z.enum(SSO_MEMBER_ROLES, { error: 'must be member or admin' }).optional(),
  require_sso: z.boolean({ error: 'must be true or false' }).optional(),
  /** SAML connections: the identity provider's settings, replacing the previous ones as a whole. */
  saml: ZSamlSettings.optional(),
});
export type TUpdateSsoConnection = z.infer<typeof ZUpdateSsoConnection>;

/** A SAML connection: the OpenID Connect fields give way to the identity provider's SAML settings. */
export const ZCreateSamlConnection = ZCreateSsoConnection.omit({ issuer: true, client_id: true, client_secret: true, scopes: true })
  .extend({ saml: ZSamlSettings })
  .refine((v) => v.saml.metadata_url || v.saml.metadata_xml || v.saml.entity_id || v.saml.sso_url || v.saml.certificate, {
    error: 'give the metadata URL, the metadata XML, or the entity ID, SSO URL and certificate',
    path: ['saml'],
  });
export type TCreateSamlConnection = z.infer<typeof ZCreateSamlConnection>;

export const ZStartSso = z.strictObject({
  email: z
    .string({ error: 'must be an email address' })
    .trim()
    .toLowerCase()
    .max(320)
    .regex(/^[^\s@]+@[^\s@]+$/, { error: 'must be an email address' }),
  /** Where to go afterwards: a path on this site (anything else means /links). */
  callbackURL: z.string().max(2048).optional(),
});

/**
 * POST /api/v1/workspace/sso: a SAML connection's fields when type is "saml", else OpenID
 * Connect's; each field at fault is named, in its schema's order (the document shows both shapes).
 */
export const ZCreateConnection = z
  .unknown()
  .transform(async (value, ctx) => {
    const schema = (value as { type?: unknown } | null)?.type === 'saml' ? ZCreateSamlConnection : ZCreateSsoConnection;
    const result = await schema.safeParseAsync(value);
    if (result.success) return result.data as TCreateSsoConnection | TCreateSamlConnection;
    const order = Object.keys(schema.shape);
    const rank = (i: z.core.$ZodIssue) => (i.path.length ? order.indexOf(String(i.path[0])) : -1);
    for (const issue of [...result.error.issues].sort((a, b) => rank(a) - rank(b))) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  })
  .meta({
    description: 'An OpenID Connect connection, or (type "saml") a SAML 2.0 one.',
    anyOf: [z.toJSONSchema(ZCreateSsoConnection, { io: 'input' }), z.toJSONSchema(ZCreateSamlConnection, { io: 'input' })].map(({ $schema: _, ...s }) => s),
  });

export const ZSsoParams = z.object({ id: z.string().meta({ description: 'The connection id.' }) });
export const ZSsoActionParams = ZSsoParams.extend({ action: z.string().meta({ description: 'test, verify-domain, enable or disable.' }) });
export const ZSsoDomainParams = ZSsoParams.extend({ domainId: z.string().meta({ description: 'The domain id.' }) });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────

const ZSsoDomain = z.object({
  id: z.string(),
  domain: z.string(),
  verification: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  verified: z.boolean(),
  verified_at: ZTimestamp.nullable(),
});

const nullableText = z.string().nullable();
export const ZSsoConnection = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.enum(SSO_PROVIDER_TYPES),
    type_label: z.string(),
    issuer: z.string(),
    client_id: z.string(),
    client_secret_set: z.boolean(),
    scopes: z.array(z.string()),
    domain: nullableText,
    domain_verification: z
      .object({ type: z.literal('TXT'), name: z.string(), value: z.string(), verified: z.boolean(), verified_at: ZTimestamp.nullable() })
      .nullable(),
    domains: z.array(ZSsoDomain),
    mapping: z.object({ email: z.string(), name: z.string() }),
    default_role: z.enum(SSO_MEMBER_ROLES),
    require_sso: z.boolean(),
    enabled: z.boolean(),
    test: z.object({
      passed: z.boolean(),
      tested_at: ZTimestamp.nullable(),
      checks: z.array(z.object({ id: z.string(), label: z.string(), status: z.enum(['passed', 'failed', 'skipped']), detail: z.string() })),
    }),
    callback_url: nullableText,
    protocol: z.enum(['oidc', 'saml']),
    saml: z
      .object({
        metadata_url: nullableText,
        metadata_xml: nullableText,
        entity_id: nullableText,
        sso_url: nullableText,
        certificate: nullableText,
        idp: z.object({ entity_id: z.string(), sso_url: z.string() }).nullable(),
        acs_url: z.string(),
        sp_entity_id: z.string(),
        sp_metadata_url: z.string(),
      })
      .nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'SsoConnection' });

export const ZSsoProviderType = z.object({
  type: z.enum(SSO_PROVIDER_TYPES),
  label: z.string(),
  protocol: z.enum(['oidc', 'saml']),
  issuer_template: z.string(),
  scopes: z.array(z.string()),
  hint: z.string(),
  available: z.boolean(),
});

/** The answer of a domain check: each domain's TXT lookup. */
export const ZSsoVerification = z.object({
  connection: ZSsoConnection,
  verified: z.boolean(),
  seen: z.array(z.string()),
  domains: z.array(z.object({ domain: z.string(), verified: z.boolean(), seen: z.array(z.string()), error: z.string().optional() })),
  error: z.string().optional(),
});
