// Settings → API tokens, and the remote CLI's `sling tokens …`. Each token belongs to the current
// workspace and acts as the member who made it; members see and change their own tokens, admins
// every token of the workspace. A token lists, makes and revokes tokens only with the tokens:read and
// tokens:write scopes, and hands on no more than it has (tokens-made-by-tokens.ts); new secrets for
// an existing token are for signed-in sessions. Input parsed by lib/openapi/operations/tokens.ts.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/tokens';
import { operationHandler } from '../../http/operation';
import { ownTokenScope, tokenScope } from '../../tenancy/scope';
import { createApiToken, DEFAULT_ROTATION_GRACE_HOURS, findTokens, replaceTokenSecret, revokeApiToken, serializeToken } from '../../tokens/manage-tokens';
import { boundByMakingToken } from '../../tokens/tokens-made-by-tokens';
import { auditBy } from '../../audit/record-audit';

type Params = { id: string };

export const listTokensRoute = operationHandler(ops.listTokens, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ tokens: (await findTokens(ctx.handle.db, tokenScope(actor))).map(serializeToken) });
});

export const createTokenRoute = operationHandler(ops.createToken, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  let grant = { scopes: body.scopes ?? [], expiresAt: body.expires_at ?? null };
  if (actor.via === 'token' && actor.tokenId !== undefined) grant = await boundByMakingToken(ctx.handle.db, { ...actor, tokenId: actor.tokenId }, grant);
  // Parsed already: [] stands for the default scopes, which createApiToken reads as scopes left out.
  const { secret, token } = await createApiToken(ctx.handle.db, {
    userId: actor.userId,
    workspaceId: actor.workspaceId,
    name: body.name,
    expiresAt: grant.expiresAt,
    scopes: grant.scopes.length ? grant.scopes : undefined,
    by: auditBy(actor),
  });
  return json({ token: serializeToken(token), secret }, { status: 201 });
});

async function replaceSecret({ actor, ctx }: WorkspaceRequest<Params>, id: string, graceHours: number): Promise<Response> {
  const { secret, token } = await replaceTokenSecret(ctx.handle.db, { tokenId: id, scope: ownTokenScope(actor), graceHours, by: auditBy(actor) });
  return json({ token: serializeToken(token), secret });
}

export const regenerateTokenRoute = operationHandler(ops.regenerateToken, async (r: WorkspaceRequest<Params>, { params }) => replaceSecret(r, params.id, 0));
export const rotateTokenRoute = operationHandler(ops.rotateToken, async (r: WorkspaceRequest<Params>, { params, body }) =>
  replaceSecret(r, params.id, body.grace_hours ?? DEFAULT_ROTATION_GRACE_HOURS),
);

/** DELETE /api/v1/tokens/{id}: revoke (admins may revoke any token of the workspace). */
export const deleteTokenRoute = operationHandler(ops.revokeToken, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  await revokeApiToken(ctx.handle.db, { tokenId: params.id, scope: tokenScope(actor), by: auditBy(actor) });
  return new Response(null, { status: 204 });
});
