// Opens PGlite in DATA_DIR (embedded default) or a PostgreSQL pool when DATABASE_URL is set.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as schema from '../../db/schema';
import type { Db, DbHandle } from './types';
import { openPgliteThread, pgliteQueryable } from './pglite-thread';
import { postgresQueryable } from './postgres-queryable';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number;
  /** PGlite's shared_buffers in MiB (default 16, PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.maxConnections ?? 10) : openPglite(opts.dataDir, opts.sharedBuffersMb ?? 16);
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
    close: () => pg.close(),
    externalMemoryBytes: () => pg.externalMemoryBytes(),
  };
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint columns (counts) as JS numbers; they stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // A database that does not answer fails a request after 5 s instead of holding it forever.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: drizzle(pool, { schema }) as unknown as Db,
    ...(await postgresQueryable(pool)),
    // biome-ignore lint/suspicious/noExplicitAny: pg-boss's IDatabase (Handle.executeSql in types.ts)
    executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: any[] }>,
    close: () => pool.end(),
  };
}
