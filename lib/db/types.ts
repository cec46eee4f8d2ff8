// The database handle shared by the edge, route handlers, workers and the CLI.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../../db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A drizzle transaction on Db (what `db.transaction(fn)` hands to fn). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface QueryOptions {
  /**
   * PostgreSQL: run as a named prepared statement, parsed and planned once per pooled connection
   * instead of on every call (for hot statements; each name must always carry the same text).
   * PGlite ignores it: its one session runs unnamed statements.
   */
  name?: string;
}

/** Plain parameterised SQL, for the few statements drizzle does not express well (batched unnest). */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<R[]>;
  /** PostgreSQL only: `COPY … FROM STDIN` fed with `data` (COPY's text format). */
  copyFrom?(sql: string, data: string): Promise<void>;
}

export interface DbHandle extends Queryable {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** pg-boss's database interface: text without values may hold several statements. */
  // biome-ignore lint/suspicious/noExplicitAny: pg-boss's IDatabase declares its rows so
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
  /** Runs `fn` in one transaction on one connection. */
  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for each notification on `channel` (LISTEN), after the notifying transaction
   * commits; on PostgreSQL also after its listening connection was lost and made again (notifications
   * may have been missed meanwhile). Resolves to a function that stops listening.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite only: a port to its thread for another thread's own client (pgliteOverPort). */
  connectPort?(): import('node:worker_threads').MessagePort;
  close(): Promise<void>;
  /** PostgreSQL with DATABASE_REPLICA_URLS: the replicas reads may go to (read-replica.ts). */
  replicas?: ReplicaSet;
  /** PGlite: its thread's memory outside the JS heap (WebAssembly memory, initdb's leftovers; open-runtime.ts). */
  externalMemoryBytes?(): Promise<number>;
}

/** One replica as the last check found it. */
export interface ReplicaStatus {
  /** The replica's host, port and database (never its credentials). */
  name: string;
  healthy: boolean;
  /** At the last check; null when it could not be measured. */
  lagMs: number | null;
}

export interface ReplicaSet {
  /** A replica within the lag bound at a recent check (in turn), or undefined: read the primary. */
  pick(): DbHandle | undefined;
  /**
   * A replica that has replayed everything the primary holds now, for a read that must see the
   * caller's own earlier writes; undefined when none has (read the primary).
   */
  caughtUp(): Promise<DbHandle | undefined>;
  /** A read on `replica` failed: skip it until a check finds it well again. */
  failed(replica: DbHandle, err: unknown): void;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}
