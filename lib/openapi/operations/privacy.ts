// REST v1 privacy operations: what the current workspace's clicks keep of their visitors
// (docs/guide/privacy.md). Members read them; admins and the owner change them.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { ZUpdatePrivacy, ZWorkspacePrivacy } from '../../workspaces/privacy-schema';
import { ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Privacy';

export const getWorkspacePrivacy = defineOperation({
  id: 'getWorkspacePrivacy',
  permission: 'workspace.read',
  method: 'GET',
  path: '/api/v1/workspace/privacy',
  tag,
  auth: WORKSPACE_AUTH,
  summary: 'What clicks keep of their visitors: the workspace’s choices, the defaults and what applies',
  responses: { 200: ok(z.object({ privacy: ZWorkspacePrivacy })) },
  errors: workspaceErrors(),
});

export const updateWorkspacePrivacy = defineOperation({
  id: 'updateWorkspacePrivacy',
  permission: 'workspace.update',
  method: 'PATCH',
  path: '/api/v1/workspace/privacy',
  tag,
  auth: WORKSPACE_AUTH,
  summary: 'Change what clicks keep of their visitors; null goes back to the default',
  body: ZUpdatePrivacy,
  responses: { 200: ok(z.object({ privacy: ZWorkspacePrivacy })) },
  errors: workspaceErrors('invalid_request', 'payload_too_large', 'unsupported_media_type'),
});
