// REST v1 /api/v1/workspaces and /api/v1/workspace handlers (through withWorkspace): input parsed by
// lib/openapi/operations/workspaces.ts, one domain function called, the answer shaped.
import { currentSessionId } from '../../auth/current-session-id';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/workspaces';
import { operationHandler } from '../../http/operation';
import { can } from '../../tenancy/actor';
import { createWorkspace } from '../../workspaces/create-workspace';
import { deleteWorkspace } from '../../workspaces/delete-workspace';
import { getWorkspace } from '../../workspaces/get-workspace';
import { listUserWorkspaces } from '../../workspaces/list-user-workspaces';
import { PERMISSIONS, type Permission } from '../../tenancy/permissions';
import { switchWorkspace } from '../../workspaces/switch-workspace';
import { transferOwnership } from '../../workspaces/transfer-ownership';
import { updateWorkspace } from '../../workspaces/update-workspace';

/** GET /api/v1/workspaces — a session's every workspace; a token's own only. */
export const listWorkspacesRoute = operationHandler(ops.listWorkspaces, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  const all = await listUserWorkspaces(ctx.handle.db, actor.userId);
  const workspaces = actor.via === 'token' ? all.filter((w) => w.id === actor.workspaceId) : all;
  return json({ workspaces, current_id: actor.workspaceId });
});

/** POST /api/v1/workspaces {name, slug?} — the caller owns it and the session switches to it. */
export const createWorkspaceRoute = operationHandler(ops.createWorkspace, async ({ req, actor, ctx }: WorkspaceRequest<object>, { body }) => {
  const workspace = await createWorkspace(ctx.handle.db, {
    userId: actor.userId,
    sessionId: await currentSessionId(req),
    name: body.name,
    slug: body.slug,
    ip: actor.ip,
  });
  return json({ workspace }, { status: 201 });
});

/** POST /api/v1/workspaces/{id}/switch */
export const switchWorkspaceRoute = operationHandler(ops.switchWorkspace, async ({ req, actor, ctx }: WorkspaceRequest<{ id: string }>, { params }) => {
  const workspace = await switchWorkspace(ctx.handle.db, { userId: actor.userId, sessionId: await currentSessionId(req), workspaceId: params.id });
  return json({ workspace });
});

/** GET /api/v1/workspace — the current workspace, your role and what you may do in it. */
export const getWorkspaceRoute = operationHandler(ops.getWorkspace, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(actor, p));
  return json({ workspace: await getWorkspace(ctx.handle.db, actor), role: actor.role, permissions, user_id: actor.userId });
});

/** PATCH /api/v1/workspace {name?, slug?} */
export const updateWorkspaceRoute = operationHandler(ops.updateWorkspace, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json({ workspace: await updateWorkspace(ctx.handle.db, actor, body) });
});

/** DELETE /api/v1/workspace */
export const deleteWorkspaceRoute = operationHandler(ops.deleteWorkspace, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  await deleteWorkspace(ctx.handle.db, actor);
  return new Response(null, { status: 204 });
});

/** POST /api/v1/workspace/transfer {user_id} */
export const transferOwnershipRoute = operationHandler(ops.transferOwnership, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json({ members: await transferOwnership(ctx.handle.db, actor, body.user_id) });
});
