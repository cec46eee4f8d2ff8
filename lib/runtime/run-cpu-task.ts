// Runs a CPU-heavy task (cpu-tasks.ts) in the process's worker pool, which server.ts starts and
// Next's route handlers share through a global singleton. Without a pool (the CLI, lib-level tests)
// the task runs in this thread. A full pool queue rejects with 503 `unavailable` and Retry-After.
import { AppError } from '../core/errors';
import type { CpuTasks } from '../server/cpu-tasks';
import { getGlobalSingleton } from '../core/global-singleton';
import type { WorkerPool } from './worker-pool';

export const CPU_POOL = 'cpuPool';

type Result<K extends keyof CpuTasks> = Awaited<ReturnType<CpuTasks[K]>>;

export async function runCpuTask<K extends keyof CpuTasks>(task: K, ...args: Parameters<CpuTasks[K]>): Promise<Result<K>> {
  // The pool server.ts started (cpu-pool.ts), in the registry so a test's stop and start leave none behind.
  const pool = getGlobalSingleton<WorkerPool>(CPU_POOL);
  if (pool) {
    try {
      return await pool.run<Result<K>>(task, args);
    } catch (err) {
      throw localAppError(err);
    }
  }
  const { cpuTasks } = await import('../server/cpu-tasks');
  return (cpuTasks[task] as (...a: unknown[]) => Result<K> | Promise<Result<K>>)(...args);
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
