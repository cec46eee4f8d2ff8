// REST v1 /api/v1/imports handlers (token or session, through withWorkspace): take an upload
// (multipart with a `file` field, or the file as the raw body; read by the operation), queue its
// job, and show progress and the per-row report.
import { AppError } from '../../core/errors';
import { json } from '../../core/json-response';
import type { WorkspaceRequest } from '../../http/with-workspace';
import * as ops from '../../openapi/operations/imports';
import { importTooLarge, IMPORT_FORMATS, MAX_IMPORT_BYTES, ZImportId, type ImportFormat } from '../../imports/import-schema';
import { operationHandler } from '../../http/operation';
import { isCompressed } from '../../imports/stored-upload';
import { createImport, getImportOrThrow, listImports, reportCsv, serializeImport } from '../../imports/import-store';
import { detectFormat } from '../../imports/read-rows';

type Params = { id: string };

/** POST /api/v1/imports?format=csv|bitly|yourls|kutt|auto (links.write): 202 with the queued import. */
export const createImportRoute = operationHandler(ops.createImport, async ({ actor, ctx }: WorkspaceRequest<object>, { query, upload }) => {
  if (upload.data.length > MAX_IMPORT_BYTES) throw importTooLarge();
  if (upload.data.length === 0) {
    throw new AppError(
      'invalid_request',
      `The file is empty: send it as the request body or as multipart field "file" (formats: ${IMPORT_FORMATS.join(', ')}).`,
      { file: 'The file is empty.' },
    );
  }
  if (isCompressed(upload.data)) {
    throw new AppError('invalid_request', 'The file is compressed (gzip): upload the CSV or JSON file itself.', { file: 'Compressed files are not accepted.' });
  }
  const format: ImportFormat = query.format ?? detectFormat(upload.data);
  const filename = upload.fields ? (upload.filename?.slice(0, 255) ?? null) : (query.filename ?? null);
  const row = await createImport(ctx.handle.db, actor, { format, filename, data: upload.data });
  return json(serializeImport(row), { status: 202, headers: { location: `/api/v1/imports/${row.id}` } });
});

/** GET /api/v1/imports?limit= (links.read): the workspace's imports, newest first. */
export const listImportsRoute = operationHandler(ops.listImports, async ({ actor, ctx }: WorkspaceRequest<object>, { query }) => {
  return json({ imports: (await listImports(ctx.handle.db, actor, query.limit)).map(serializeImport) });
});

/** GET /api/v1/imports/{id} (links.read): status and row counts. */
export const getImportRoute = operationHandler(ops.getImport, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  return json(serializeImport(await getImportOrThrow(ctx.handle.db, actor, importId(params.id))));
});

/** GET /api/v1/imports/{id}/report (links.read): one CSV line per input row, streamed. */
export const importReportRoute = operationHandler(ops.getImportReport, async ({ actor, ctx }: WorkspaceRequest<Params>, { params }) => {
  const row = await getImportOrThrow(ctx.handle.db, actor, importId(params.id));
  const pages = reportCsv(ctx.handle.db, row);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sling-import-${row.id}-report.csv"`,
      'cache-control': 'no-store',
    },
  });
});

/** An id that cannot be an import's is "not found", like one of another workspace. */
function importId(raw: string): string {
  if (!ZImportId.safeParse(raw).success) throw new AppError('not_found', 'No such import in this workspace.');
  return raw;
}
