// The main thread's side of the click writer's thread (click-writer-worker.ts). The edge only
// pushes clicks into its ClickBuffer; each batch is encoded compactly (click-transfer.ts) and
// handed over here, and its promise settles when the thread has stored it, so the buffer's
// guarantees hold as before: a failed write (or a thread that died) is retried, `written` counts
// stored clicks, stop() settles the held counts. A thread that exits is started again on the next call.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import { logger } from '../core/logger';
import type { Click } from '../analytics/click';
import { encodeClicks } from './click-transfer';
import type { ClickWriterSetup, WriterReply, WriterRequest } from './click-writer-worker';

export interface ClickWriterThreadOptions extends Omit<ClickWriterSetup, 'pglitePort' | 'databaseUrl'> {
  /** Where the thread finds the database; called for each thread started (a port is good for one). */
  database: () => { databaseUrl: string } | { pglitePort: MessagePort };
}

export interface ClickWriterThread {
  write(batch: Click[]): Promise<void>;
  /** Writes the rollups and counters the thread still holds. */
  settle(): Promise<void>;
  /** Closes the thread's database connection and stops it (after the buffer's stop()). */
  close(): Promise<void>;
}

type Pending = { resolve: () => void; reject: (err: Error) => void };

export function startClickWriterThread(opts: ClickWriterThreadOptions): ClickWriterThread {
  let current: { worker: Worker; ready: Promise<void> } | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  function start() {
    const { file, entry } = workerEntry();
    const { database, ...rest } = opts;
    const db = database();
    const transfer = 'pglitePort' in db ? [db.pglitePort] : [];
    const worker = new Worker(file, { workerData: { entry, setup: { ...rest, ...db } }, transferList: transfer });
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the click writer's thread exited (${code})`)));
      worker.on('message', (m: WriterReply) => {
        if ('ready' in m) return resolve();
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (m.ok) p.resolve();
        else p.reject(new Error(m.message));
      });
    });
    ready.catch(() => {});
    worker.on('error', (err) => logger().error({ err }, "the click writer's thread failed; its batches will be retried"));
    worker.on('exit', () => {
      if (current?.worker === worker) current = undefined;
      const err = new Error("the click writer's thread stopped");
      for (const p of pending.values()) p.reject(err);
      pending.clear();
    });
    return (current = { worker, ready });
  }

  async function call(msg: Omit<WriterRequest, 'id'>, transfer: ArrayBuffer[] = []): Promise<void> {
    if (closed) throw new Error("the click writer's thread is closed");
    const { worker, ready } = current ?? start();
    await ready;
    const id = nextId++;
    return new Promise<void>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...msg, id }, transfer);
    });
  }

  return {
    write: (batch) => {
      const clicks = encodeClicks(batch);
      return call({ op: 'write', clicks } as Omit<WriterRequest, 'id'>, [clicks.numbers.buffer as ArrayBuffer]);
    },
    settle: () => (current ? call({ op: 'settle' }) : Promise.resolve()),
    close: async () => {
      if (closed || !current) return void (closed = true);
      const { worker } = current;
      await call({ op: 'close' }).catch(() => {});
      closed = true;
      await worker.terminate();
    },
  };
}

/** The built server's bundle has the worker next to it; from source, ts-worker.mjs loads the TypeScript entry. */
function workerEntry(): { file: string; entry?: string } {
  const here = dirname(fileURLToPath(import.meta.url));
  if (!import.meta.url.endsWith('.ts')) return { file: join(here, 'click-writer-worker.mjs') };
  return { file: join(here, '..', 'runtime', 'ts-worker.mjs'), entry: pathToFileURL(join(here, 'click-writer-worker.ts')).href };
}
