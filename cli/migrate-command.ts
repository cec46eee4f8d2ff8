// `sling migrate`: applies pending migrations (under the advisory lock on PostgreSQL) and exits.
import { appliedMigrationCount } from '../lib/db/migrate';
import { openRuntime } from '../lib/runtime/open-runtime';

export async function runMigrate() {
  const runtime = await openRuntime({ migrate: true });
  try {
    console.log(`Migrations applied: ${await appliedMigrationCount(runtime.handle)}`);
  } finally {
    await runtime.close();
  }
}
