// The filters of workspace-wide statistics and exports: ?link_id= (a link of the workspace) and
// ?created_by= (a member's user id). An unknown link is 404, as everywhere.
import { invalidField } from '../http/errors';
import { getLinkOrThrow } from '../links/get-link-or-throw';
import type { LinkContext } from '../links/link-context';
import type { Actor } from '../workspaces/actor';

export async function workspaceAnalyticsScope({ actor, ctx }: { actor: Actor; ctx: LinkContext }, params: URLSearchParams) {
  const linkParam = params.get('link_id');
  const createdBy = params.get('created_by') || undefined;
  if (createdBy !== undefined && !/^[\w-]{1,100}$/.test(createdBy)) throw invalidField('created_by', "created_by must be a member's user id.");
  const linkId = linkParam ? (await getLinkOrThrow({ actor, ctx, access: 'read' }, linkParam)).id : undefined;
  return { workspaceId: actor.workspaceId, linkId, createdBy };
}
