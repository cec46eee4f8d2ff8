// REST v1 /api/v1/workspaces and /api/v1/workspace handlers (through withWorkspace): read the input,
// call one domain function, shape the answer.
import { currentSessionId } from '../auth/current-session-id';
import { json } from '../http/json-response';
import { readFields } from '../http/read-fields';
import type { WorkspaceRequest } from '../http/with-workspace';
import { can } from './actor';
import { createWorkspace } from './create-workspace';
import { deleteWorkspace } from './delete-workspace';
import { getWorkspace } from './get-workspace';
import { listUserWorkspaces } from './list-user-workspaces';
import { PERMISSIONS, type Permission } from './permissions';
import { switchWorkspace } from './switch-workspace';
import { transferOwnership } from './transfer-ownership';
import { updateWorkspace } from './update-workspace';

/** GET /api/v1/workspaces — a session's every workspace; a token's own only. */
export async function listWorkspacesRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const all = await listUserWorkspaces(ctx.handle.db, actor.userId);
  const workspaces = actor.via === 'token' ? all.filter((w) => w.id === actor.workspaceId) : all;
  return json({ workspaces, current_id: actor.workspaceId });
}

/** POST /api/v1/workspaces {name, slug?} — the caller owns it and the session switches to it. */
export async function createWorkspaceRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readFields(req, new Set(['name', 'slug']));
  const workspace = await createWorkspace(ctx.handle.db, { userId: actor.userId, sessionId: await currentSessionId(req), name: body.name, slug: body.slug });
  return json({ workspace }, { status: 201 });
}

/** POST /api/v1/workspaces/{id}/switch */
export async function switchWorkspaceRoute({ req, actor, ctx, params }: WorkspaceRequest<{ id: string }>): Promise<Response> {
  const workspace = await switchWorkspace(ctx.handle.db, { userId: actor.userId, sessionId: await currentSessionId(req), workspaceId: params.id });
  return json({ workspace });
}

/** GET /api/v1/workspace — the current workspace, your role and what you may do in it. */
export async function getWorkspaceRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const permissions = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(actor, p));
  return json({ workspace: await getWorkspace(ctx.handle.db, actor), role: actor.role, permissions, user_id: actor.userId });
}

/** PATCH /api/v1/workspace {name?, slug?} */
export async function updateWorkspaceRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readFields(req, new Set(['name', 'slug']));
  return json({ workspace: await updateWorkspace(ctx.handle.db, actor, body) });
}

/** DELETE /api/v1/workspace */
export async function deleteWorkspaceRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  await deleteWorkspace(ctx.handle.db, actor);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/workspace/transfer {user_id} */
export async function transferOwnershipRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readFields(req, new Set(['user_id']));
  return json({ members: await transferOwnership(ctx.handle.db, actor, body.user_id) });
}
