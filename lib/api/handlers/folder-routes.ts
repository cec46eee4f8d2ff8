// REST v1 /api/v1/folders handlers (token or session, through withWorkspace; members): thin
// wrappers around lib/folders, the workspace in every query.
import { json } from '../../core/json-response';
import { createFolder } from '../../folders/create-folder';
import { deleteFolder } from '../../folders/delete-folder';
import { listFolders } from '../../folders/list-folders';
import { renameFolder } from '../../folders/rename-folder';
import { operationHandler } from '../../http/operation';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/folders';

type Params = { id: string };

// GET /api/v1/folders – the workspace's folders with their link counts
export const listFoldersRoute = operationHandler(ops.listFolders, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ folders: await listFolders(ctx.handle.db, actor.workspaceId) });
});

// POST /api/v1/folders – create one
export const createFolderRoute = operationHandler(ops.createFolder, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json({ folder: await createFolder(ctx.handle.db, actor.workspaceId, body) }, { status: 201 });
});

// PATCH /api/v1/folders/{id} – rename
export const updateFolderRoute = operationHandler(ops.updateFolder, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  return json({ folder: await renameFolder(ctx.handle.db, actor.workspaceId, params.id, body) });
});

// DELETE /api/v1/folders/{id} – delete; its links stay, unfiled
export const deleteFolderRoute = operationHandler(ops.deleteFolder, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await deleteFolder(ctx.handle.db, actor.workspaceId, params.id);
  return new Response(null, { status: 204 });
});
