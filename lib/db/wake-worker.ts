// A job sent in a process that works its queue wakes that worker at once, instead of at its next
// poll (JOBS_POLL_SECONDS): `sling jobs run` through a server's admin socket, wake-on-change.ts, the
// jobs sent at start, jobs sent by route handlers. Workers of other processes find the job at their
// next poll.
import type PgBoss from 'pg-boss';

/** Queue → the worker of this process that works it (openJobSystem with work: true). */
const local = new Map<string, { boss: PgBoss; workerId: string }>();

export function addLocalWorker(boss: PgBoss, queue: string, workerId: string): void {
  local.set(queue, { boss, workerId });
}

/** Called when `boss` stops. */
export function forgetLocalWorkers(boss: PgBoss): void {
  for (const [queue, w] of local) if (w.boss === boss) local.delete(queue);
}

/** Makes this process's worker of `queue`, if it has one, fetch now. */
export function wakeLocalWorker(queue: string): void {
  const w = local.get(queue);
  if (w) w.boss.notifyWorker(w.workerId);
}

export async function sendAndWake(boss: PgBoss, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  const id = await boss.send(queue, data, options);
  if (id !== null) wakeLocalWorker(queue);
  return id;
}
