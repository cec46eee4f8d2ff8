// Import jobs of a workspace: created from an upload (stored in the database, then a job is sent),
// listed, read, and their per-row report. Every read has the workspace in its `where` (docs/architecture/overview.md, "Tenancy"):
// another workspace's import is simply not found.
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { nanoid } from 'nanoid';
import { importRows, imports, type ImportRow } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { sendJob } from '../db/send-job';
import { csvField } from '../core/csv-field';
import type { Actor } from '../tenancy/actor';
import type { ImportFormat, ImportJson } from './import-schema';
import { IMPORT_QUEUE } from './import-queue';
import { packUpload } from './stored-upload';
import { ownedBy } from '../tenancy/scope';

/** An import without its stored file. */
export type ImportInfo = Omit<ImportRow, 'data'>;

const importScope = (actor: Pick<Actor, 'workspaceId'>) => ownedBy(imports, actor.workspaceId);

/** Stores the upload (compressed, stored-upload.ts) and queues its job. */
export async function createImport(
  db: Db,
  actor: Pick<Actor, 'workspaceId' | 'userId'>,
  upload: { format: ImportFormat; filename: string | null; data: Buffer },
): Promise<ImportInfo> {
  const id = `imp_${nanoid(16)}`;
  const [row] = await db
    .insert(imports)
    .values({
      id,
      workspaceId: actor.workspaceId,
      createdBy: actor.userId,
      format: upload.format,
      filename: upload.filename,
      data: await packUpload(upload.data),
      bytes: upload.data.length,
    })
    // Not the file: read back, a 27 MiB upload took seconds more before its 202.
    .returning(withoutData);
  await sendJob(IMPORT_QUEUE, { importId: id }, { singletonKey: id });
  return row;
}

export async function listImports(db: Db, actor: Pick<Actor, 'workspaceId'>, limit: number): Promise<ImportInfo[]> {
  return db.select(withoutData).from(imports).where(importScope(actor)).orderBy(desc(imports.createdAt), desc(imports.id)).limit(limit);
}

export async function getImportOrThrow(db: Db, actor: Pick<Actor, 'workspaceId'>, id: string): Promise<ImportInfo> {
  const [row] = await db
    .select(withoutData)
    .from(imports)
    .where(and(importScope(actor), eq(imports.id, id)))
    .limit(1);
  if (!row) throw new AppError('not_found', 'No such import in this workspace.');
  return row;
}

/** The report as CSV, read a page at a time (a 100,000-row report is never held whole). */
/** `row`: the import read through the caller's scope (getImportOrThrow), never a bare id. */
export async function* reportCsv(db: Db, row: ImportInfo): AsyncGenerator<string> {
  yield 'row,input,result,reason,short_link\r\n';
  let after = 0;
  for (;;) {
    const page = await db
      .select({
        rowNumber: importRows.rowNumber,
        input: importRows.input,
        result: importRows.result,
        reason: importRows.reason,
        shortLink: importRows.shortLink,
      })
      .from(importRows)
      .where(and(eq(importRows.importId, row.id), gt(importRows.rowNumber, after)))
      .orderBy(asc(importRows.rowNumber))
      .limit(5000);
    if (page.length === 0) return;
    yield page.map((r) => [String(r.rowNumber), r.input, r.result, r.reason ?? '', r.shortLink ?? ''].map(csvField).join(',')).join('\r\n') + '\r\n';
    after = page[page.length - 1].rowNumber;
  }
}

export function serializeImport(row: ImportInfo): ImportJson {
  return {
    id: row.id,
    format: row.format as ImportFormat,
    filename: row.filename,
    bytes: row.bytes,
    status: row.status as ImportJson['status'],
    error: row.error,
    rows: { total: row.rowsTotal, processed: row.rowsProcessed, created: row.rowsCreated, skipped: row.rowsSkipped, refused: row.rowsRefused },
    report_url: `/api/v1/imports/${row.id}/report`,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

const withoutData = {
  id: imports.id,
  workspaceId: imports.workspaceId,
  createdBy: imports.createdBy,
  format: imports.format,
  filename: imports.filename,
  bytes: imports.bytes,
  status: imports.status,
  error: imports.error,
  rowsTotal: imports.rowsTotal,
  rowsProcessed: imports.rowsProcessed,
  rowsCreated: imports.rowsCreated,
  rowsSkipped: imports.rowsSkipped,
  rowsRefused: imports.rowsRefused,
  createdAt: imports.createdAt,
  startedAt: imports.startedAt,
  finishedAt: imports.finishedAt,
};
