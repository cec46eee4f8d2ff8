// REST v1 /api/v1/workspace/audit handlers (owners and admins, through withWorkspace).
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { parseBody } from '../schemas/domain';
import { ZAuditQuery } from '../schemas/audit';
import { exportAudit } from './export-audit';
import { listAudit, serializeEntry } from './list-audit';

const query = (params: URLSearchParams) => parseBody(ZAuditQuery, Object.fromEntries(params));

/** GET /api/v1/workspace/audit?action=&limit=&cursor= */
export async function listAuditRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const page = await listAudit(ctx.handle.db, actor.workspaceId, query(searchParams));
  return json({ entries: page.entries.map(serializeEntry), next_cursor: page.nextCursor });
}

/** GET /api/v1/workspace/audit/export?action= */
export async function exportAuditRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const { action } = query(searchParams);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(exportAudit(ctx.handle.db, actor.workspaceId, action), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sling-${actor.workspace.slug}-audit-${day}.csv"`,
      'cache-control': 'no-store',
    },
  });
}
