// REST v1 invitation handlers (through withWorkspace): the workspace's invitations (admins) and
// accepting one (the invitee's session).
import { currentSessionId } from '../auth/current-session-id';
import { json } from '../http/json-response';
import { readFields } from '../http/read-fields';
import type { WorkspaceRequest } from '../http/with-workspace';
import { acceptInvitation } from './accept-invitation';
import { inviteMember } from './invite-member';
import { listInvitations } from './list-invitations';
import { resendInvitation } from './resend-invitation';
import { revokeInvitation } from './revoke-invitation';

type Params = { id: string };

/** GET /api/v1/workspace/invitations — pending (and expired-pending), newest first. */
export async function listInvitationsRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  return json({ invitations: await listInvitations(ctx.handle.db, actor) });
}

/** POST /api/v1/workspace/invitations {email, role?} */
export async function createInvitationRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readFields(req, new Set(['email', 'role']));
  return json({ invitation: await inviteMember(ctx.handle.db, actor, { email: body.email, role: body.role }) }, { status: 201 });
}

/** POST /api/v1/workspace/invitations/{id}/resend */
export async function resendInvitationRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  return json({ invitation: await resendInvitation(ctx.handle.db, actor, params.id) });
}

/** DELETE /api/v1/workspace/invitations/{id} */
export async function revokeInvitationRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  await revokeInvitation(ctx.handle.db, actor, params.id);
  return new Response(null, { status: 204 });
}

/** POST /api/v1/invitations/accept {token} */
export async function acceptInvitationRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readFields(req, new Set(['token']));
  const workspace = await acceptInvitation(ctx.handle.db, { secret: body.token, userId: actor.userId, sessionId: await currentSessionId(req), ip: actor.ip });
  return json({ workspace });
}
