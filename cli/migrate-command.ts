// `sling migrate`: applies pending migrations (under the advisory lock on PostgreSQL) and exits.
import { appliedMigrationCount } from '../lib/db/migrate';
import { openCliRuntime } from './cli-runtime';
import { print } from './cli-io';

export async function runMigrate() {
  const runtime = await openCliRuntime({ migrate: true });
  try {
    print(`Migrations applied: ${await appliedMigrationCount(runtime.handle)}`);
  } finally {
    await runtime.close();
  }
}
