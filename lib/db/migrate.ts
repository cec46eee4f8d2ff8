// Applies db/migrations (drizzle-kit SQL) at start-up and from `sling migrate`.
// On PostgreSQL an advisory lock serialises instances that start together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../core/project-root';
import type { DbHandle } from './types';

const MIGRATION_LOCK = 7_306_011_505; // arbitrary constant shared by every Sling instance

export function migrationsFolder() {
  return join(projectRoot(), 'db', 'migrations');
}

/** Number of migrations this build ships. */
let shipped: number | undefined;

/** Number of migrations this build ships (read once: /readyz asks on every probe). */
export function shippedMigrationCount(): number {
  shipped ??= JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')).entries.length as number;
  return shipped;
}

/** `folder` defaults to the shipped migrations (tests pass an older copy to build a previous schema). */
export async function applyMigrations(handle: DbHandle, databaseUrl?: string, folder = migrationsFolder()): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
    return;
  }
  // A dedicated connection holds the session-level advisory lock for the whole run.
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

/** Number of migrations recorded as applied in the database (0 when none ran yet, or the table is gone). */
export async function appliedMigrationCount(handle: DbHandle): Promise<number> {
  // Two statements: PostgreSQL resolves every table name of a statement before running it, so a
  // CASE around the count still failed when the table did not exist.
  const [table] = await handle.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  if (!table?.t) return 0;
  const rows = await handle.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return Number(rows[0]?.n ?? 0);
}
