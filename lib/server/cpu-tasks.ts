// Every CPU-heavy task, by name, for the pool's worker threads (cpu-worker.ts). Each feature declares
// its own (lib/runtime/cpu-task.ts); a task missing here fails in the pool with "unknown task".
import { hashPasswordTask, verifyPasswordTask } from '../passwords/password-tasks';
import { checkFaviconTask } from '../domains/favicon-task';
import { checkPreviewImageTask, renderPreviewCardTask } from '../previews/preview-tasks';
import { checkLogoTask, renderQrTask } from '../qr/qr-tasks';
import type { CpuTask } from '../runtime/cpu-task';

export const CPU_TASKS: readonly CpuTask<never[], unknown>[] = [
  renderQrTask,
  checkLogoTask,
  checkFaviconTask,
  renderPreviewCardTask,
  checkPreviewImageTask,
  hashPasswordTask,
  verifyPasswordTask,
] as unknown as readonly CpuTask<never[], unknown>[];

/** The tasks' functions by name, loaded. */
export async function loadCpuTasks(): Promise<Record<string, (...args: never[]) => unknown>> {
  return Object.fromEntries(await Promise.all(CPU_TASKS.map(async (t) => [t.name, await t.load()] as const)));
}
