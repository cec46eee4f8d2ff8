// REST v1 /api/v1/folders operations (members: links.read / links.write, the links' own scopes).
import { defineOperation } from '../../http/operation';
import { ZCreateFolder, ZFolderAnswer, ZFolderList, ZFolderParams, ZUpdateFolder } from '../../folders/folder-schema';
import { NO_CONTENT, ok, WORKSPACE_AUTH, workspaceErrors } from './common';

const tag = 'Folders';
const auth = WORKSPACE_AUTH;
const bodyErrors = ['invalid_request', 'payload_too_large', 'unsupported_media_type'] as const;

export const listFolders = defineOperation({
  id: 'listFolders',
  permission: 'links.read',
  method: 'GET',
  path: '/api/v1/folders',
  tag,
  auth,
  summary: "The workspace's folders, by name, with how many links each holds",
  responses: { 200: ok(ZFolderList) },
  errors: workspaceErrors(),
});

export const createFolder = defineOperation({
  id: 'createFolder',
  permission: 'links.write',
  method: 'POST',
  path: '/api/v1/folders',
  tag,
  auth,
  summary: 'Create a folder (at most 200 a workspace)',
  body: ZCreateFolder,
  responses: { 201: ok(ZFolderAnswer, 'Created') },
  errors: workspaceErrors('name_taken', 'limit_reached', ...bodyErrors),
});

export const updateFolder = defineOperation({
  id: 'updateFolder',
  permission: 'links.write',
  method: 'PATCH',
  path: '/api/v1/folders/{id}',
  tag,
  auth,
  summary: 'Rename a folder',
  params: ZFolderParams,
  body: ZUpdateFolder,
  responses: { 200: ok(ZFolderAnswer) },
  errors: workspaceErrors('not_found', 'name_taken', ...bodyErrors),
});

export const deleteFolder = defineOperation({
  id: 'deleteFolder',
  permission: 'links.write',
  method: 'DELETE',
  path: '/api/v1/folders/{id}',
  tag,
  auth,
  summary: 'Delete a folder; its links are kept, unfiled',
  params: ZFolderParams,
  responses: { 204: NO_CONTENT },
  errors: workspaceErrors('not_found'),
});
