// REST v1 invitation handlers (through withWorkspace): the workspace's invitations (admins) and
// accepting one (the invitee's session). Input parsed by lib/openapi/operations/workspaces.ts.
import { currentSessionId } from '../../auth/current-session-id';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/workspaces';
import { operationHandler } from '../../http/operation';
import { acceptInvitation } from '../../workspaces/accept-invitation';
import { inviteMember } from '../../workspaces/invite-member';
import { listInvitations } from '../../workspaces/list-invitations';
import { resendInvitation } from '../../workspaces/resend-invitation';
import { revokeInvitation } from '../../workspaces/revoke-invitation';

type Params = { id: string };

/** GET /api/v1/workspace/invitations — pending (and expired-pending), newest first. */
export const listInvitationsRoute = operationHandler(ops.listInvitations, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ invitations: await listInvitations(ctx.handle.db, actor) });
});

/** POST /api/v1/workspace/invitations {email, role?} */
export const createInvitationRoute = operationHandler(ops.createInvitation, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json(await inviteMember(ctx.handle.db, actor, { email: body.email, role: body.role }), { status: 201 });
});

/** POST /api/v1/workspace/invitations/{id}/resend */
export const resendInvitationRoute = operationHandler(ops.resendInvitation, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  return json(await resendInvitation(ctx.handle.db, actor, params.id));
});

/** DELETE /api/v1/workspace/invitations/{id} */
export const revokeInvitationRoute = operationHandler(ops.revokeInvitation, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await revokeInvitation(ctx.handle.db, actor, params.id);
  return new Response(null, { status: 204 });
});

/** POST /api/v1/invitations/accept {token} */
export const acceptInvitationRoute = operationHandler(ops.acceptInvitation, async ({ req, actor, ctx }: WorkspaceRequest<object>, { body }) => {
  const workspace = await acceptInvitation(ctx.handle.db, { secret: body.token, userId: actor.userId, sessionId: await currentSessionId(req), ip: actor.ip });
  return json({ workspace });
});
