// The filters of workspace-wide statistics and exports: ?link_id= (a link of the workspace) and
// ?created_by= (a member's user id). An unknown link is 404, as everywhere.
import { getLinkOrThrow } from '../links/get-link-or-throw';
import { createdByParam } from '../links/link-input';
import type { LinkContext } from '../links/link-context';
import type { Actor } from '../workspaces/actor';

export async function workspaceAnalyticsScope({ actor, ctx }: { actor: Actor; ctx: LinkContext }, params: URLSearchParams) {
  const linkParam = params.get('link_id');
  const createdBy = createdByParam(params);
  const linkId = linkParam ? (await getLinkOrThrow({ actor, ctx, access: 'read' }, linkParam)).id : undefined;
  return { workspaceId: actor.workspaceId, linkId, createdBy };
}
