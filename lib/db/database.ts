// The process-wide database handle, one for server.ts and the pages (two PGlite instances on one
// directory would corrupt it).
import { loadConfig } from '../config/load-config';
import { getGlobalSingleton, setGlobalSingleton } from '../core/global-singleton';
import { openDatabase } from './open-database';
import type { DbHandle } from './types';

const NAME = 'database';

/** The shared handle, opened on first use with the process configuration. */
export function database(): Promise<DbHandle> {
  // In the registry: a test's next start opens its own database.
  let pending = getGlobalSingleton<Promise<DbHandle>>(NAME);
  if (!pending) {
    const config = loadConfig();
    pending = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB });
    pending.catch(() => setGlobalSingleton(NAME, undefined));
    setGlobalSingleton(NAME, pending);
  }
  return pending;
}

/** Installs an already-open handle (server.ts, tests). */
export function useDatabase(handle: DbHandle | undefined) {
  setGlobalSingleton(NAME, handle ? Promise.resolve(handle) : undefined);
}
