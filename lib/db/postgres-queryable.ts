// Plain SQL on a `pg` pool — queries, COPY … FROM STDIN and transactions on one connection — shared
// by open-database.ts and the click writer's thread, which opens its own small pool.
import type { ClientBase, Pool } from 'pg';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { DbHandle, Queryable } from './types';

export type PostgresQueryable = Required<Queryable> & Pick<DbHandle, 'transaction'>;

export async function postgresQueryable(pool: Pool): Promise<PostgresQueryable> {
  const { from: copyStream } = await import('pg-copy-streams');
  const copyFrom = async (client: ClientBase, sql: string, data: string) => {
    await pipeline(Readable.from([data]), client.query(copyStream(sql)));
  };
  return {
    query: async (text, params, options) => (await pool.query(options?.name ? { name: options.name, text, values: params } : { text, values: params })).rows,
    copyFrom: async (sql, data) => {
      const client = await pool.connect();
      try {
        await copyFrom(client, sql, data);
      } finally {
        client.release();
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async (text, params, options) =>
            (await client.query(options?.name ? { name: options.name, text, values: params } : { text, values: params })).rows,
          copyFrom: (sql, data) => copyFrom(client, sql, data),
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
  };
}
