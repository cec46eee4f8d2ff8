// The main thread's side of pglite-worker.mjs: a PGlite-shaped client (query, exec, transaction,
// close) whose calls run in the worker thread. Drizzle and pg-boss use it as they would PGlite.
// Another thread (the click writer) reaches the same database through a MessagePort of its own
// (connectPort, pgliteOverPort): same protocol, its calls never pass through the main thread.
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { projectRoot } from '../core/project-root';
import type { Queryable } from './types';

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
  /** The worker's client stops the database; a port's client closes only its port. */
  close(): Promise<void>;
  /** The thread's memory outside its JS heap: PGlite's WebAssembly memory and other buffers. */
  externalMemoryBytes(): Promise<number>;
}

export interface PgliteThread extends PgliteClient {
  /** A new port to the same database, to hand (transfer) to another thread for pgliteOverPort. */
  connectPort(): MessagePort;
  /** Calls `fn` for each notification on `channel` (LISTEN), after the notifying transaction commits. */
  listen(channel: string, fn: () => void): Promise<() => void>;
}

type Pending = { resolve: (v: unknown) => void; reject: (e: unknown) => void };
type Reply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown> };
interface Endpoint {
  postMessage(msg: unknown): void;
  on(event: 'message', listener: (msg: Reply) => void): unknown;
}

export async function openPgliteThread(dataDir: string, sharedBuffersMb = 16): Promise<PgliteThread> {
  const worker = new Worker(join(projectRoot(), 'lib', 'db', 'pglite-worker.mjs'), { workerData: { dataDir, sharedBuffersMb } });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('message', (m) => {
      worker.off('error', onError);
      m?.ready ? resolve() : reject(new Error('PGlite worker did not start'));
    });
  });
  const channel = rpc(worker);
  worker.on('error', channel.fail);
  worker.on('exit', (code) => channel.fail(new Error(`PGlite worker exited (${code})`)));
  const main = client(channel, async () => {
    await channel.call({ op: 'close' });
    channel.fail(new Error('the database is closed'));
    await worker.terminate();
  });
  const listeners = new Map<string, Set<() => void>>();
  worker.on('message', (m: { notify?: string }) => {
    if (m?.notify) for (const fn of listeners.get(m.notify) ?? []) fn();
  });
  return Object.assign(main, {
    listen: async (name: string, fn: () => void) => {
      let set = listeners.get(name);
      if (!set) {
        listeners.set(name, (set = new Set()));
        await channel.call({ op: 'listen', channel: name });
      }
      set.add(fn);
      return () => void set.delete(fn);
    },
    connectPort: () => {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ op: 'port', port: port2 }, [port2]);
      return port1;
    },
  });
}

/** A client over a port from connectPort (in the thread it was transferred to). */
export function pgliteOverPort(port: MessagePort): PgliteClient {
  const channel = rpc(port);
  port.on('close', () => channel.fail(new Error('the database is closed')));
  return client(channel, async () => {
    channel.fail(new Error('the database is closed'));
    port.close();
  });
}

interface Rpc {
  call<T>(msg: Record<string, unknown>): Promise<T>;
  /** Fails every pending call and refuses new ones. */
  fail(err: unknown): void;
}

function rpc(endpoint: Endpoint): Rpc {
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed: unknown;
  endpoint.on('message', (m: Reply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.ok) p.resolve(m.result);
    else p.reject(Object.assign(new Error(String(m.error?.message)), m.error));
  });
  return {
    call<T>(msg: Record<string, unknown>): Promise<T> {
      if (closed) return Promise.reject(closed);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        endpoint.postMessage({ ...msg, id });
      });
    },
    fail(err: unknown) {
      closed ??= err;
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    },
  };
}

function client(channel: Rpc, close: () => Promise<void>, tx?: number): PgliteClient {
  let closing: Promise<void> | undefined;
  return {
    query: (sql, params, opts) => channel.call({ op: 'query', sql, params, opts: serialiseOptions(opts), tx }),
    exec: (sql) => channel.call({ op: 'exec', sql, tx }),
    transaction: async (fn) => {
      if (tx !== undefined) return fn(client(channel, close, tx)); // nested: drizzle uses savepoints itself
      const txId = await channel.call<number>({ op: 'begin' });
      let result;
      try {
        result = await fn(client(channel, close, txId));
      } catch (err) {
        await channel.call({ op: 'end', tx: txId, commit: false });
        throw err;
      }
      await channel.call({ op: 'end', tx: txId, commit: true });
      return result;
    },
    externalMemoryBytes: () => channel.call<number>({ op: 'memory' }),
    close: () => (closing ??= close()),
  };
}

/** Plain SQL and transactions on a client (the database handle's, and the click writer thread's). */
export function pgliteQueryable(c: PgliteClient): Queryable & { transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T> } {
  const query: Queryable['query'] = async (text, params) => (await c.query(text, params ?? [])).rows as never[];
  return { query, transaction: (fn) => c.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params ?? [])).rows as never[] })) };
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
