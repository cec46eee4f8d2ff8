// REST v1 /api/v1/imports handlers (token or session, through withWorkspace): take an upload
// (multipart with a `file` field, or the file as the raw body), queue its job, and show progress
// and the per-row report.
import { AppError } from '../http/errors';
import { json } from '../http/json-response';
import type { WorkspaceRequest } from '../http/with-workspace';
import { IMPORT_FORMATS, MAX_IMPORT_BYTES, parseImportInput, ZImportId, ZImportListQuery, ZImportParams, type ImportFormat } from '../schemas/import';
import { createImport, getImportOrThrow, listImports, reportCsv, serializeImport } from './import-store';
import { detectFormat } from './read-rows';

type Params = { id: string };

/** POST /api/v1/imports?format=csv|bitly|yourls|kutt|auto (links.write): 202 with the queued import. */
export async function createImportRoute({ req, actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_IMPORT_BYTES + 64 * 1024) throw tooLarge();
  const upload = await readUpload(req, searchParams);
  if (upload.data.length > MAX_IMPORT_BYTES) throw tooLarge();
  if (upload.data.length === 0) throw new AppError('invalid_request', 'The file is empty.', { file: 'The file is empty.' });
  const format: ImportFormat = upload.format ?? detectFormat(upload.data);
  const row = await createImport(ctx.handle.db, actor, { format, filename: upload.filename, data: upload.data });
  return json(serializeImport(row), { status: 202, headers: { location: `/api/v1/imports/${row.id}` } });
}

/** GET /api/v1/imports?limit= (links.read): the workspace's imports, newest first. */
export async function listImportsRoute({ actor, ctx, searchParams }: WorkspaceRequest<object>): Promise<Response> {
  const { limit } = parseImportInput(ZImportListQuery, Object.fromEntries(searchParams));
  return json({ imports: (await listImports(ctx.handle.db, actor, limit)).map(serializeImport) });
}

/** GET /api/v1/imports/{id} (links.read): status and row counts. */
export async function getImportRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  return json(serializeImport(await getImportOrThrow(ctx.handle.db, actor, importId(params.id))));
}

/** GET /api/v1/imports/{id}/report (links.read): one CSV line per input row, streamed. */
export async function importReportRoute({ actor, ctx, params }: WorkspaceRequest<Params>): Promise<Response> {
  const row = await getImportOrThrow(ctx.handle.db, actor, importId(params.id));
  const pages = reportCsv(ctx.handle.db, row.id);
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
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="sling-import-${row.id}-report.csv"`, 'cache-control': 'no-store' },
  });
}

async function readUpload(req: Request, searchParams: URLSearchParams): Promise<{ format?: ImportFormat; filename: string | null; data: Buffer }> {
  const type = req.headers.get('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    let form: FormData;
    try {
      form = await req.formData();
    } catch {
      throw new AppError('invalid_request', 'The multipart body could not be read.');
    }
    const file = form.get('file');
    if (!(file instanceof Blob)) throw new AppError('invalid_request', 'Send the file in a multipart field named "file".', { file: 'A file is required.' });
    const fields = Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file' && k !== 'format').map(([k]) => [k, '']));
    const params = parseImportInput(ZImportParams, {
      ...fields,
      format: (form.get('format') as string | null) ?? searchParams.get('format') ?? undefined,
      filename: 'name' in file && typeof file.name === 'string' && file.name !== '' ? file.name.slice(0, 255) : undefined,
    });
    return { format: params.format, filename: params.filename ?? null, data: Buffer.from(await file.arrayBuffer()) };
  }
  const params = parseImportInput(ZImportParams, Object.fromEntries(searchParams));
  if (!req.body) throw new AppError('invalid_request', `Send the file as the request body or as multipart field "file" (formats: ${IMPORT_FORMATS.join(', ')}).`, { file: 'A file is required.' });
  return { format: params.format, filename: params.filename ?? null, data: Buffer.from(await req.arrayBuffer()) };
}

/** An id that cannot be an import's is "not found", like one of another workspace. */
function importId(raw: string): string {
  if (!ZImportId.safeParse(raw).success) throw new AppError('not_found', 'No such import in this workspace.');
  return raw;
}

function tooLarge(): AppError {
  return new AppError('payload_too_large', `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into several imports.`, { limit_bytes: MAX_IMPORT_BYTES });
}
