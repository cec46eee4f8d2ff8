// The main thread's side of the click writer's thread (click-writer-worker.ts). The edge only
// pushes clicks into its ClickBuffer; each batch is encoded compactly (click-transfer.ts) and
// handed over here, and its promise settles when the thread has stored it, so the buffer's
// guarantees hold as before: a failed write (or a thread that died) is retried, `written` counts
// stored clicks, stop() settles the held counts. A thread that exits is started again on the next call,
// and first recounts, from the stored clicks, the link-hours of every batch handed to the dead one
// whose counts it had not reported written (docs/architecture/click-path.md#when-the-writers-thread-dies).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import { logger } from '../core/logger';
import type { Click } from '../analytics/click';
import { encodeClicks } from './click-transfer';
import { addLinkHours, type LinkHours, mergeLinkHours } from './link-hours';
import type { ClickWriterSetup, WriterReply, WriterRequest } from './click-writer-worker';

export interface ClickWriterThreadOptions extends Omit<ClickWriterSetup, 'pglitePort' | 'databaseUrl' | 'applicationName'> {
  /** Where the thread finds the database; called for each thread started (a port is good for one). */
  database: () => { databaseUrl: string } | { pglitePort: MessagePort };
  /** Called with each thread started (tests end one from outside). */
  onThread?: (worker: Worker) => void;
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
  /** Per request (in id order): the link-hours handed to the thread whose counts it has not reported written. */
  const uncounted = new Map<number, LinkHours>();
  /** The link-hours a dead thread left uncounted, and its application_name, for the next thread's recount. */
  let orphaned: { linkHours: LinkHours; after: string } | undefined;
  let nextId = 1;
  let threads = 0;
  let closed = false;

  function start() {
    const { file, entry } = workerEntry();
    const { database, onThread, ...rest } = opts;
    const db = database();
    const transfer = 'pglitePort' in db ? [db.pglitePort] : [];
    const applicationName = `sling click writer ${process.pid}.${++threads}`;
    const worker = new Worker(file, { workerData: { entry, setup: { ...rest, ...db, applicationName } }, transferList: transfer });
    // Taken now: should this thread die too, the link-hours go to the next one with its own.
    const recount = orphaned && { id: nextId++, ...orphaned };
    orphaned = undefined;
    if (recount) uncounted.set(recount.id, recount.linkHours);
    onThread?.(worker);
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the click writer's thread exited (${code})`)));
      worker.on('message', (m: WriterReply) => {
        if ('ready' in m) return resolve();
        if ('counted' in m) {
          for (const id of uncounted.keys()) {
            if (id > m.counted) break;
            uncounted.delete(id);
          }
          return;
        }
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (m.ok) p.resolve();
        else p.reject(new Error(m.message));
      });
    }).then(() => {
      // Before any batch: the recount must not count clicks whose counts this thread holds.
      if (!recount) return;
      const { id, linkHours, after } = recount;
      pending.set(id, { resolve: () => {}, reject: (err) => logger().warn({ err: err.message }, 'click recount failed; the thread tries again') });
      worker.postMessage({ op: 'recount', id, linkHours, after } satisfies WriterRequest);
    });
    ready.catch(() => {});
    worker.on('error', (err) => logger().error({ err }, "the click writer's thread failed; its batches will be retried"));
    worker.on('exit', () => {
      if (current?.worker === worker) current = undefined;
      const err = new Error("the click writer's thread stopped");
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      if (uncounted.size > 0 && !closed) {
        const linkHours = orphaned?.linkHours ?? new Map();
        for (const hours of uncounted.values()) mergeLinkHours(linkHours, hours);
        orphaned = { linkHours, after: applicationName };
        uncounted.clear();
      }
    });
    return (current = { worker, ready });
  }

  async function call(msg: Omit<WriterRequest, 'id'>, transfer: ArrayBuffer[] = [], linkHours?: LinkHours): Promise<void> {
    if (closed) throw new Error("the click writer's thread is closed");
    const { worker, ready } = current ?? start();
    await ready;
    const id = nextId++;
    // Stored or not, a batch handed over may be counted by nobody if the thread dies: recounted then.
    if (linkHours) uncounted.set(id, linkHours);
    return new Promise<void>((resolve, reject) => {
      pending.set(id, {
        resolve,
        reject: (err) => {
          if (current?.worker === worker) uncounted.delete(id); // the thread refused it: not stored
          reject(err);
        },
      });
      worker.postMessage({ ...msg, id }, transfer);
    });
  }

  return {
    write: (batch) => {
      const linkHours = addLinkHours(batch);
      const clicks = encodeClicks(batch);
      return call({ op: 'write', clicks } as Omit<WriterRequest, 'id'>, [clicks.numbers.buffer as ArrayBuffer], linkHours);
    },
    // A dead thread's counts are recounted by the next one: settling starts it.
    settle: () => (current || orphaned ? call({ op: 'settle' }) : Promise.resolve()),
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
