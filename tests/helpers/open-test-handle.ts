// Opens a migrated database in the test process (for lib-level integration tests).
import { applyMigrations } from '../../lib/db/migrate';
import { openDatabase } from '../../lib/db/open-database';
import type { DbHandle } from '../../lib/db/types';
import { ensureDefaultDomain, loadDomainRegistry } from '../../lib/domains/domain-registry';
import type { AppContext } from '../../lib/context/app-context';
import type { TestDatabase } from './databases';

export const BASE = { baseUrl: 'https://sl.ing', baseHost: 'sl.ing', linkHost: 'cname.sl.ing' };

export async function openTestContext(tdb: TestDatabase): Promise<AppContext & { handle: DbHandle }> {
  const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 4 });
  await applyMigrations(handle, tdb.databaseUrl);
  await ensureDefaultDomain(handle, BASE.baseHost);
  return { handle, domains: await loadDomainRegistry(handle, BASE) };
}
