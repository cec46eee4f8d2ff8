// REST v1 /api/v1/links operations.
import { z } from 'zod';
import { defineOperation } from '../../schemas/operation';
import {
  ZAliasAvailabilityQuery, ZBulkDeleteLinks, ZCreateLink, ZLink, ZLinkEventsQuery, ZLinkIdParams, ZLinkList, ZListLinksQuery, ZUpdateLink,
} from '../../schemas/link';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Links';
const auth = WORKSPACE_AUTH;

export const listLinks = defineOperation({
  id: 'listLinks', method: 'GET', path: '/api/v1/links', tag, auth, summary: "List the workspace's links",
  query: ZListLinksQuery, responses: { 200: ok(ZLinkList) }, errors: workspaceErrors('invalid_request'),
});

export const createLink = defineOperation({
  id: 'createLink', method: 'POST', path: '/api/v1/links', tag, auth, summary: 'Create a short link',
  body: ZCreateLink, responses: { 201: ok(ZLink, 'Created') },
  errors: workspaceErrors('invalid_request', 'not_found', 'alias_taken', 'unsafe_url', 'quota_exceeded', 'unsafe_throttled', 'payload_too_large', 'unsupported_media_type'),
});

export const getLink = defineOperation({
  id: 'getLink', method: 'GET', path: '/api/v1/links/{id}', tag, auth, summary: 'Get one link (with its last safety scan)',
  params: ZLinkIdParams, responses: { 200: ok(ZLink.extend({ scan: z.unknown().nullable() })) }, errors: workspaceErrors('not_found'),
});

export const updateLink = defineOperation({
  id: 'updateLink', method: 'PATCH', path: '/api/v1/links/{id}', tag, auth, summary: 'Change a link',
  params: ZLinkIdParams, body: ZUpdateLink, responses: { 200: ok(ZLink) },
  errors: workspaceErrors('invalid_request', 'not_found', 'alias_taken', 'unsafe_url', 'payload_too_large', 'unsupported_media_type'),
});

export const deleteLink = defineOperation({
  id: 'deleteLink', method: 'DELETE', path: '/api/v1/links/{id}', tag, auth, summary: 'Delete a link',
  params: ZLinkIdParams, responses: { 204: NO_CONTENT }, errors: workspaceErrors('not_found'),
});

export const bulkDeleteLinks = defineOperation({
  id: 'bulkDeleteLinks', method: 'POST', path: '/api/v1/links/bulk-delete', tag, auth, summary: 'Delete up to 100 links (all or nothing)',
  body: ZBulkDeleteLinks, responses: { 200: ok(z.object({ deleted: z.number().int() })) },
  errors: workspaceErrors('invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'),
});

export const listTags = defineOperation({
  id: 'listTags', method: 'GET', path: '/api/v1/links/tags', tag, auth, summary: 'The tags used in the workspace, most used first',
  responses: { 200: ok(z.object({ tags: z.array(z.object({ name: z.string(), links: z.number().int() }).loose()) })) }, errors: workspaceErrors(),
});

export const aliasAvailability = defineOperation({
  id: 'aliasAvailability', method: 'GET', path: '/api/v1/links/availability', tag, auth, summary: 'Is an alias free?',
  query: ZAliasAvailabilityQuery, responses: { 200: ok(z.object({ available: z.boolean() }).loose()) }, errors: workspaceErrors('invalid_request', 'not_found'),
});

export const linkEvents = defineOperation({
  id: 'linkEvents', method: 'GET', path: '/api/v1/links/{id}/events', tag, auth, summary: "A link's event history, newest first",
  params: ZLinkIdParams, query: ZLinkEventsQuery, responses: { 200: ok(z.object({ events: z.array(z.record(z.string(), z.unknown())) }).loose()) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});
