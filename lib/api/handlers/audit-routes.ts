// REST v1 /api/v1/workspace/audit handlers (owners and admins, through withWorkspace); the query is
// parsed by lib/openapi/operations/workspaces.ts.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/workspaces';
import { operationHandler } from '../../http/operation';
import { exportAudit } from '../../audit/export-audit';
import { listAudit, serializeEntry } from '../../audit/list-audit';

/** GET /api/v1/workspace/audit?action=&limit=&cursor= */
export const listAuditRoute = operationHandler(ops.listAudit, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const page = await listAudit(ctx.handle.db, actor.workspaceId, query);
  return json({ entries: page.entries.map(serializeEntry), next_cursor: page.nextCursor });
});

/** GET /api/v1/workspace/audit/export?action= */
export const exportAuditRoute = operationHandler(ops.exportAudit, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportAudit(ctx.handle.db, actor.workspaceId, query.action), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sling-${actor.workspace.slug}-audit-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
});
