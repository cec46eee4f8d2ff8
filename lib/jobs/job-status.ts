// What `sling jobs status` shows: per queue, jobs by state and the size of its dead-letter queue.
import type { Queryable } from '../db/types';
import { deadLetterOf, QUEUES } from './queues';

export interface QueueStatus {
  queue: string;
  queued: number;
  active: number;
  retrying: number;
  completed: number;
  failed: number;
  dead_letter: number;
  /** The cron schedule registered in pg-boss (null until a worker has started once). */
  cron: string | null;
}

export async function jobStatus(db: Queryable): Promise<QueueStatus[]> {
  const rows = await db.query<{ name: string; state: string; n: number }>(`SELECT name, state, count(*)::int AS n FROM pgboss.job GROUP BY name, state`);
  // What pg-boss actually has scheduled (a worker registers it on start), not what the code intends.
  const schedules = await db.query<{ name: string; cron: string }>('SELECT name, cron FROM pgboss.schedule');
  const count = (name: string, ...states: string[]) => rows.filter((r) => r.name === name && states.includes(r.state)).reduce((sum, r) => sum + Number(r.n), 0);
  return QUEUES.map((spec) => ({
    queue: spec.name,
    queued: count(spec.name, 'created'),
    active: count(spec.name, 'active'),
    retrying: count(spec.name, 'retry'),
    completed: count(spec.name, 'completed'),
    failed: count(spec.name, 'failed'),
    dead_letter: count(deadLetterOf(spec.name), 'created', 'retry', 'active'),
    cron: schedules.find((r) => r.name === spec.name)?.cron ?? null,
  }));
}

/** A fixed-width table for the terminal. */
export function formatJobStatus(list: QueueStatus[]): string {
  const head = ['queue', 'queued', 'active', 'retrying', 'completed', 'failed', 'dead-letter', 'cron'];
  const body = list.map((q) => [q.queue, q.queued, q.active, q.retrying, q.completed, q.failed, q.dead_letter, q.cron ?? '-'].map(String));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  return [head, ...body]
    .map((r) =>
      r
        .map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
