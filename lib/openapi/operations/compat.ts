// The compatibility APIs: Variant A (/api.php, bearer token, JSON; reads choose ?action=) and
// Variant B (POST /api, the token as a parameter). Same link rules as REST v1.
import { z } from 'zod';
import { zOptionalId, zQueryInt } from '../../schemas/common';
import { ZDomain } from '../../domains/domain-schema';
import { LINK_FIELDS, ZCreateLinkA, ZLink, ZLinkList, ZUpdateLinkA } from '../../links/link-schema';
import { defineOperation } from '../../http/operation';
import { ZStats, ZStatsRangeQuery, statsRange } from '../../analytics/stats-schema';
import { NO_CONTENT, ok, workspaceErrors } from './common';

const A = { tag: 'Variant A (/api.php)', auth: ['bearer' as const], path: '/api.php' };

const slug = z.string({ error: 'Name the link with ?slug=<short code>.' }).min(1, { error: 'Name the link with ?slug=<short code>.' });
/** The link a write or stats acts on: ?slug= and, on another domain than the default, ?domain_id=. */
export const ZApiPhpLinkQuery = z.object({ slug, domain_id: zOptionalId('domain_id') });

export const apiPhpCreate = defineOperation({
  ...A,
  id: 'apiPhpCreate',
  permission: 'links.write',
  method: 'POST',
  summary: 'Create a short link (Variant A)',
  body: ZCreateLinkA,
  responses: { 201: ok(ZLink, 'Created') },
  errors: workspaceErrors('invalid_request', 'alias_taken', 'unsafe_url', 'quota_exceeded', 'unsafe_throttled', 'payload_too_large', 'unsupported_media_type'),
});

export const apiPhpList = defineOperation({
  ...A,
  id: 'apiPhpList',
  permission: 'links.read',
  method: 'GET',
  action: 'list',
  summary: 'Read (Variant A): ?action=list | stats | domains',
  query: z.object({
    action: z.literal('list'),
    q: z
      .string()
      .optional()
      .transform((v) => v?.trim() || undefined),
    limit: zQueryInt('limit', 50, 1, 1000),
    offset: zQueryInt('offset', 0, 0, Number.MAX_SAFE_INTEGER),
  }),
  responses: { 200: ok(ZLinkList) },
  errors: workspaceErrors('invalid_request'),
});

export const apiPhpStats = defineOperation({
  ...A,
  id: 'apiPhpStats',
  permission: 'analytics.read',
  method: 'GET',
  action: 'stats',
  summary: 'A link’s statistics (Variant A)',
  query: ZApiPhpLinkQuery.extend({ action: z.literal('stats'), ...ZStatsRangeQuery.shape }).transform((q, ctx) => ({ ...q, range: statsRange(q, ctx) })),
  responses: { 200: ok(ZStats) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const apiPhpDomains = defineOperation({
  ...A,
  id: 'apiPhpDomains',
  permission: 'domains.read',
  method: 'GET',
  action: 'domains',
  summary: 'The workspace’s domains (Variant A)',
  query: z.object({ action: z.literal('domains') }),
  responses: { 200: ok(z.object({ domains: z.array(ZDomain.extend({ is_default: z.boolean() })) })) },
  errors: workspaceErrors('invalid_request'),
});

const updateErrors = workspaceErrors('invalid_request', 'not_found', 'alias_taken', 'unsafe_url', 'payload_too_large', 'unsupported_media_type');
export const apiPhpUpdate = defineOperation({
  ...A,
  id: 'apiPhpUpdate',
  permission: 'links.write',
  method: 'PATCH',
  summary: 'Change a link (Variant A; PUT does the same)',
  query: ZApiPhpLinkQuery,
  body: ZUpdateLinkA,
  responses: { 200: ok(ZLink) },
  errors: updateErrors,
});
export const apiPhpPut = defineOperation({ ...apiPhpUpdate, id: 'apiPhpPut', method: 'PUT', summary: 'Change a link (Variant A; same as PATCH)' });

export const apiPhpDelete = defineOperation({
  ...A,
  id: 'apiPhpDelete',
  permission: 'links.write',
  method: 'DELETE',
  summary: 'Delete a link (Variant A)',
  query: ZApiPhpLinkQuery,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

/** Variant B's input: the query string and a JSON body, merged (the body wins). */
export const ZVariantBInput = z.object({
  token: z.string().meta({ description: 'Your API token (also accepted in the JSON body).' }).optional(),
  long_url: LINK_FIELDS.url.describe('The destination.').optional(),
  expiration_date: z
    .string({ error: 'The expiration must be a date as YYYY-MM-DD HH:MM:SS (UTC).' })
    .nullish()
    .meta({ description: 'YYYY-MM-DD HH:MM:SS, UTC.', example: '2027-01-31 10:00:00' }),
});

export const variantBCreate = defineOperation({
  id: 'variantBCreate',
  permission: 'links.write',
  method: 'POST',
  path: '/api',
  tag: 'Variant B (/api)',
  auth: ['token_param'],
  summary: 'Create a short link (Variant B)',
  query: ZVariantBInput,
  body: ZVariantBInput,
  bodyOptional: true,
  responses: {
    201: ok(z.object({ short_url: z.string(), short_code: z.string(), long_url: z.string(), expiration_date: z.string().nullable() }), 'Created'),
  },
  errors: workspaceErrors('invalid_request', 'unsafe_url', 'quota_exceeded', 'unsafe_throttled', 'payload_too_large', 'unsupported_media_type'),
});

/** Variant A's operations by method, and its reads by ?action= (the action table the route test walks). */
export const VARIANT_A_ACTIONS = {
  POST: apiPhpCreate,
  'GET list': apiPhpList,
  'GET stats': apiPhpStats,
  'GET domains': apiPhpDomains,
  PATCH: apiPhpUpdate,
  PUT: apiPhpPut,
  DELETE: apiPhpDelete,
} as const;

export const VARIANT_B_ACTIONS = { POST: variantBCreate } as const;
