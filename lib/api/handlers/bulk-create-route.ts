// POST /api/v1/links/bulk {links: [...]}: up to 100 links in one request, each created as POST
// /api/v1/links would (same fields, validation, safety checks, quota), one result per item in
// order — the link with status 201, or the item's error in the standard error shape.
import { AppError } from '../../core/errors';
import { requestIp } from '../../http/handle-route';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/links';
import { ZCreateLink } from '../../links/link-schema';
import { operationHandler } from '../../http/operation';
import { parseWith } from '../../schemas/parse-input';
import { createLink } from '../../links/create-link';
import { createInputFrom } from '../../links/link-input';
import { serializeLink, type LinkJson } from '../../links/serialize-link';

type ItemResult = { index: number; status: 201; link: LinkJson } | { index: number; status: number; error: ReturnType<AppError['toBody']>['error'] };

export const bulkCreateLinksRoute = operationHandler(ops.bulkCreateLinks, async ({ req, actor, ctx }: WorkspaceRequest<object>, { body }) => {
  const ip = requestIp(req);
  const results: ItemResult[] = [];
  for (const [index, item] of body.links.entries()) {
    try {
      // Each item is parsed on its own, so one bad item is its own result and the others are made.
      const link = await createLink(createInputFrom(parseWith(ZCreateLink, item), actor, ip), ctx);
      results.push({ index, status: 201, link: serializeLink(link, ctx.domains) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ index, status: err.status, error: err.toBody().error });
    }
  }
  const created = results.filter((r) => r.status === 201).length;
  return json({ created, failed: results.length - created, results });
});
