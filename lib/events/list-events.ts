// Reads the outbox in insertion order, for `sling events tail` (and later the dashboard's history).
import { and, asc, desc, eq, gt, type SQL } from 'drizzle-orm';
import { events, type EventRow } from '../../db/schema';
import type { Db } from '../db/types';

export interface EventJson {
  id: string;
  event: string;
  timestamp: string;
  data: unknown;
}

/** The webhook payload shape (docs/guide/webhooks.md): `{id, event, timestamp, data}`. */
export function eventJson(row: EventRow): EventJson {
  return { id: row.id, event: row.type, timestamp: new Date(row.occurredAt).toISOString(), data: row.data };
}

export interface ListEventsOptions {
  type?: string;
  /** Only events after this position (for following). */
  afterSeq?: number;
  limit: number;
}

/** The newest `limit` events (after `afterSeq`, if given), oldest first. */
export async function listEvents(db: Db, opts: ListEventsOptions): Promise<EventRow[]> {
  const where: SQL[] = [];
  if (opts.type) where.push(eq(events.type, opts.type));
  if (opts.afterSeq !== undefined) {
    where.push(gt(events.seq, opts.afterSeq));
    return db
      .select()
      .from(events)
      .where(and(...where))
      .orderBy(asc(events.seq))
      .limit(opts.limit);
  }
  const newest = await db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.seq))
    .limit(opts.limit);
  return newest.reverse();
}
