// Bulk import benchmark (part of `npm run bench`): a generated CSV of 100,000 rows (url, alias on
// every tenth, tags) stored as an import and run by the import job's own code (streamed parse, row
// checks, batched inserts with their events, report rows, progress) on a fresh database, then the
// same file again (every row "already imported"). Prints rows/s; every row must be accounted for.
import { fmtInt } from './alternate';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { imports, SYSTEM_WORKSPACE_ID } from '../db/schema';
import { applyMigrations } from '../lib/db/migrate';
import { openDatabase } from '../lib/db/open-database';
import { ensureDefaultDomain, loadDomainRegistry } from '../lib/domains/domain-registry';
import { runImport } from '../lib/imports/run-import';
import { createPostgresDatabase, pgliteDatabase, type BenchDatabase } from './bench-database';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const HOST = 'bench.sling.test';

function csv(n: number): Buffer {
  const lines = ['url,alias,tags'];
  for (let i = 0; i < n; i++) lines.push(`https://example.com/products/${i}?ref=import,${i % 10 === 0 ? `imp-${i}` : ''},"bench,import"`);
  return Buffer.from(lines.join('\n') + '\n');
}

async function run(database: BenchDatabase, file: Buffer): Promise<{ line: string; ok: boolean }> {
  const handle = await openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  try {
    await applyMigrations(handle, database.databaseUrl);
    await ensureDefaultDomain(handle, HOST);
    const domains = await loadDomainRegistry(handle, { baseUrl: `https://${HOST}`, baseHost: HOST, linkHost: HOST });
    const ctx = { handle, domains };
    const once = async (id: string) => {
      await handle.db.insert(imports).values({ id, workspaceId: SYSTEM_WORKSPACE_ID, format: 'csv', filename: 'bench.csv', data: file, bytes: file.length });
      const started = performance.now();
      await runImport(ctx, id);
      const ms = performance.now() - started;
      const [row] = await handle.db.select().from(imports).where(eq(imports.id, id));
      return { ms, row };
    };
    const first = await once('imp_bench_first_000');
    const again = await once('imp_bench_again_000');
    const ok = first.row.rowsCreated === ROWS && again.row.rowsSkipped === ROWS && again.row.rowsCreated === 0;
    const rate = (ms: number) => fmtInt((ROWS / ms) * 1000);
    const line =
      `${database.label}: ${fmtInt(ROWS)} rows imported in ${(first.ms / 1000).toFixed(1)} s = ${rate(first.ms)} rows/s` +
      ` (${fmtInt(first.row.rowsCreated)} created); the same file again ${(again.ms / 1000).toFixed(1)} s = ${rate(again.ms)} rows/s (${fmtInt(again.row.rowsSkipped)} skipped)`;
    return { line, ok };
  } finally {
    await handle.close();
    await database.drop();
  }
}

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-import-'));
  const file = csv(ROWS);
  const lines: string[] = [];
  let ok = true;
  const targets = [
    pgliteDatabase(join(tmp, 'pglite')),
    ...(process.env.BENCH_DATABASE_URL ? [await createPostgresDatabase(process.env.BENCH_DATABASE_URL, join(tmp, 'pg'))] : []),
  ];
  for (const target of targets) {
    const r = await run(target, file);
    lines.push(r.line + (r.ok ? '' : '  ROWS MISSING'));
    ok &&= r.ok;
  }
  console.log(`\nBulk import (a ${(file.length / 1024 / 1024).toFixed(1)} MB CSV, batches of 500, in the job's code without HTTP)`);
  for (const line of lines) console.log(`  ${line}`);
  rmSync(tmp, { recursive: true, force: true });
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
