// Request bodies of /api/v1/domains, parsed with zod (a failure is a 400 naming each field), and the
// domain, its DNS records and its certificate as the API answers them.
import { z } from 'zod';
import { CERTIFICATE_STATUSES } from '../../db/schema/certificates';
import { DOMAIN_STATUSES, ROOT_BEHAVIORS } from '../../db/schema/domains';
import { ZTimestamp } from '../schemas/common';
import { associationField, associationJsonSchema, MAX_ASSOCIATION_BYTES, ZAppleAppSiteAssociation, ZAssetLinks } from './app-association';

const rootBehavior = z.enum(ROOT_BEHAVIORS, { error: `must be one of ${ROOT_BEHAVIORS.join(', ')}` });
const url = z.string({ error: 'must be a URL' }).max(2048, { error: 'must be at most 2048 characters' });

export const ZCreateDomain = z.strictObject({
  hostname: z.string({ error: 'Give the host name, such as go.example.com.' }).max(300, { error: 'is too long' }),
  not_found_url: url.nullable().optional(),
  expired_url: url.nullable().optional(),
  root_redirect_url: url.nullable().optional(),
  root_behavior: rootBehavior.optional(),
  default: z.boolean({ error: 'must be true or false' }).optional(),
});
export type TCreateDomain = z.infer<typeof ZCreateDomain>;

// Checked whole, so an error names the place in the file (applinks.details[0].appIDs[0]: …).
const appleAppSiteAssociation = associationField(ZAppleAppSiteAssociation, 'apple_app_site_association').meta({
  ...associationJsonSchema(ZAppleAppSiteAssociation),
  description: `Served at /.well-known/apple-app-site-association (and /apple-app-site-association): Apple's associated domains file, at most ${MAX_ASSOCIATION_BYTES / 1024} KB. null removes it.`,
} as never);
const assetLinks = associationField(ZAssetLinks, 'asset_links').meta({
  ...associationJsonSchema(ZAssetLinks),
  description: `Served at /.well-known/assetlinks.json: Digital Asset Links statements (Android App Links), at most ${MAX_ASSOCIATION_BYTES / 1024} KB. null removes it.`,
} as never);

export const ZUpdateDomain = z.strictObject({
  not_found_url: url.nullable().optional(),
  expired_url: url.nullable().optional(),
  root_redirect_url: url.nullable().optional(),
  root_behavior: rootBehavior.optional(),
  default: z.boolean({ error: 'must be true or false' }).optional(),
  apple_app_site_association: appleAppSiteAssociation.nullable().optional(),
  asset_links: assetLinks.nullable().optional(),
});
export type TUpdateDomain = z.infer<typeof ZUpdateDomain>;

/** Parses `body` or throws 400 invalid_request naming each field (the shared mapper, lib/schemas/parse-input.ts). */
export { parseWith as parseBody } from '../schemas/parse-input';

/** One DNS record to add at the DNS provider (lib/domains/domain-records.ts), with what the last check found. */
export const ZDnsRecord = z
  .object({
    type: z.enum(['CNAME', 'TXT', 'A', 'AAAA']),
    name: z.string().meta({ description: 'The full name (go.example.com).', examples: ['go.example.com'] }),
    label: z.string().meta({
      description: 'The same name relative to the registrable domain, as most DNS providers ask for it ("go"; "@" for the domain itself).',
      examples: ['go'],
    }),
    value: z.string().meta({
      description: 'What the record must hold; for A and AAAA the addresses joined by ", " (any of them will do).',
      examples: ['links.sling.example'],
    }),
    purpose: z
      .enum(['route', 'ownership'])
      .meta({ description: 'route: sends the domain’s visitors to Sling (CNAME, A, AAAA); ownership: proves the domain is yours (TXT).' }),
    status: z.enum(['found', 'missing', 'wrong']).optional().meta({ description: 'After a check: whether the record was there with this value.' }),
    seen: z
      .array(z.string())
      .optional()
      .meta({ description: 'After a check: the values the lookup returned.', examples: [['links.sling.example']] }),
    error: z
      .string()
      .optional()
      .meta({
        description: 'Why the lookup itself failed (a timeout, a server failure), when it did.',
        examples: ['queryTxt ETIMEOUT _svc-verify.go.example.com'],
      }),
  })
  .meta({ id: 'DnsRecord' });

/** A custom domain's TLS certificate (lib/acme/find-certificate.ts); never its key. */
export const ZCertificate = z
  .object({
    status: z.enum(CERTIFICATE_STATUSES).meta({
      examples: ['issued'],
      description:
        'pending: being requested; issued: a valid certificate is served (a failed renewal keeps it, with error set); failed: none is valid, see error and next_attempt_at.',
    }),
    issued_at: ZTimestamp.nullable(),
    expires_at: ZTimestamp.nullable().meta({ examples: ['2026-06-02T16:40:12.000Z'] }),
    error: z
      .string()
      .nullable()
      .meta({ description: 'Why the last attempt failed, in the CA’s words.', examples: [null] }),
    next_attempt_at: ZTimestamp.nullable().meta({ description: 'When the next attempt is, after a failure.', examples: [null] }),
  })
  .meta({ id: 'Certificate' });

/** A domain as the API answers (GET /api/v1/domains, Variant A's domains action). */
export const ZDomain = z
  .object({
    id: z
      .number()
      .int()
      .meta({ examples: [7] }),
    hostname: z.string(),
    status: z.enum(DOMAIN_STATUSES).meta({
      examples: ['verified'],
      description:
        'pending: claimed, waiting for its DNS records; verified: they were found, and the name is this workspace’s alone; misconfigured: verified once, but a later check found them changed (checked again hourly); expired: a claim not proven within 7 days, or one that another workspace proved first (see status_reason). An expired domain can still be verified by hand.',
    }),
    status_reason: z
      .string()
      .nullable()
      .meta({
        description:
          'Why the status is what it is, when it is not evident: for an expired claim, whether it ran out of time or another workspace verified the name.',
        examples: [null],
      }),
    shared: z.boolean().meta({ description: 'The operator’s shared domain (BASE_URL): usable by every workspace, managed by none.' }),
    default: z.boolean().meta({ description: 'New links of the workspace go here when no domain_id is given.' }),
    not_found_url: z.string().nullable(),
    expired_url: z
      .string()
      .nullable()
      .meta({ description: 'Where expired links on this domain send visitors when they have no expired_url of their own; null: the "Link Expired" page.' }),
    root_redirect_url: z.string().nullable(),
    apple_app_site_association: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: 'What /.well-known/apple-app-site-association answers on this domain; null: a 404.', examples: [null] }),
    asset_links: z
      .array(z.record(z.string(), z.unknown()))
      .nullable()
      .meta({ description: 'What /.well-known/assetlinks.json answers on this domain; null: a 404.', examples: [null] }),
    root_behavior: z.enum(ROOT_BEHAVIORS).meta({ description: 'What the root answers: the landing page, the redirect, or Sling’s page.' }),
    records: z.array(ZDnsRecord).meta({
      description: 'What to add at the DNS provider (none for the shared domain): the route and the ownership proof.',
      examples: [
        [
          {
            type: 'CNAME',
            name: 'go.example.com',
            label: 'go',
            value: 'links.sling.example',
            purpose: 'route',
            status: 'found',
            seen: ['links.sling.example'],
          },
          {
            type: 'TXT',
            name: '_svc-verify.go.example.com',
            label: '_svc-verify.go',
            value: 'svc-verify=4c1d9a7e2b5f80316e2a9d4b7c0f1e58',
            purpose: 'ownership',
            status: 'found',
            seen: ['svc-verify=4c1d9a7e2b5f80316e2a9d4b7c0f1e58'],
          },
        ],
      ],
    }),
    verified_at: ZTimestamp.nullable(),
    last_checked_at: ZTimestamp.nullable(),
    next_check_at: ZTimestamp.nullable().meta({
      description: 'When the background check looks again; null once verified or after 72 hours.',
      examples: [null],
    }),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .loose()
  .meta({ id: 'Domain' });

/** GET /api/v1/domains/{id}: the domain with the links on it (what deleting it removes) and its certificate. */
export const ZDomainDetail = ZDomain.extend({
  link_count: z.number().int(),
  certificate: ZCertificate.nullable().meta({ description: 'null until a certificate is requested (ACME off, or the domain not verified yet).' }),
});
