// REST v1 /api/v1/workspace/directory-sync (admins and the owner of an Enterprise team workspace):
// the SCIM base URL and token state, a new token (shown once; again = rotation), revocation.
import { loadConfig } from '../../config/load-config';
import { AppError } from '../../core/errors';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/sso';
import { operationHandler } from '../../http/operation';
import { assertTeamWorkspace } from '../../workspaces/assert-team-workspace';
import type { Actor } from '../../tenancy/actor';
import { findDirectorySync, issueToken, revokeToken, serializeDirectorySync } from '../../scim/directory-sync';

const PLAN_NAME = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' } as const;

export function assertDirectorySyncAllowed(actor: Actor): void {
  if (actor.workspace.plan !== 'enterprise') {
    throw new AppError('plan_required', `Directory sync needs the Enterprise plan; this workspace is on the ${PLAN_NAME[actor.workspace.plan]} plan.`, {
      required_plan: 'enterprise',
      plan: actor.workspace.plan,
    });
  }
  assertTeamWorkspace(actor, 'cannot use directory sync');
}

/** GET: the base URL, whether a token exists (its first characters) and the last activity. */
export const directorySyncRoute = operationHandler(ops.getDirectorySync, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  assertDirectorySyncAllowed(actor);
  return json({ directory_sync: await serializeDirectorySync(ctx.handle.db, actor.workspaceId, loadConfig().BASE_URL) });
});

/** POST: a new token, shown this once; the previous one (if any) stops working at once. */
export const issueTokenRoute = operationHandler(ops.issueDirectorySyncToken, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  assertDirectorySyncAllowed(actor);
  const db = ctx.handle.db;
  const existed = (await findDirectorySync(db, actor.workspaceId)) !== null;
  const { secret } = await issueToken(db, actor);
  return json({ token: secret, directory_sync: await serializeDirectorySync(db, actor.workspaceId, loadConfig().BASE_URL) }, { status: existed ? 200 : 201 });
});

/** DELETE: the token stops working; provisioned members stay. */
export const revokeTokenRoute = operationHandler(ops.revokeDirectorySyncToken, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  assertDirectorySyncAllowed(actor);
  await revokeToken(ctx.handle.db, actor);
  return new Response(null, { status: 204 });
});
