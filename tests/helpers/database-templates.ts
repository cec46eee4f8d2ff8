// Templates for test databases, made once per machine (PGlite) or server (PostgreSQL) and copied
// for each test database, because making one from nothing costs seconds of CPU each time:
// - an empty PGlite cluster just after initdb (what PGlite makes in an empty directory);
// - a database as a server's first start leaves it before it serves (Sling's migrations applied, the
//   job system's schema and queues made), for suites that are not about migrating or a first start;
//   keyed by the migration files, pg-boss's version and the queue list, so a change to any makes a
//   new template. A copy of either is the database the test would otherwise have made itself.
//   (Making pg-boss's 25 queues, each a partition with its indexes, was about a second of PGlite's
//   CPU at every in-process start: about half of it.)
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TEST_TMPDIR } from './test-tmp';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { applyMigrations, migrationsFolder } from '../../lib/db/migrate';
import { openDatabase } from '../../lib/db/open-database';
import type { DbHandle } from '../../lib/db/types';

const require = createRequire(import.meta.url);
const PGLITE_VERSION = (require(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json')) as { version: string }).version;

/** A hash of every migration file (and the journal), pg-boss's version and the queue list: the migrated templates' key. */
const MIGRATIONS_KEY = (() => {
  const hash = createHash('sha256');
  hash.update((require('pg-boss/package.json') as { version: string }).version);
  hash.update(readFileSync(new URL('../../lib/jobs/queues.ts', import.meta.url)));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, name.name);
      if (name.isDirectory()) walk(path);
      else hash.update(name.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder());
  return hash.digest('hex').slice(0, 16);
})();

const INITDB = join(TEST_TMPDIR, `sling-test-pglite-initdb-${PGLITE_VERSION}`);
const MIGRATED = join(TEST_TMPDIR, `sling-test-pglite-migrated-${PGLITE_VERSION}-${MIGRATIONS_KEY}`);
const PG_TEMPLATE = `sling_test_template_${MIGRATIONS_KEY}`;

/** Makes `target` (a PGlite directory) with `build` in a directory of its own, then renames it in place. */
async function makeOnce(target: string, build: (dir: string) => Promise<void>): Promise<string> {
  if (existsSync(join(target, 'PG_VERSION'))) return target;
  const building = mkdtempSync(join(TEST_TMPDIR, 'sling-test-template-'));
  try {
    await build(join(building, 'pglite'));
    renameSync(join(building, 'pglite'), target);
  } catch (err) {
    if (!existsSync(join(target, 'PG_VERSION'))) throw err; // else another test file made it first
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return target;
}

/** What a server's first start does to its database before serving: migrations, then the job system's schema and queues. */
async function prepareAsFirstStart(handle: DbHandle, databaseUrl?: string): Promise<void> {
  await applyMigrations(handle, databaseUrl);
  // Loaded here only: the job system brings every job's modules, which a test that only copies a template does not need.
  const { openJobSystem } = await import('../../lib/jobs/job-system');
  const boss = await openJobSystem(handle, { work: false });
  await boss.stop({ graceful: false, wait: true, close: false });
}

/** Fills `dataDir`/pglite with an empty cluster, or with one already migrated. */
export async function copyPgliteTemplate(dataDir: string, migrated: boolean): Promise<void> {
  const initdb = await makeOnce(INITDB, async (dir) => {
    const db = await PGlite.create(dir);
    await db.close();
  });
  const source = !migrated
    ? initdb
    : await makeOnce(MIGRATED, async (dir) => {
        cpSync(initdb, dir, { recursive: true });
        const handle = await openDatabase({ dataDir: dirname(dir) });
        try {
          await prepareAsFirstStart(handle);
        } finally {
          await handle.close();
        }
      });
  cpSync(source, join(dataDir, 'pglite'), { recursive: true });
}

/** The name of a migrated PostgreSQL database to create others from (made on first use). */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_TEMPLATE]);
    if (found.rowCount) return PG_TEMPLATE;
    const building = `sling_test_tmpl_build_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    // Two connections: the job system makes its queues on one while another holds their advisory lock.
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: TEST_TMPDIR, maxConnections: 2 });
    try {
      await prepareAsFirstStart(handle, url.toString());
    } finally {
      await handle.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${PG_TEMPLATE}`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      const made = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_TEMPLATE]);
      if (!made.rowCount) throw err;
    }
    return PG_TEMPLATE;
  } finally {
    await admin.end();
  }
}
