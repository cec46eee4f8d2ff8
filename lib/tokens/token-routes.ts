// Settings → API tokens (signed-in sessions only: a token cannot mint tokens). Each token belongs to
// the current workspace and acts as the member who made it; members see and change their own
// tokens, admins every token of the workspace.
import { AppError, invalidField } from '../http/errors';
import { json } from '../http/json-response';
import { readJsonBody, readOptionalJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { parseExpiration } from '../links/parse-expiration';
import { ownTokenScope, tokenScope } from '../workspaces/scope';
import { createApiToken, DEFAULT_ROTATION_GRACE_HOURS, findTokens, replaceTokenSecret, revokeApiToken, serializeToken } from './manage-tokens';

export async function listTokensRoute({ actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  return json({ tokens: (await findTokens(ctx.handle.db, tokenScope(actor))).map(serializeToken) });
}

export async function createTokenRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const body = await readJsonBody(req);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError('invalid_request', 'The request body must be a JSON object.');
  const { name, expires_at, scopes } = body as { name?: unknown; expires_at?: unknown; scopes?: unknown };
  if (name !== undefined && typeof name !== 'string') throw invalidField('name', 'The name must be text.');
  const expiresAt = expires_at ? parseExpiration(expires_at, 'expires_at') : null;
  const { secret, token } = await createApiToken(ctx.handle.db, { userId: actor.userId, workspaceId: actor.workspaceId, name, expiresAt, scopes });
  return json({ token: serializeToken(token), secret }, { status: 201 });
}

/** POST /api/v1/tokens/{id}/regenerate | rotate */
export async function changeTokenRoute({ req, actor, ctx, params }: WorkspaceRequest<{ id: string; action: string }>): Promise<Response> {
  if (params.action !== 'regenerate' && params.action !== 'rotate') throw new AppError('not_found', 'No such action.');
  let graceHours = 0;
  if (params.action === 'rotate') {
    const body = (await readOptionalJsonBody(req)) as { grace_hours?: unknown } | null;
    graceHours = body?.grace_hours === undefined ? DEFAULT_ROTATION_GRACE_HOURS : Number(body.grace_hours);
    if (!Number.isFinite(graceHours) || graceHours <= 0) throw invalidField('grace_hours', 'The grace period must be a positive number of hours.');
  }
  const { secret, token } = await replaceTokenSecret(ctx.handle.db, { tokenId: params.id, scope: ownTokenScope(actor), graceHours });
  return json({ token: serializeToken(token), secret });
}

/** DELETE /api/v1/tokens/{id}: revoke (admins may revoke any token of the workspace). */
export async function deleteTokenRoute({ actor, ctx, params }: WorkspaceRequest<{ id: string }>): Promise<Response> {
  await revokeApiToken(ctx.handle.db, { tokenId: params.id, scope: tokenScope(actor) });
  return new Response(null, { status: 204 });
}
