// REST v1 /api/v1/tokens operations. Listing, making and revoking take a token with the tokens:read /
// tokens:write scopes (never part of a token's default scopes); new secrets need a signed-in session.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { ZCreateToken, ZRotateToken, ZToken, ZTokenParams } from '../../tokens/token-schema';
import { NO_CONTENT, ok, SESSION_ONLY, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'API tokens';
const auth = SESSION_ONLY;
const withSecret = z.object({
  token: ZToken,
  secret: z.string().meta({ description: 'Shown once.', examples: ['sl_4fQ9xkT2mVb7LpQ0rZs3Wy8NcE1dHg5JaK6uXo9R'] }),
});
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;

export const listTokens = defineOperation({
  id: 'listTokens',
  permission: 'tokens.read',
  method: 'GET',
  path: '/api/v1/tokens',
  tag,
  auth: WORKSPACE_AUTH,
  summary: 'Your API tokens in this workspace (an admin sees everyone’s)',
  responses: { 200: ok(z.object({ tokens: z.array(ZToken) })) },
  errors: workspaceErrors(),
});

export const createToken = defineOperation({
  id: 'createToken',
  permission: 'tokens.own',
  method: 'POST',
  path: '/api/v1/tokens',
  tag,
  auth: WORKSPACE_AUTH,
  summary: 'Create an API token (a token hands on at most its own scopes, never tokens:write)',
  body: ZCreateToken,
  responses: { 201: ok(withSecret, 'Created; the secret is shown once') },
  errors: workspaceErrors('limit_reached', ...bodyErrors),
});

export const regenerateToken = defineOperation({
  id: 'regenerateToken',
  permission: 'tokens.own',
  method: 'POST',
  path: '/api/v1/tokens/{id}/regenerate',
  tag,
  auth,
  summary: 'A new secret; the old one stops at once',
  params: ZTokenParams,
  responses: { 200: ok(withSecret) },
  errors: workspaceErrors('not_found'),
});

export const rotateToken = defineOperation({
  id: 'rotateToken',
  permission: 'tokens.own',
  method: 'POST',
  path: '/api/v1/tokens/{id}/rotate',
  tag,
  auth,
  summary: 'A new secret; the old one works for grace_hours (default 24)',
  params: ZTokenParams,
  body: ZRotateToken,
  bodyOptional: true,
  responses: { 200: ok(withSecret) },
  errors: workspaceErrors('not_found', ...bodyErrors),
});

export const revokeToken = defineOperation({
  id: 'revokeToken',
  permission: 'tokens.own',
  method: 'DELETE',
  path: '/api/v1/tokens/{id}',
  tag,
  auth: WORKSPACE_AUTH,
  summary: 'Revoke a token',
  params: ZTokenParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});
