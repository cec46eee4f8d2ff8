// The shape of a migration test: a database at the schema of the first `previous` migrations, a
// shared default domain on it, populated by `before` (which answers what it wrote), then every
// shipped migration applied on a fresh opening, and `after` run on the result (reads, and writes
// that only the new schema takes). Answers both, and how many migrations ended up applied.
import { SYSTEM_WORKSPACE_ID } from '../../db/schema';
import { applyMigrations } from '../../lib/db/migrate';
import { openDatabase } from '../../lib/db/open-database';
import type { DbHandle } from '../../lib/db/types';
import type { TestDatabase } from './databases';
import { migrationsUpTo } from './migrations-up-to';

export interface MigrationSteps<B, A> {
  /** Populates the previous schema; `domainId` is the shared default domain's. */
  before(db: DbHandle, domainId: number): Promise<B>;
  after(db: DbHandle, domainId: number): Promise<A>;
}

export async function migratePopulated<B, A>(
  tdb: TestDatabase,
  previous: number,
  steps: MigrationSteps<B, A>,
): Promise<{ before: B; after: A; applied: number }> {
  const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
  let db = await open();
  await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(previous));
  const [{ id: domainId }] = await db.query<{ id: number }>(
    `INSERT INTO domains (hostname, is_default, workspace_id) VALUES ('sho.rt', true, $1) RETURNING id`,
    [SYSTEM_WORKSPACE_ID],
  );
  const before = await steps.before(db, domainId);
  await db.close();
  db = await open();
  try {
    await applyMigrations(db, tdb.databaseUrl);
    const applied = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))[0].n);
    return { before, after: await steps.after(db, domainId), applied };
  } finally {
    await db.close();
  }
}
