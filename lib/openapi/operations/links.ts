// REST v1 /api/v1/links operations.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import {
  ZAliasAvailabilityQuery,
  ZBulkDeleteLinks,
  ZCreateLink,
  ZLink,
  ZLinkEventsQuery,
  ZLinkIdParams,
  ZLinkList,
  ZListLinksQuery,
  ZUpdateLink,
} from '../../links/link-schema';
import { ZBulkCreate } from '../../imports/import-schema';
import { ZTagColor } from '../../tags/tag-schema';
import { MAX_BULK_UPDATE, ZBulkUpdateAnswer, ZBulkUpdateLinks } from '../../links/bulk-update-schema';
import { ZConversionAnswer, ZConversionBody } from '../../link-rules/ab-test-schema';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Links';
const auth = WORKSPACE_AUTH;

export const listLinks = defineOperation({
  id: 'listLinks',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links',
  tag,
  auth,
  summary: "List the workspace's links",
  query: ZListLinksQuery,
  responses: { 200: ok(ZLinkList) },
  errors: workspaceErrors('invalid_request'),
});

export const createLink = defineOperation({
  id: 'createLink',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links',
  tag,
  auth,
  summary: 'Create a short link',
  body: ZCreateLink,
  responses: { 201: ok(ZLink, 'Created') },
  errors: workspaceErrors('invalid_request', 'alias_taken', 'unsafe_url', 'quota_exceeded', 'unsafe_throttled', 'payload_too_large', 'unsupported_media_type'),
});

const ZPreviousCode = z.object({ code: z.string(), short_url: z.string(), since: z.string() }).loose();

export const getLink = defineOperation({
  id: 'getLink',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/{id}',
  tag,
  auth,
  summary: 'Get one link (with its last safety scan and the old codes that still lead to it)',
  params: ZLinkIdParams,
  responses: { 200: ok(ZLink.extend({ scan: z.unknown().nullable(), previous_codes: z.array(ZPreviousCode) })) },
  errors: workspaceErrors('not_found'),
});

export const duplicateLink = defineOperation({
  id: 'duplicateLink',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links/{id}/duplicate',
  tag,
  auth,
  summary: 'Copy a link under a new random code (everything but the password)',
  params: ZLinkIdParams,
  responses: { 201: ok(ZLink, 'Created') },
  errors: workspaceErrors('not_found', 'unsafe_url', 'quota_exceeded', 'unsafe_throttled'),
});

export const recordConversion = defineOperation({
  id: 'recordConversion',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links/{id}/conversions',
  tag,
  auth,
  summary: 'Count a conversion for a variant of the link’s A/B test (a test ending by conversions picks its winner by them)',
  params: ZLinkIdParams,
  body: ZConversionBody,
  responses: { 200: ok(ZConversionAnswer, 'The variant’s conversions so far') },
  errors: workspaceErrors('not_found', 'invalid_request'),
});

export const freePreviousCode = defineOperation({
  id: 'freePreviousCode',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/links/{id}/previous-codes/{code}',
  tag,
  auth,
  summary: 'Stop an old code (left by a rename) from redirecting, and free it',
  params: ZLinkIdParams.extend({ code: z.string().meta({ description: 'The old code.' }) }),
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const updateLink = defineOperation({
  id: 'updateLink',
  permission: 'links.write',
  method: 'PATCH',
  path: '/api/v1/links/{id}',
  tag,
  auth,
  summary: 'Change a link',
  params: ZLinkIdParams,
  body: ZUpdateLink,
  responses: { 200: ok(ZLink) },
  errors: workspaceErrors('invalid_request', 'not_found', 'alias_taken', 'unsafe_url', 'payload_too_large', 'unsupported_media_type'),
});

export const deleteLink = defineOperation({
  id: 'deleteLink',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/links/{id}',
  tag,
  auth,
  summary: 'Delete a link',
  params: ZLinkIdParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const bulkDeleteLinks = defineOperation({
  id: 'bulkDeleteLinks',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links/bulk-delete',
  tag,
  auth,
  summary: 'Delete up to 100 links (all or nothing)',
  body: ZBulkDeleteLinks,
  responses: { 200: ok(z.object({ deleted: z.number().int() })) },
  errors: workspaceErrors('invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'),
});

export const bulkUpdateLinks = defineOperation({
  id: 'bulkUpdateLinks',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links/bulk-update',
  tag,
  auth,
  summary: `Change up to ${MAX_BULK_UPDATE} links at once: archive or unarchive, add or remove tags, move to another domain (a link whose code is taken there is listed in \`failed\` and left unchanged)`,
  body: ZBulkUpdateLinks,
  responses: { 200: ok(ZBulkUpdateAnswer) },
  errors: workspaceErrors('invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'),
});

export const bulkCreateLinks = defineOperation({
  id: 'bulkCreateLinks',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/links/bulk',
  tag,
  auth,
  summary: 'Create up to 100 links, one result per item (201 with the link, or its error)',
  // 100 links of 2,048-character URLs and their other fields, with room to spare.
  body: ZBulkCreate,
  maxBodyBytes: 512 * 1024,
  responses: {
    200: ok(
      z.object({
        created: z.number().int(),
        failed: z.number().int(),
        results: z.array(z.object({ index: z.number().int(), status: z.number().int(), link: ZLink.optional(), error: z.unknown().optional() })),
      }),
    ),
  },
  errors: workspaceErrors('invalid_request', 'payload_too_large', 'unsupported_media_type'),
});

export const listTags = defineOperation({
  id: 'listTags',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/tags',
  tag,
  auth,
  summary: 'The tags used in the workspace, most used first',
  responses: { 200: ok(z.object({ tags: z.array(z.object({ name: z.string(), links: z.number().int(), color: ZTagColor }).loose()) })) },
  errors: workspaceErrors(),
});

export const aliasAvailability = defineOperation({
  id: 'aliasAvailability',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/availability',
  tag,
  auth,
  summary: 'Is an alias free?',
  query: ZAliasAvailabilityQuery,
  responses: { 200: ok(z.object({ available: z.boolean() }).loose()) },
  errors: workspaceErrors('invalid_request'),
});

export const linkEvents = defineOperation({
  id: 'linkEvents',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/links/{id}/events',
  tag,
  auth,
  summary: "A link's event history, newest first",
  params: ZLinkIdParams,
  query: ZLinkEventsQuery,
  responses: { 200: ok(z.object({ events: z.array(z.record(z.string(), z.unknown())) }).loose()) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});
