// Inserts a link and its link.created event in one statement. One statement is atomic without an
// interactive transaction, which matters on PGlite: its single connection serves every request, and
// a transaction held open across event-loop turns makes all other writers wait (link creation under
// load fell to a quarter). On PostgreSQL it saves three round trips.
import { sql } from 'drizzle-orm';
import { events, links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import { linkEvent } from '../events/link-event';
import { newEventId } from '../events/record-event';

export type NewLink = Pick<typeof links.$inferInsert, 'workspaceId' | 'createdBy' | 'domainId' | 'shortCode' | 'longUrl' | 'expiresAt' | 'passwordHash' | 'maxClicks' | 'status' | 'safetyReason'> & Partial<Pick<typeof links.$inferInsert, 'tags' | 'note'>>;

export async function insertLinkWithEvent(db: Db, link: NewLink, domains: DomainRegistry): Promise<LinkRow> {
  const now = new Date();
  const values = { ...link, createdAt: now, updatedAt: now };
  // Everything in the event but the id the database assigns, which the statement adds.
  const draft: LinkRow = {
    id: 0, status: 'active', disabledReason: null, safetyReason: null, redirectStatus: 302, clicks: 0,
    createdBy: null, expiresAt: null, passwordHash: null, maxClicks: null, archivedAt: null, ...values, tags: values.tags ?? [], note: values.note ?? null,
  };
  const { type, data } = linkEvent('link.created', draft, domains);
  const inserted = db.$with('inserted').as(db.insert(links).values(values).returning());
  const event = db.$with('event', {}).as(
    sql`INSERT INTO ${events} (id, type, occurred_at, workspace_id, link_id, data)
        SELECT ${newEventId()}, ${type}, ${now}, inserted.workspace_id, inserted.id, ${JSON.stringify(data)}::jsonb || jsonb_build_object('id', inserted.id)
        FROM inserted`,
  );
  const [row] = await db.with(inserted, event).select().from(inserted);
  return row;
}
