// The import job: reads the stored upload row by row (streamed), checks and creates links in
// batches (validate-row.ts, insert-batch.ts), writes each row's result for the report and the
// counters for the progress bar after every batch, and yields to the event loop between batches
// so redirects and requests keep being answered. A job run again (a retry after a crash) resumes
// after the rows already counted.
import { and, eq, gt } from 'drizzle-orm';
import { importRows, imports } from '../../db/schema';
import { AppError } from '../core/errors';
import type { AppContext } from '../context/app-context';
import { linkKey, invalidationBus } from '../cache/invalidation-bus';
import { logger } from '../core/logger';
import { nextTurn } from '../core/next-turn';
import { currentThreatList } from '../safety/current-threat-list';
import type { ImportFormat } from './import-schema';
import { insertBatch } from './insert-batch';
import { countRows, ImportFileError, readRows, type InputRow } from './read-rows';
import { validateRow, type ValidRow } from './validate-row';
import { unpackUpload } from './stored-upload';

export const IMPORT_BATCH = 500;
/** Rows checked between two turns of the event loop (a batch's checks took 40–60 ms at once). */
const CHECKS_PER_TURN = 100;

export interface RowResult {
  rowNumber: number;
  input: string;
  result: 'created' | 'skipped' | 'refused';
  reason: string | null;
  shortLink: string | null;
}

interface RunState {
  /** Destination+alias key → the row that had it first (duplicates in the file are skipped). */
  keys: Map<string, number>;
  /** Lower-case alias → the row that had it first. */
  aliases: Map<string, number>;
  /** Once set (quota spent, creator throttled), every later row is refused with it. */
  stop?: string;
}

export async function runImport(ctx: AppContext, importId: string, opts: { batchSize?: number } = {}): Promise<{ status: string; processed: number }> {
  const { db } = ctx.handle;
  const [job] = await db.select().from(imports).where(eq(imports.id, importId)).limit(1);
  if (!job || job.status === 'done' || job.status === 'failed') return { status: job?.status ?? 'missing', processed: job?.rowsProcessed ?? 0 };
  if (!job.data) return fail(ctx, importId, 'The uploaded file is gone.');
  await db
    .update(imports)
    .set({ status: 'running', startedAt: job.startedAt ?? new Date() })
    .where(eq(imports.id, importId));
  const format = job.format as ImportFormat;
  try {
    const data = await unpackUpload(job.data);
    const total = await countRows(data, format);
    await db.update(imports).set({ rowsTotal: total }).where(eq(imports.id, importId));
    // Resuming: the rows already counted stay; any written past them (a batch cut short) go.
    await db.delete(importRows).where(and(eq(importRows.importId, importId), gt(importRows.rowNumber, job.rowsProcessed)));
    const state: RunState = { keys: new Map(), aliases: new Map() };
    const size = opts.batchSize ?? IMPORT_BATCH;
    let batch: InputRow[] = [];
    for await (const row of readRows(data, format)) {
      if (row.rowNumber <= job.rowsProcessed) continue;
      batch.push(row);
      if (batch.length >= size) {
        await saveResults(ctx, importId, await processBatch(ctx, job, state, batch));
        batch = [];
        await nextTurn();
      }
    }
    if (batch.length > 0) await saveResults(ctx, importId, await processBatch(ctx, job, state, batch));
  } catch (err) {
    if (err instanceof ImportFileError || (err instanceof Error && err.name === 'CsvError'))
      return fail(ctx, importId, `The file could not be read: ${err.message}`);
    logger().error({ err, importId }, 'import failed');
    return fail(ctx, importId, 'The import stopped on an internal error; the rows so far are in the report.');
  }
  await db.update(imports).set({ status: 'done', finishedAt: new Date(), data: null }).where(eq(imports.id, importId));
  const [done] = await db.select({ processed: imports.rowsProcessed }).from(imports).where(eq(imports.id, importId));
  return { status: 'done', processed: done.processed };
}

type Job = { workspaceId: string; createdBy: string | null; id: string };

async function processBatch(ctx: AppContext, job: Job, state: RunState, rows: InputRow[]): Promise<RowResult[]> {
  const results = new Map<number, RowResult>();
  const set = (row: InputRow, result: RowResult['result'], reason: string | null, shortLink: string | null = null) =>
    results.set(row.rowNumber, { rowNumber: row.rowNumber, input: row.input, result, reason, shortLink });
  const creator = { userId: job.createdBy };
  if (!state.stop) {
    try {
      await ctx.safeguards?.assertNotThrottled(creator);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      state.stop = `${err.message}`;
    }
  }
  const threats = await currentThreatList(ctx.handle);
  const candidates: { row: InputRow; valid: ValidRow }[] = [];
  let firstUnsafe: { url: string; reason: string } | undefined;
  for (const [i, row] of rows.entries()) {
    // A batch's checks take tens of milliseconds: redirects get a turn in between.
    if (i > 0 && i % CHECKS_PER_TURN === 0) await nextTurn();
    if (state.stop) {
      set(row, 'refused', state.stop);
      continue;
    }
    const verdict = await validateRow(row.fields, ctx.domains.self, threats);
    if (!verdict.ok) {
      set(row, 'refused', verdict.reason);
      if (verdict.unsafe) firstUnsafe ??= { url: String(row.fields.url), reason: verdict.reason };
      continue;
    }
    const earlier = state.keys.get(verdict.row.key);
    if (earlier !== undefined) {
      set(row, 'skipped', `duplicate of row ${earlier}`);
      continue;
    }
    const alias = verdict.row.alias?.toLowerCase();
    const aliasRow = alias === undefined ? undefined : state.aliases.get(alias);
    if (aliasRow !== undefined) {
      set(row, 'skipped', `alias taken (by row ${aliasRow})`);
      continue;
    }
    state.keys.set(verdict.row.key, row.rowNumber);
    if (alias !== undefined) state.aliases.set(alias, row.rowNumber);
    candidates.push({ row, valid: verdict.row });
  }
  // A refused unsafe destination is a strike against its creator, as for a single link (once a batch).
  if (firstUnsafe) await ctx.safeguards?.recordUnsafeRefusal(ctx.handle.db, creator, firstUnsafe.url, firstUnsafe.reason);

  const known = await alreadyImported(
    ctx,
    job.workspaceId,
    candidates.map((c) => c.valid.key),
  );
  const fresh = candidates.filter((c) => {
    if (!known.has(c.valid.key)) return true;
    set(c.row, 'skipped', 'already imported');
    return false;
  });
  if (fresh.length > 0 && !state.stop) {
    try {
      await ctx.safeguards?.countLinkCreation(ctx.handle.db, job.workspaceId, undefined, fresh.length);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'quota_exceeded') throw err;
      state.stop = `quota: ${err.message}`;
    }
  }
  if (state.stop) {
    for (const c of fresh) set(c.row, 'refused', state.stop);
  } else if (fresh.length > 0) {
    const domain = ctx.domains.defaultFor(job.workspaceId);
    const created = await insertBatch(
      ctx.handle,
      ctx.domains,
      { workspaceId: job.workspaceId, createdBy: job.createdBy, importId: job.id, domain },
      fresh.map((c) => c.valid),
    );
    fresh.forEach((c, i) => {
      const link = created.get(i);
      if (!link) return set(c.row, 'skipped', 'alias taken');
      set(c.row, 'created', null, ctx.domains.shortUrl(domain, link.code));
      invalidationBus().publish(linkKey(domain.id, link.code));
    });
  }
  return rows.map((r) => results.get(r.rowNumber)!);
}

async function alreadyImported(ctx: AppContext, workspaceId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await ctx.handle.query<{ row_key: string }>('SELECT row_key FROM imported_links WHERE workspace_id = $1 AND row_key = ANY($2::text[])', [
    workspaceId,
    keys,
  ]);
  return new Set(rows.map((r) => r.row_key));
}

/** The batch's report rows and the counters, in one statement. */
async function saveResults(ctx: AppContext, importId: string, results: RowResult[]): Promise<void> {
  const count = (r: RowResult['result']) => results.filter((x) => x.result === r).length;
  await ctx.handle.query(
    `WITH input AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS t(row_number int, input text, result text, reason text, short_link text)
     ), saved AS (
       INSERT INTO import_rows (import_id, row_number, input, result, reason, short_link)
       SELECT $2, row_number, input, result, reason, short_link FROM input ON CONFLICT DO NOTHING
     )
     UPDATE imports SET rows_processed = rows_processed + $3, rows_created = rows_created + $4,
       rows_skipped = rows_skipped + $5, rows_refused = rows_refused + $6 WHERE id = $2`,
    [
      JSON.stringify(results.map((r) => ({ row_number: r.rowNumber, input: r.input, result: r.result, reason: r.reason, short_link: r.shortLink }))),
      importId,
      results.length,
      count('created'),
      count('skipped'),
      count('refused'),
    ],
  );
}

async function fail(ctx: AppContext, importId: string, message: string): Promise<{ status: string; processed: number }> {
  const [row] = await ctx.handle.db
    .update(imports)
    .set({ status: 'failed', error: message, finishedAt: new Date(), data: null })
    .where(eq(imports.id, importId))
    .returning({ processed: imports.rowsProcessed });
  return { status: 'failed', processed: row?.processed ?? 0 };
}
