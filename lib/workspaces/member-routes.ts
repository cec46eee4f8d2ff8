// REST v1 /api/v1/workspace/members and /leave handlers (through withWorkspace).
import { json } from '../http/json-response';
import { readFields } from '../http/read-fields';
import type { WorkspaceRequest } from '../http/with-workspace';
import { changeMemberRole } from './change-member-role';
import { listMembers } from './list-members';
import { leaveWorkspace, removeMember } from './remove-member';

type Params = { userId: string };

/** GET /api/v1/workspace/members */
export async function listMembersRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  return json({ members: await listMembers(ctx.handle.db, actor.workspaceId) });
}

/** PATCH /api/v1/workspace/members/{userId} {role} */
export async function changeMemberRoleRoute({ req, actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const body = await readFields(req, new Set(['role']));
  return json({ member: await changeMemberRole(ctx.handle.db, actor, { userId: params.userId, role: body.role }) });
}

/** DELETE /api/v1/workspace/members/{userId} */
export async function removeMemberRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  await removeMember(ctx.handle.db, actor, params.userId);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/workspace/leave */
export async function leaveWorkspaceRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  await leaveWorkspace(ctx.handle.db, actor);
  return new Response(null, { status: 204 });
}
