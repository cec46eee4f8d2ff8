// POST /api/v1/links/bulk {links: [...]}: up to 100 links in one request, each created as POST
// /api/v1/links would (same fields, validation, safety checks, quota), one result per item in
// order — the link with status 201, or the item's error in the standard error shape.
import { AppError } from '../http/errors';
import { requestIp } from '../http/handle-route';
import { json } from '../http/json-response';
import { readJsonBody } from '../http/read-json-body';
import type { WorkspaceRequest } from '../http/with-workspace';
import { parseImportInput, ZBulkCreate, ZBulkItem } from '../schemas/import';
import { createLink } from './create-link';
import { createInputFrom, V1_CREATE_FIELDS } from './link-input';
import { serializeLink, type LinkJson } from './serialize-link';

/** 100 links of 2,048-character URLs and their other fields, with room to spare. */
export const BULK_BODY_BYTES = 512 * 1024;

type ItemResult = { index: number; status: 201; link: LinkJson } | { index: number; status: number; error: ReturnType<AppError['toBody']>['error'] };

export async function bulkCreateLinksRoute({ req, actor, ctx }: WorkspaceRequest<object>): Promise<Response> {
  const { links } = parseImportInput(ZBulkCreate, await readJsonBody(req, BULK_BODY_BYTES));
  const ip = requestIp(req);
  const results: ItemResult[] = [];
  for (const [index, item] of links.entries()) {
    try {
      const fields = parseImportInput(ZBulkItem, item);
      const unknown = Object.keys(fields).filter((k) => !V1_CREATE_FIELDS.has(k));
      if (unknown.length) throw new AppError('invalid_request', `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`, Object.fromEntries(unknown.map((k) => [k, 'Unknown field.'])));
      const link = await createLink(createInputFrom(fields, actor, ip), ctx);
      results.push({ index, status: 201, link: serializeLink(link, ctx.domains) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ index, status: err.status, error: err.toBody().error });
    }
  }
  const created = results.filter((r) => r.status === 201).length;
  return json({ created, failed: results.length - created, results });
}

