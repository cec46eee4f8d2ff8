// REST v1 orphan visits (docs/guide/orphan-visits.md): a domain's counts and their export, and the
// workspace's choice to keep each visit. Thin wrappers over lib/orphans/.
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import { operationHandler } from '../../http/operation';
import * as ops from '../../openapi/operations/domains';
import { exportOrphanVisits } from '../../orphans/export-orphan-visits';
import { getOrphanDomainOrThrow, getOrphanVisits } from '../../orphans/get-orphan-visits';
import { setOrphanLogging } from '../../orphans/set-orphan-logging';

type Params = { id: string };

// GET /api/v1/domains/{id}/orphan-visits – totals per kind and the top paths over ?start&end
export const orphanVisitsRoute = operationHandler(ops.getOrphanVisits, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, query }) => {
  return json(await getOrphanVisits(ctx.handle.db, actor, params.id, query));
});

// GET /api/v1/domains/{id}/orphan-visits/export – CSV of the daily counts, or (?visits=1) each kept visit
export const orphanExportRoute = operationHandler(ops.exportOrphanVisits, async ({ actor, ctx }: WorkspaceRequest<Params>, { params, query }) => {
  const domain = await getOrphanDomainOrThrow(ctx.handle.db, actor, params.id);
  const { start, end } = query.range;
  const filename = `${domain.hostname}-orphan-${query.visits ? 'visits' : 'counts'}-${start}-to-${end}.csv`;
  return new Response(exportOrphanVisits(ctx.handle.db, domain.id, query.range, query.visits), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });
});

// PUT /api/v1/workspace/orphan-visits – keep each orphan visit, or only count them
export const orphanLoggingRoute = operationHandler(ops.setOrphanLogging, async ({ actor, ctx }: WorkspaceRequest<object>, { body }) => {
  return json(await setOrphanLogging(ctx.handle.db, actor, body.log_orphan_visits));
});
