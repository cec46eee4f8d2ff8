// Each test run makes its own databases and drops them afterwards; nothing depends on leftovers.
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface TestDatabase {
  /** Environment for a Sling process using this database. */
  env: Record<string, string>;
  kind: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl?: string;
  drop(): Promise<void>;
}

export const TEST_SECRET = 'test-secret-key-0123456789abcdef0123456789abcdef';

export function tempDir(prefix = 'sling-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

const PGLITE_VERSION = (createRequire(import.meta.url)(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json')) as { version: string }).version;
const PGLITE_TEMPLATE = join(tmpdir(), `sling-test-pglite-initdb-${PGLITE_VERSION}`);

/**
 * A PGlite cluster just after initdb (nothing of Sling's in it), made once per machine and PGlite
 * version: initdb costs seconds of CPU in WebAssembly, a copy a tenth of a second. A copy is what
 * PGlite itself would have made in an empty directory; migrations still run on it as on a new one.
 */
async function pgliteTemplate(): Promise<string> {
  if (existsSync(join(PGLITE_TEMPLATE, 'PG_VERSION'))) return PGLITE_TEMPLATE;
  const building = tempDir('sling-pglite-initdb-');
  const db = await PGlite.create(join(building, 'pglite'));
  await db.close();
  try {
    renameSync(join(building, 'pglite'), PGLITE_TEMPLATE);
  } catch {
    /* another test file made it first */
  }
  rmSync(building, { recursive: true, force: true });
  return PGLITE_TEMPLATE;
}

export async function createPgliteDatabase(): Promise<TestDatabase> {
  const dataDir = tempDir();
  cpSync(await pgliteTemplate(), join(dataDir, 'pglite'), { recursive: true });
  return {
    kind: 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

export async function createPostgresDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `sling_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = tempDir();
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), SECRET_KEY: TEST_SECRET },
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The databases every shared integration suite runs against. */
export function databaseKinds(pgServerUrl: string | undefined): Array<[string, () => Promise<TestDatabase>]> {
  const kinds: Array<[string, () => Promise<TestDatabase>]> = [['PGlite', createPgliteDatabase]];
  if (pgServerUrl) kinds.push(['PostgreSQL', () => createPostgresDatabase(pgServerUrl)]);
  return kinds;
}
