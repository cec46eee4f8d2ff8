// The one place the analytics' raw SQL states which links a workspace-wide statistic or export
// covers: the workspace's, optionally one link, optionally one member's. Statistics and exports
// build their queries as text (drizzle cannot express them well), so the scope is text too; keeping
// it here means the stats and the exports cannot disagree about it.

export interface WorkspaceLinksScope {
  workspaceId: string;
  linkId?: number;
  createdBy?: string;
}

/**
 * `p` adds a parameter and answers its placeholder. Answers the condition on `links` (`where`), the
 * workspace's placeholder (for tables that carry workspace_id themselves), and whether a link or a
 * member narrows the workspace.
 */
export function workspaceLinksSql(scope: WorkspaceLinksScope, p: (value: unknown) => string): { where: string; workspace: string; narrowed: boolean } {
  const workspace = p(scope.workspaceId);
  let where = `workspace_id = ${workspace}`;
  if (scope.linkId !== undefined) where += ` AND id = ${p(scope.linkId)}`;
  if (scope.createdBy !== undefined) where += ` AND created_by = ${p(scope.createdBy)}`;
  return { where, workspace, narrowed: scope.linkId !== undefined || scope.createdBy !== undefined };
}
