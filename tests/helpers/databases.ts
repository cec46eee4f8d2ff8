// Each test run makes its own databases and drops them afterwards; nothing depends on leftovers.
import { mkdtempSync, rmSync } from 'node:fs';
import { TEST_TMPDIR } from './test-tmp';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
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
  return mkdtempSync(join(TEST_TMPDIR, prefix));
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
  // A test database need not survive a crash of the server: commits do not wait for the disk.
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
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

/**
 * The database this test project runs on. vitest.config.ts runs the integration suites once per
 * database, as the projects `pglite` and `postgres`, and tells each file which through
 * SLING_TEST_DATABASE; a file run on its own outside a project gets PGlite.
 * (docs/architecture/tests.md, "One suite, both databases")
 */
export const suiteDatabase = (() => {
  const kind: TestDatabase['kind'] = process.env.SLING_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
  const make = (migrated: boolean) => () => {
    if (kind === 'pglite') return createPgliteDatabase({ migrated });
    const server = process.env.TEST_DATABASE_URL;
    if (!server) throw new Error('the postgres test project needs TEST_DATABASE_URL');
    return createPostgresDatabase(server, { migrated });
  };
  return {
    kind,
    /** As titles name it: PGlite or PostgreSQL. */
    name: kind === 'postgres' ? 'PostgreSQL' : 'PGlite',
    /** An empty database, as a first start finds it. */
    empty: make(false),
    /** A copy of one with Sling's migrations applied: for suites that are not about migrating or a first start. */
    migrated: make(true),
  } as const;
})();

/**
 * `describe` for the part of a suite that needs PostgreSQL itself: several Sling processes on one
 * database (PGlite admits one process). Declared in the postgres project only; in the pglite project
 * it is absent rather than skipped, because CI fails on a skipped test. `skip`: a service the part
 * also needs (Redis) is missing, outside CI.
 */
export function describeOnPostgres(name: string, fn: () => void, skip = false): void {
  if (suiteDatabase.kind === 'postgres') describe.skipIf(skip)(name, fn);
}
