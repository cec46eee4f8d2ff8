// The filters of workspace-wide statistics and exports: ?link_id= (a link of the workspace) and
// ?created_by= (a member's user id), already parsed (lib/analytics/stats-schema.ts). An unknown link is 404, as everywhere.
import { getLinkOrThrow } from '../links/get-link-or-throw';
import type { AppContext } from '../context/app-context';
import type { Actor } from '../tenancy/actor';

export async function workspaceAnalyticsScope({ actor, ctx }: { actor: Actor; ctx: AppContext }, query: { linkId?: string; createdBy?: string }) {
  const linkId = query.linkId ? (await getLinkOrThrow({ actor, ctx, access: 'read' }, query.linkId)).id : undefined;
  return { workspaceId: actor.workspaceId, linkId, createdBy: query.createdBy };
}
