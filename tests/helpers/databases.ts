// Each test run makes its own databases and drops them afterwards; nothing depends on leftovers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { copyPgliteTemplate, postgresTemplate } from './database-templates';

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

/** An embedded database as a first start finds it (empty); `migrated`: with Sling's migrations applied. */
export async function createPgliteDatabase(opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const dataDir = tempDir();
  await copyPgliteTemplate(dataDir, opts.migrated === true);
  return {
    kind: 'pglite',
    dataDir,
    env: { DATA_DIR: dataDir },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** An empty database on the server; `migrated`: a copy of one with Sling's migrations applied. */
export async function createPostgresDatabase(serverUrl: string, opts: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `sling_test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? await postgresTemplate(serverUrl) : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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

/** The databases every shared integration suite runs against (empty, as a first start finds them). */
export function databaseKinds(pgServerUrl: string | undefined): Array<[string, () => Promise<TestDatabase>]> {
  const kinds: Array<[string, () => Promise<TestDatabase>]> = [['PGlite', () => createPgliteDatabase()]];
  if (pgServerUrl) kinds.push(['PostgreSQL', () => createPostgresDatabase(pgServerUrl)]);
  return kinds;
}

/**
 * The same, with Sling's migrations already applied (copied from a template): for suites that are
 * not about migrating or a first start, so each database does not pay for the migrations again.
 */
export function migratedDatabaseKinds(pgServerUrl: string | undefined): Array<[string, () => Promise<TestDatabase>]> {
  const kinds: Array<[string, () => Promise<TestDatabase>]> = [['PGlite', () => createPgliteDatabase({ migrated: true })]];
  if (pgServerUrl) kinds.push(['PostgreSQL', () => createPostgresDatabase(pgServerUrl, { migrated: true })]);
  return kinds;
}
