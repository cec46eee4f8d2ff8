// Writes an event to the outbox. Call it with the transaction that makes the change, so the event
// exists exactly when the change does (docs/guide/webhooks.md, Events).
import { randomUUID } from 'node:crypto';
import { events } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import type { EventType } from './event-types';

export type { EventType };

export interface NewEvent {
  type: EventType;
  data: object;
  workspaceId: string;
  linkId?: number | null;
}

export function newEventId(): string {
  return `evt_${randomUUID().replaceAll('-', '')}`;
}

export async function recordEvents(db: Db | Tx, list: NewEvent[]): Promise<void> {
  if (list.length === 0) return;
  await db.insert(events).values(list.map((e) => ({ id: newEventId(), type: e.type, data: e.data, workspaceId: e.workspaceId, linkId: e.linkId ?? null })));
}

export function recordEvent(db: Db | Tx, event: NewEvent): Promise<void> {
  return recordEvents(db, [event]);
}
