// REST v1 /api/v1/tags operations: a workspace's tags with their colours, and renaming, recolouring,
// merging and deleting them (lib/tags/). Read and written with the links' permissions.
import { z } from 'zod';
import { defineOperation } from '../../http/operation';
import { ZMergeTags, ZTagChange, ZTagList, ZTagNameParams, ZUpdateTag } from '../../tags/tag-schema';
import { ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Tags';
const auth = WORKSPACE_AUTH;

export const listWorkspaceTags = defineOperation({
  id: 'listWorkspaceTags',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/tags',
  tag,
  auth,
  summary: "The workspace's tags with their colours and how many links carry each, most used first",
  responses: { 200: ok(ZTagList) },
  errors: workspaceErrors(),
});

export const updateTag = defineOperation({
  id: 'updateTag',
  permission: 'links.write',
  method: 'PATCH',
  path: '/api/v1/tags/{name}',
  tag,
  auth,
  summary: "Rename or recolour a tag (renaming onto an existing tag's name merges them)",
  params: ZTagNameParams,
  body: ZUpdateTag,
  responses: { 200: ok(ZTagChange) },
  errors: workspaceErrors('invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'),
});

export const mergeTags = defineOperation({
  id: 'mergeTags',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/tags/merge',
  tag,
  auth,
  summary: 'Merge tags into one: every link carrying one of `from` carries `into` instead',
  body: ZMergeTags,
  responses: { 200: ok(ZTagChange) },
  errors: workspaceErrors('invalid_request', 'not_found', 'payload_too_large', 'unsupported_media_type'),
});

export const deleteTag = defineOperation({
  id: 'deleteTag',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/tags/{name}',
  tag,
  auth,
  summary: 'Delete a tag: it leaves every link and loses its colour',
  params: ZTagNameParams,
  responses: { 200: ok(z.object({ changed: z.number().int().meta({ description: 'How many links lost the tag.' }) }).loose()) },
  errors: workspaceErrors('invalid_request', 'not_found'),
});
