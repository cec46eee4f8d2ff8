// The main thread's side of pglite-worker.mjs: a PGlite-shaped client (query, exec, transaction,
// close) whose calls run in the worker thread. Drizzle and pg-boss use it as they would PGlite.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../runtime/project-root';

interface QueryResult {
  rows: unknown[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: unknown) => unknown>;
}

export interface PgliteClient {
  query(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The thread's memory outside its JS heap: PGlite's WebAssembly memory and other buffers. */
  externalMemoryBytes(): Promise<number>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };

export async function openPgliteThread(dataDir: string, sharedBuffersMb = 16): Promise<PgliteClient> {
  const worker = new Worker(join(projectRoot(), 'lib', 'db', 'pglite-worker.mjs'), { workerData: { dataDir, sharedBuffersMb } });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('message', (m) => {
      worker.off('error', onError);
      m?.ready ? resolve() : reject(new Error('PGlite worker did not start'));
    });
  });
  worker.on('message', (m: { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> }) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new Error(String(m.error?.message)), m.error));
  });
  const failAll = (err: unknown) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('error', failAll);
  worker.on('exit', (code) => {
    closed = true;
    failAll(new Error(`PGlite worker exited (${code})`));
  });

  function call<T>(msg: Record<string, unknown>): Promise<T> {
    if (closed) return Promise.reject(new Error('the database is closed'));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
    });
  }

  function client(tx?: number): PgliteClient {
    return {
      query: (sql, params, opts) => call({ op: 'query', sql, params, opts: serialiseOptions(opts), tx }),
      exec: (sql) => call({ op: 'exec', sql, tx }),
      transaction: async (fn) => {
        if (tx !== undefined) return fn(client(tx)); // nested: drizzle uses savepoints itself
        const txId = await call<number>({ op: 'begin' });
        let result;
        try {
          result = await fn(client(txId));
        } catch (err) {
          await call({ op: 'end', tx: txId, commit: false });
          throw err;
        }
        await call({ op: 'end', tx: txId, commit: true });
        return result;
      },
      externalMemoryBytes: () => call<number>({ op: 'memory' }),
      close: async () => {
        if (closed) return;
        await call({ op: 'close' });
        closed = true;
        await worker.terminate();
      },
    };
  }
  return client();
}

/** Functions cannot cross threads; drizzle's parsers all keep the raw text, so send their type ids. */
function serialiseOptions(opts?: QueryOptions) {
  if (!opts) return undefined;
  const parsers = Object.entries(opts.parsers ?? {});
  for (const [type, parse] of parsers) {
    if (parse('probe') !== 'probe') throw new Error(`type parser for ${type} is not the identity; pglite-thread cannot forward it`);
  }
  return { rowMode: opts.rowMode, identityTypes: parsers.length ? parsers.map(([type]) => Number(type)) : undefined };
}
