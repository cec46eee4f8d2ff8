// Starts and stops the process's CPU pool (server.ts): worker threads for QR rendering, logo
// decoding and bcrypt (docs/architecture/overview.md, "Off the event loop"). Tasks reach it through run-cpu-task.ts.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getGlobalSingleton, setGlobalSingleton } from '../core/global-singleton';
import { CPU_POOL } from '../runtime/run-cpu-task';
import { createWorkerPool, type WorkerPool } from '../runtime/worker-pool';

export interface CpuPoolOptions {
  /** Worker threads (default: one less than the cores, at least 1, leaving a core to the edge). */
  size?: number;
  /** Tasks that may wait for a worker before new ones get 503. */
  queueMax: number;
  onWorkerExit?: (err: Error) => void;
}

/**
 * The workers start with the first task (sign-in's bcrypt, a QR code), not here: an idle server
 * keeps the memory of a thread (docs/performance/2026-11-26-performance-round-2.md, "Idle memory"). A missing worker file fails the start still.
 */
export async function startCpuPool(opts: CpuPoolOptions): Promise<WorkerPool> {
  const size = opts.size ?? Math.max(1, availableParallelism() - 1);
  const entry = workerEntry();
  const file = entry.workerData ? fileURLToPath((entry.workerData as { entry: string }).entry) : entry.file;
  if (!existsSync(file)) throw new Error(`the CPU pool's worker is missing: ${file} (run npm run build)`);
  const pool = createWorkerPool({ ...entry, size, queueMax: opts.queueMax, onWorkerExit: opts.onWorkerExit });
  // In the registry: run-cpu-task.ts reads it without loading the pool's module, and a test drops it.
  setGlobalSingleton(CPU_POOL, pool);
  return pool;
}

export async function stopCpuPool(): Promise<void> {
  const pool = getGlobalSingleton<WorkerPool>(CPU_POOL);
  setGlobalSingleton(CPU_POOL, undefined);
  await pool?.close();
}

/** The built server's bundle has the worker next to it; from source, ts-worker.mjs loads the TypeScript entry. */
function workerEntry(): { file: string; workerData?: unknown } {
  const here = dirname(fileURLToPath(import.meta.url));
  if (!import.meta.url.endsWith('.ts')) return { file: join(here, 'cpu-worker.mjs') };
  return { file: join(here, '..', 'runtime', 'ts-worker.mjs'), workerData: { entry: pathToFileURL(join(here, 'cpu-worker.ts')).href } };
}
