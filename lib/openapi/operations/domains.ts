// REST v1 /api/v1/domains operations.
import { z } from 'zod';
import { ZCreateDomain, ZDomain, ZDomainDetail, ZUpdateDomain } from '../../domains/domain-schema';
import { MAX_ASSOCIATION_BYTES } from '../../domains/app-association';
import { defineOperation } from '../../http/operation';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';
import { ZOrphanExportQuery, ZOrphanLogging, ZOrphanVisits, ZOrphanVisitsQuery } from '../../orphans/orphan-visits-schema';

const tag = 'Domains';
const auth = WORKSPACE_AUTH;
const params = z.object({ id: z.string().meta({ description: 'The domain id.', examples: ['7'] }) });
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;
const one = z.object({ domain: ZDomain });

export const listDomains = defineOperation({
  id: 'listDomains',
  permission: 'domains.read',
  method: 'GET',
  path: '/api/v1/domains',
  tag,
  auth,
  summary: "The shared domain and the workspace's own, with status and DNS records",
  responses: { 200: ok(z.object({ domains: z.array(ZDomain) })) },
  errors: workspaceErrors(),
});

export const addDomain = defineOperation({
  id: 'addDomain',
  permission: 'domains.write',
  method: 'POST',
  path: '/api/v1/domains',
  tag,
  auth,
  summary: 'Add a custom domain (pending until its DNS records are verified)',
  body: ZCreateDomain,
  responses: { 201: ok(one, 'Created') },
  errors: workspaceErrors('domain_taken', 'limit_reached', 'plan_required', ...bodyErrors),
});

export const getDomain = defineOperation({
  id: 'getDomain',
  permission: 'domains.read',
  method: 'GET',
  path: '/api/v1/domains/{id}',
  tag,
  auth,
  summary: 'One domain, with its link count and certificate',
  params,
  responses: { 200: ok(z.object({ domain: ZDomainDetail })) },
  errors: workspaceErrors('not_found'),
});

export const updateDomain = defineOperation({
  id: 'updateDomain',
  permission: 'domains.write',
  method: 'PATCH',
  path: '/api/v1/domains/{id}',
  tag,
  auth,
  summary: 'Change what the root and unknown codes answer, the app association files, or the default',
  params,
  body: ZUpdateDomain,
  // Room for both app association files at their limit.
  maxBodyBytes: 2 * MAX_ASSOCIATION_BYTES + 16 * 1024,
  responses: { 200: ok(one) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const deleteDomain = defineOperation({
  id: 'deleteDomain',
  permission: 'domains.write',
  method: 'DELETE',
  path: '/api/v1/domains/{id}',
  tag,
  auth,
  summary: 'Delete a domain and every link on it',
  params,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});

export const verifyDomain = defineOperation({
  id: 'verifyDomain',
  permission: 'domains.write',
  method: 'POST',
  path: '/api/v1/domains/{id}/verify',
  tag,
  auth,
  summary: 'Look the DNS records up now',
  params,
  responses: { 200: ok(z.object({ domain: ZDomain, verified: z.boolean() })) },
  errors: workspaceErrors('not_found'),
});

// Orphan visits (docs/guide/orphan-visits.md): visits to a domain that reached no link.
const orphanTag = 'Orphan visits';

export const getOrphanVisits = defineOperation({
  id: 'getOrphanVisits',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/domains/{id}/orphan-visits',
  tag: orphanTag,
  auth,
  summary: "Visits to the domain that reached no link: totals per kind and the top paths (the workspace's own domains)",
  params,
  query: ZOrphanVisitsQuery,
  responses: { 200: ok(ZOrphanVisits) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const exportOrphanVisits = defineOperation({
  id: 'exportOrphanVisits',
  permission: 'analytics.read',
  method: 'GET',
  path: '/api/v1/domains/{id}/orphan-visits/export',
  tag: orphanTag,
  auth,
  summary: 'The daily orphan visit counts as CSV (day, kind, path, visits), or with ?visits=1 each kept visit',
  params,
  query: ZOrphanExportQuery,
  responses: { 200: { description: 'CSV, one count (or one kept visit) a row', contentType: 'text/csv' } },
  errors: workspaceErrors('invalid_request', 'not_found'),
});

export const setOrphanLogging = defineOperation({
  id: 'setOrphanLogging',
  permission: 'workspace.update',
  method: 'PUT',
  path: '/api/v1/workspace/orphan-visits',
  tag: orphanTag,
  auth,
  summary: 'Keep each orphan visit of the workspace’s domains besides the counts, or stop',
  body: ZOrphanLogging,
  responses: { 200: ok(ZOrphanLogging) },
  errors: workspaceErrors(...bodyErrors),
});
