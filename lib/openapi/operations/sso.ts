// REST v1 /api/v1/workspace/sso and /api/v1/workspace/directory-sync operations (admins and the
// owner of an Enterprise team workspace; others get plan_required, or invalid_request in a
// personal workspace).
import { z } from 'zod';
import { ZDirectorySync } from '../../scim/directory-sync-schema';
import { defineOperation } from '../../http/operation';
import {
  ZCreateConnection,
  ZSsoActionParams,
  ZSsoConnection,
  ZSsoDomainParams,
  ZSsoParams,
  ZSsoProviderType,
  ZSsoVerification,
  ZUpdateSsoConnection,
} from '../../sso/sso-connection-schema';
import { ZAddSsoDomain } from '../../sso/sso-domain-schema';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Single sign-on';
const auth = WORKSPACE_AUTH;
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;
/** Every SSO route: the plan, a team workspace (invalid_request in a personal one). */
const ssoErrors = (...extra: Parameters<typeof workspaceErrors>) => workspaceErrors('plan_required', 'invalid_request', ...extra);
const one = z.object({ connection: ZSsoConnection });

export const listSsoConnections = defineOperation({
  id: 'listSsoConnections',
  permission: 'sso.manage',
  method: 'GET',
  path: '/api/v1/workspace/sso',
  tag,
  auth,
  summary: "The workspace's SSO connections and the provider types",
  responses: { 200: ok(z.object({ connections: z.array(ZSsoConnection), provider_types: z.array(ZSsoProviderType) })) },
  errors: ssoErrors(),
});

export const createSsoConnection = defineOperation({
  id: 'createSsoConnection',
  permission: 'sso.manage',
  method: 'POST',
  path: '/api/v1/workspace/sso',
  tag,
  auth,
  summary: 'A new connection (a draft until tested, its domain proven, and enabled)',
  body: ZCreateConnection,
  responses: { 201: ok(one, 'Created') },
  errors: ssoErrors(...bodyErrors),
});

export const getSsoConnection = defineOperation({
  id: 'getSsoConnection',
  permission: 'sso.manage',
  method: 'GET',
  path: '/api/v1/workspace/sso/{id}',
  tag,
  auth,
  summary: 'One connection',
  params: ZSsoParams,
  responses: { 200: ok(one) },
  errors: ssoErrors('not_found'),
});

export const updateSsoConnection = defineOperation({
  id: 'updateSsoConnection',
  permission: 'sso.manage',
  method: 'PATCH',
  path: '/api/v1/workspace/sso/{id}',
  tag,
  auth,
  summary: 'Change a connection (a change to what was tested clears the test)',
  params: ZSsoParams,
  body: ZUpdateSsoConnection,
  responses: { 200: ok(one) },
  errors: ssoErrors('not_found', ...bodyErrors),
});

export const deleteSsoConnection = defineOperation({
  id: 'deleteSsoConnection',
  permission: 'sso.manage',
  method: 'DELETE',
  path: '/api/v1/workspace/sso/{id}',
  tag,
  auth,
  summary: 'Delete a connection',
  params: ZSsoParams,
  responses: { 204: NO_CONTENT },
  errors: ssoErrors('not_found'),
});

export const ssoConnectionAction = defineOperation({
  id: 'ssoConnectionAction',
  permission: 'sso.manage',
  method: 'POST',
  path: '/api/v1/workspace/sso/{id}/{action}',
  tag,
  auth,
  summary: 'test (discovery, keys, client), verify-domain (every domain’s TXT record), enable or disable',
  params: ZSsoActionParams,
  responses: { 200: ok(z.union([ZSsoVerification, one])) },
  errors: ssoErrors('not_found', 'sso_not_ready', 'domain_taken'),
});

export const addSsoDomain = defineOperation({
  id: 'addSsoDomain',
  permission: 'sso.manage',
  method: 'POST',
  path: '/api/v1/workspace/sso/{id}/domains',
  tag,
  auth,
  summary: 'One more email domain for the connection, to prove by its TXT record',
  params: ZSsoParams,
  body: ZAddSsoDomain,
  responses: { 201: ok(one, 'Added') },
  errors: ssoErrors('not_found', 'limit_reached', ...bodyErrors),
});

export const removeSsoDomain = defineOperation({
  id: 'removeSsoDomain',
  permission: 'sso.manage',
  method: 'DELETE',
  path: '/api/v1/workspace/sso/{id}/domains/{domainId}',
  tag,
  auth,
  summary: 'Remove an email domain from the connection',
  params: ZSsoDomainParams,
  responses: { 200: ok(one) },
  errors: ssoErrors('not_found'),
});

export const verifySsoDomain = defineOperation({
  id: 'verifySsoDomain',
  permission: 'sso.manage',
  method: 'POST',
  path: '/api/v1/workspace/sso/{id}/domains/{domainId}/verify',
  tag,
  auth,
  summary: "Look up that one domain's TXT record",
  params: ZSsoDomainParams,
  responses: { 200: ok(ZSsoVerification) },
  errors: ssoErrors('not_found', 'domain_taken'),
});

const dsTag = 'Directory sync';
const withToken = z.object({ token: z.string().meta({ description: 'The SCIM bearer token; shown once.' }), directory_sync: ZDirectorySync });

export const getDirectorySync = defineOperation({
  id: 'getDirectorySync',
  permission: 'sso.manage',
  method: 'GET',
  path: '/api/v1/workspace/directory-sync',
  tag: dsTag,
  auth,
  summary: 'The SCIM base URL, the token’s state and the last activity',
  responses: { 200: ok(z.object({ directory_sync: ZDirectorySync })) },
  errors: ssoErrors(),
});

export const issueDirectorySyncToken = defineOperation({
  id: 'issueDirectorySyncToken',
  permission: 'sso.manage',
  method: 'POST',
  path: '/api/v1/workspace/directory-sync',
  tag: dsTag,
  auth,
  summary: 'A new SCIM token (shown once; the previous one stops at once)',
  responses: { 200: ok(withToken, 'Replaced the previous token'), 201: ok(withToken, 'The first token') },
  errors: ssoErrors(),
});

export const revokeDirectorySyncToken = defineOperation({
  id: 'revokeDirectorySyncToken',
  permission: 'sso.manage',
  method: 'DELETE',
  path: '/api/v1/workspace/directory-sync',
  tag: dsTag,
  auth,
  summary: 'Revoke the SCIM token (provisioned members stay)',
  responses: { 204: NO_CONTENT },
  errors: ssoErrors('not_found'),
});
