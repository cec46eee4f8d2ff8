// Opens PGlite in DATA_DIR (embedded default) or a PostgreSQL pool when DATABASE_URL is set.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as schema from '../../db/schema';
import type { Db, DbHandle, Queryable } from './types';
import { openPgliteThread, type PgliteClient } from './pglite-thread';

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
  const queryable = (c: PgliteClient): Queryable => ({
    query: async (text, params) => (await c.query(text, params ?? [])).rows as never[],
  });
  return {
    kind: 'pglite',
    db: drizzle({ client: pg as never, schema }) as unknown as Db,
    query: queryable(pg).query,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pg.query(text, values);
      const results = await pg.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    close: () => pg.close(),
    externalMemoryBytes: () => pg.externalMemoryBytes(),
  };
}

async function openPostgres(url: string, max: number): Promise<DbHandle> {
  const { default: pg } = await import('pg');
  const { from: copyStream } = await import('pg-copy-streams');
  const copyFrom = async (client: import('pg').ClientBase, sql: string, data: string) => {
    await pipeline(Readable.from([data]), client.query(copyStream(sql)));
  };
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
    query: async (text, params) => (await pool.query(text, params)).rows,
    copyFrom: async (sql, data) => {
      const client = await pool.connect();
      try {
        await copyFrom(client, sql, data);
      } finally {
        client.release();
      }
    },
    executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: any[] }>,
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async (text, params) => (await client.query(text, params)).rows, copyFrom: (sql, data) => copyFrom(client, sql, data) });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

