// A link's history from the outbox, newest first, a page at a time (the dashboard's event list).
import { and, desc, eq, lt } from 'drizzle-orm';
import { events } from '../../db/schema';
import type { Db } from '../db/types';
import { invalidField } from '../core/errors';
import { eventJson, type EventJson } from './list-events';
import { ownedBy } from '../tenancy/scope';

export interface FindLinkEventsOptions {
  limit: number;
  /** Page cursor: events older than this one (an `evt_…` id from the same link). */
  before?: string;
}

/** Newest first; `next_before` continues the list (null on the last page). */
export async function findLinkEvents(
  db: Db,
  link: { id: number; workspaceId: string },
  opts: FindLinkEventsOptions,
): Promise<{ events: EventJson[]; next_before: string | null }> {
  const linkId = link.id;
  const where = [eq(events.linkId, linkId), ownedBy(events, link.workspaceId)];
  if (opts.before !== undefined) {
    const [cursor] = await db
      .select({ seq: events.seq })
      .from(events)
      .where(and(eq(events.id, opts.before), eq(events.linkId, linkId)))
      .limit(1);
    if (!cursor) throw invalidField('before', `"${opts.before}" is not an event of this link.`);
    where.push(lt(events.seq, cursor.seq));
  }
  const rows = await db
    .select()
    .from(events)
    .where(and(...where))
    .orderBy(desc(events.seq))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  return { events: page.map(eventJson), next_before: rows.length > opts.limit ? page[page.length - 1].id : null };
}
