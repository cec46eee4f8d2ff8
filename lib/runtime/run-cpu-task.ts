// Runs a CPU-heavy task (cpu-task.ts) in the process's worker pool, which server.ts starts and
// Next's route handlers share through a global singleton. Without a pool (the CLI, lib-level tests)
// the task runs in this thread. A full pool queue rejects with 503 `unavailable` and Retry-After.
import { AppError } from '../core/errors';
import type { CpuTask } from './cpu-task';
import { getGlobalSingleton } from '../core/global-singleton';
import type { WorkerPool } from './worker-pool';

export const CPU_POOL = 'cpuPool';

export async function runCpuTask<A extends unknown[], R>(task: CpuTask<A, R>, ...args: A): Promise<Awaited<R>> {
  // The pool server.ts started (lib/server/cpu-pool.ts), in the registry so a test's stop and start leave none behind.
  const pool = getGlobalSingleton<WorkerPool>(CPU_POOL);
  if (pool) {
    try {
      return await pool.run<Awaited<R>>(task.name, args);
    } catch (err) {
      throw localAppError(err);
    }
  }
  return await (await task.load())(...args);
}

/**
 * The pool belongs to server.ts's bundle, whose AppError class is not the one Next's bundle of
 * the caller checks with instanceof: rebuild it here so it keeps its status.
 */
function localAppError(err: unknown): unknown {
  if (!(err instanceof Error) || err.name !== 'AppError' || err instanceof AppError) return err;
  const e = err as AppError;
  return new AppError(e.code, e.message, e.details, e.headers);
}
