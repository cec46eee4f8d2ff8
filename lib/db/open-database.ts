// Opens PGlite in DATA_DIR (embedded default) or a PostgreSQL pool when DATABASE_URL is set.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as schema from '../../db/schema';
import type { Db, DbHandle } from './types';
import { openPgliteThread, pgliteQueryable } from './pglite-thread';
import { postgresHandle, postgresPool } from './postgres-handle';
import { openReplicaSet, type ReplicaOptions } from './replica-set';
import { listenOnPostgres } from './listen-postgres';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number;
  /** PGlite's shared_buffers in MiB (default 16, PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
  /** PostgreSQL: streaming replicas that take reads (DATABASE_REPLICA_URLS, REPLICA_MAX_LAG_MS). */
  replicas?: Pick<ReplicaOptions, 'urls' | 'maxLagMs'>;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.maxConnections ?? 10, opts.replicas) : openPglite(opts.dataDir, opts.sharedBuffersMb ?? 16);
}

/** No embedded database in DATA_DIR yet: opening it will run initdb. */
export function pgliteIsNew(dataDir: string): boolean {
  return !existsSync(join(resolve(dataDir, 'pglite'), 'PG_VERSION'));
}

async function openPglite(dataDir: string, sharedBuffersMb: number): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = resolve(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // PGlite runs in a worker thread: its WebAssembly work never blocks the redirect edge.
  const pg = await openPgliteThread(dir, sharedBuffersMb);
  return {
    kind: 'pglite',
    db: drizzle({ client: pg as never, schema }) as unknown as Db,
    ...pgliteQueryable(pg),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pg.query(text, values);
      const results = await pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    connectPort: () => pg.connectPort(),
    listen: async (channel, onNotify) => {
      const stop = await pg.listen(channel, onNotify);
      return async () => stop();
    },
    close: () => pg.close(),
    externalMemoryBytes: () => pg.externalMemoryBytes(),
  };
}

async function openPostgres(url: string, max: number, replicas: OpenDatabaseOptions['replicas']): Promise<DbHandle> {
  // A database that does not answer fails a request after 5 s instead of holding it forever.
  const pool = await postgresPool(url, { max, connectionTimeoutMillis: 5_000 });
  await pool.query('select 1');
  const handle: DbHandle = {
    ...(await postgresHandle(pool)),
    listen: (channel, onNotify) => listenOnPostgres(url, channel, { onNotify, onReconnect: onNotify }),
  };
  if (!replicas || replicas.urls.length === 0) return handle;
  const set = await openReplicaSet({
    ...replicas,
    max,
    // The position of everything inserted so far, committed asynchronously or not (replica-lag.ts).
    primaryPosition: async () => (await pool.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0].lsn,
  });
  return {
    ...handle,
    replicas: set,
    close: async () => {
      await set.close();
      await pool.end();
    },
  };
}
