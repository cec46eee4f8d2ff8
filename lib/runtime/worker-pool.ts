// A small pool of worker threads for CPU-heavy tasks (docs/architecture/overview.md, "Off the event loop": the edge's event loop stays free).
// Workers start on demand. Each runs one task at a time; tasks wait in a bounded first-in-first-out queue, and when
// that is full the caller is refused at once (503 `unavailable` with Retry-After) rather than left
// waiting behind a backlog. The worker side is serveTasks, below.
import { parentPort, Worker } from 'node:worker_threads';
import { AppError } from '../core/errors';

export interface WorkerPoolOptions {
  /** The worker's entry module (it calls serveTasks). */
  file: string;
  workerData?: unknown;
  /** Worker threads, each running one task at a time. */
  size: number;
  /** Tasks that may wait for a free worker; the next one is refused with 503. */
  queueMax: number;
  /** A worker died (its task failed with it); the next task starts a new one. */
  onWorkerExit?: (err: Error) => void;
}

export interface WorkerPool {
  run<T>(task: string, args: unknown[]): Promise<T>;
  /** Starts the workers not running yet; resolves once every one has loaded its entry, rejects if one cannot. */
  ready(): Promise<void>;
  /** Tasks running and waiting, and the worker threads started. */
  load(): { running: number; queued: number; threads: number };
  /** Refuses new tasks, fails the waiting ones and stops the workers. */
  close(): Promise<void>;
}

interface Job {
  task: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

interface Slot {
  worker?: Worker;
  online?: Promise<void>;
  job?: Job;
  startedAt: number;
}

type Reply = { ready: true } | { ok: true; result: unknown } | { ok: false; error: SerializedError };

interface SerializedError {
  message: string;
  stack?: string;
  /** Set for an AppError, which is rebuilt as one so it keeps its status. */
  app?: { code: AppError['code']; details?: Record<string, unknown>; headers?: Record<string, string> };
}

/** Guess of a task's duration before any has run, for Retry-After. */
const FIRST_GUESS_MS = 200;

export function createWorkerPool(opts: WorkerPoolOptions): WorkerPool {
  const slots: Slot[] = Array.from({ length: opts.size }, () => ({ startedAt: 0 }));
  const queue: Job[] = [];
  let closed = false;
  /** Moving average of task durations. */
  let averageMs = FIRST_GUESS_MS;

  function spawn(slot: Slot): Worker {
    const worker = new Worker(opts.file, { workerData: opts.workerData });
    slot.worker = worker;
    slot.online = new Promise<void>((resolve, reject) => {
      worker.once('message', (m: Reply) => ('ready' in m ? resolve() : reject(new Error('the worker answered before it was ready'))));
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) while starting`)));
    });
    slot.online.catch(() => {}); // reported through ready() or the task that needed it
    worker.on('message', (m: Reply) => {
      if ('ready' in m || !slot.job) return;
      const job = slot.job;
      slot.job = undefined;
      averageMs = averageMs * 0.8 + (performance.now() - slot.startedAt) * 0.2;
      if (m.ok) job.resolve(m.result);
      else job.reject(reviveError(m.error, job.task));
      next(slot);
    });
    let failure: Error | undefined;
    worker.on('error', (err) => (failure = err));
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      if (closed) return;
      const err = failure ?? new Error(`a pool worker exited (${code})`);
      opts.onWorkerExit?.(err);
      const job = slot.job;
      slot.job = undefined;
      job?.reject(err);
      next(slot);
    });
    return worker;
  }

  function start(slot: Slot, job: Job) {
    slot.job = job;
    slot.startedAt = performance.now();
    try {
      (slot.worker ?? spawn(slot)).postMessage({ task: job.task, args: job.args });
    } catch (err) {
      slot.job = undefined; // arguments that cannot be copied to a thread
      job.reject(err);
      next(slot);
    }
  }

  function next(slot: Slot) {
    const job = queue.shift();
    if (job) start(slot, job);
  }

  function busy(): AppError {
    const queued = queue.length;
    // Time until this queue has drained, at the average task duration.
    const seconds = Math.min(60, Math.max(1, Math.ceil(((queued / opts.size + 1) * averageMs) / 1000)));
    return new AppError(
      'unavailable',
      `The server is busy (${opts.size + queued} CPU-heavy tasks in progress or waiting); try again in ${seconds} s.`,
      undefined,
      { 'Retry-After': String(seconds) },
    );
  }

  // No worker starts here: each starts with the first task that needs it (a thread costs some
  // 15–20 MiB of an idle server's memory; docs/performance/2026-11-26-performance-round-2.md, "Idle memory"), or with ready().

  return {
    run<T>(task: string, args: unknown[]): Promise<T> {
      if (closed) return Promise.reject(new AppError('unavailable', 'The server is shutting down.'));
      const free = slots.find((s) => !s.job);
      if (!free && queue.length >= opts.queueMax) return Promise.reject(busy());
      return new Promise<T>((resolve, reject) => {
        const job: Job = { task, args, resolve: resolve as (value: unknown) => void, reject };
        if (free) start(free, job);
        else queue.push(job);
      });
    },
    ready: async () => {
      await Promise.all(slots.map((s) => (s.worker ? s.online : (spawn(s), s.online))));
    },
    load: () => ({ running: slots.filter((s) => s.job).length, queued: queue.length, threads: slots.filter((s) => s.worker).length }),
    close: async () => {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('unavailable', 'The server is shutting down.'));
      await Promise.all(
        slots.map(async (slot) => {
          const { worker, job } = slot;
          slot.job = undefined;
          job?.reject(new AppError('unavailable', 'The server is shutting down.'));
          await worker?.terminate();
        }),
      );
    },
  };
}

/** The worker side: answers each task message with the named function's result or error. */
export function serveTasks(tasks: Record<string, (...args: never[]) => unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', async ({ task, args }: { task: string; args: never[] }) => {
    try {
      const fn = tasks[task];
      if (typeof fn !== 'function') throw new Error(`unknown task ${task}`);
      port.postMessage({ ok: true, result: await fn(...args) });
    } catch (err) {
      port.postMessage({ ok: false, error: serializeError(err) });
    }
  });
  port.postMessage({ ready: true });
}

function serializeError(err: unknown): SerializedError {
  const e = err instanceof Error ? err : new Error(String(err));
  const out: SerializedError = { message: e.message, stack: e.stack };
  if (e instanceof AppError) out.app = { code: e.code, details: e.details, headers: e.headers };
  return out;
}

function reviveError(e: SerializedError, task: string): Error {
  if (e.app) return new AppError(e.app.code, e.message, e.app.details, e.app.headers);
  const err = new Error(`${task} failed in a worker thread: ${e.message}`);
  if (e.stack) err.stack = `${err.message}\n(worker) ${e.stack}`;
  return err;
}
