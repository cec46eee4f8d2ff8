// REST v1 /api/v1/workspace/members and /leave handlers (through withWorkspace); input parsed by
// lib/openapi/operations/workspaces.ts.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/workspaces';
import { operationHandler } from '../../http/operation';
import { changeMemberRole } from '../../workspaces/change-member-role';
import { listMembers } from '../../workspaces/list-members';
import { leaveWorkspace, removeMember } from '../../workspaces/remove-member';

type Params = { userId: string };

/** GET /api/v1/workspace/members */
export const listMembersRoute = operationHandler(ops.listMembers, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ members: await listMembers(ctx.handle.db, actor.workspaceId) });
});

/** PATCH /api/v1/workspace/members/{userId} {role} */
export const changeMemberRoleRoute = operationHandler(ops.changeMemberRole, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  return json({ member: await changeMemberRole(ctx.handle.db, actor, { userId: params.userId, role: body.role }) });
});

/** DELETE /api/v1/workspace/members/{userId} */
export const removeMemberRoute = operationHandler(ops.removeMember, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await removeMember(ctx.handle.db, actor, params.userId);
  return new Response(null, { status: 204 });
});

/** POST /api/v1/workspace/leave */
export const leaveWorkspaceRoute = operationHandler(ops.leaveWorkspace, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  await leaveWorkspace(ctx.handle.db, actor);
  return new Response(null, { status: 204 });
});
