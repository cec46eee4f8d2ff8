// A job sent in a process that works its queue wakes that worker at once, instead of at its next
// poll (JOBS_POLL_SECONDS, a long safety net so that an idle server sleeps): `sling jobs run`
// through a server's admin socket, wake-on-change.ts, the jobs sent at start, jobs sent by route
// handlers. Workers of other processes are woken through the announcer the runtime sets (the
// invalidation bus: PostgreSQL NOTIFY or Redis; lib/jobs/job-system.ts listens).
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

/** Makes every worker of this process fetch now (messages may have been missed). */
export function wakeAllLocalWorkers(): void {
  for (const w of local.values()) w.boss.notifyWorker(w.workerId);
}

/** Makes this process's worker of `queue`, if it has one, fetch now. */
export function wakeLocalWorker(queue: string): void {
  const w = local.get(queue);
  if (w) w.boss.notifyWorker(w.workerId);
}

let announce: ((queue: string) => void) | undefined;

/** How a job sent here is made known to other processes' workers (set by the runtime; undefined: not at all). */
export function announceJobsWith(fn: ((queue: string) => void) | undefined): void {
  announce = fn;
}

export async function sendAndWake(boss: PgBoss, queue: string, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
  const id = await boss.send(queue, data, options);
  if (id !== null) {
    wakeLocalWorker(queue);
    announce?.(queue);
  }
  return id;
}
