// A PostgreSQL pool and the handle over it, for the primary (open-database.ts) and each replica
// (replica-set.ts).
import type { Pool } from 'pg';
import * as schema from '../../db/schema';
import type { Db, DbHandle } from './types';
import { postgresQueryable } from './postgres-queryable';

/** A `pg` pool as Sling uses one: bigint counts as numbers, idle-client errors left to the next query. */
export async function postgresPool(url: string, opts: { max: number; connectionTimeoutMillis: number }): Promise<Pool> {
  const { default: pg } = await import('pg');
  // bigint columns (counts) as JS numbers; they stay far below 2^53.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, ...opts });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead
  return pool;
}

/** The handle over a pool: the primary's, or a replica's (replica-set.ts), which only reads. */
export async function postgresHandle(pool: Pool): Promise<DbHandle> {
  const { drizzle } = await import('drizzle-orm/node-postgres');
  return {
    kind: 'postgres',
    db: drizzle(pool, { schema }) as unknown as Db,
    ...(await postgresQueryable(pool)),
    // biome-ignore lint/suspicious/noExplicitAny: pg-boss's IDatabase (Handle.executeSql in types.ts)
    executeSql: (text, values) => pool.query(text, values) as Promise<{ rows: any[] }>,
    close: () => pool.end(),
  };
}
