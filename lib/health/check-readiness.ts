// /readyz: the database answers and every migration this build ships has been applied.
import { appliedMigrationCount, shippedMigrationCount } from '../db/migrate';
import type { DbHandle } from '../db/types';

export async function checkReadiness(handle: DbHandle): Promise<{ ready: boolean; reason?: string }> {
  try {
    const applied = await appliedMigrationCount(handle);
    const shipped = shippedMigrationCount();
    if (applied < shipped) return { ready: false, reason: `migrations pending: ${applied}/${shipped} applied` };
    return { ready: true };
  } catch (err) {
    return { ready: false, reason: `database unreachable: ${(err as Error).message}` };
  }
}
