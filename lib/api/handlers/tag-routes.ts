// REST v1 /api/v1/tags handlers (token or session, through withWorkspace): the input parsed by the
// operation's schemas (lib/openapi/operations/tags.ts), one function of lib/tags/, the answer shaped.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { auditBy } from '../../audit/record-audit';
import { operationHandler } from '../../http/operation';
import * as ops from '../../openapi/operations/tags';
import type { Actor } from '../../tenancy/actor';
import { linkScope } from '../../tenancy/scope';
import { deleteTag } from '../../tags/delete-tag';
import { findWorkspaceTags } from '../../tags/find-workspace-tags';
import { mergeTags } from '../../tags/merge-tags';
import type { TagScopes } from '../../tags/tag-scopes';
import { updateTag } from '../../tags/update-tag';

type Params = { name: string };

const scopesOf = (actor: Actor): TagScopes => ({ workspaceId: actor.workspaceId, read: linkScope(actor, 'read'), write: linkScope(actor, 'write') });

/** GET /api/v1/tags (links.read). */
export const listWorkspaceTagsRoute = operationHandler(ops.listWorkspaceTags, async ({ actor, ctx }: WorkspaceRequest<object>) => {
  return json({ tags: await findWorkspaceTags(ctx.handle.db, scopesOf(actor)) });
});

/** PATCH /api/v1/tags/{name} (links.write; a member's rename rewrites only its own links). */
export const updateTagRoute = operationHandler(ops.updateTag, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, body }) => {
  return json(await updateTag(ctx.handle.db, scopesOf(actor), params.name, body, auditBy(actor)));
});

/** POST /api/v1/tags/merge (links.write). */
export const mergeTagsRoute = operationHandler(ops.mergeTags, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json(await mergeTags(ctx.handle.db, scopesOf(actor), body.from, body.into, auditBy(actor)));
});

/** DELETE /api/v1/tags/{name} (links.write). */
export const deleteTagRoute = operationHandler(ops.deleteTag, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  return json({ changed: await deleteTag(ctx.handle.db, scopesOf(actor), params.name, auditBy(actor)) });
});
