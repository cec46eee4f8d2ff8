// Inserts a link in one statement, the creation's only round trip: the insert is guarded against a
// code that is another link's old code (link_aliases), writes its link.created event (a
// data-modifying CTE) and, when invalidations travel over PostgreSQL NOTIFY, sends the one that drops
// other instances' cached "unknown code" answer — all committing together or not at all. One
// statement is atomic without an interactive transaction, which matters on PGlite: its single
// connection serves every request, and a transaction held open across event-loop turns makes all
// other writers wait (link creation under load fell to a quarter).
//
// Plain SQL rather than Drizzle's builder: building and mapping the CTE cost more CPU per creation
// than the rest of the statement's handling, and every column but the id is known before the insert,
// so the statement returns only that (and the folder, which it reads within the link's workspace). On PostgreSQL it is a named prepared statement: planning this
// three-part CTE on every call cost PostgreSQL about as much as running it (pgbench: 1,059–1,242
// creations/s unnamed against 1,797–1,932 prepared; docs/performance/2026-11-28-creation.md).
import type { LinkRow } from '../../db/schema';
import type { Queryable } from '../db/types';
import type { DomainRegistry } from '../domains/domain-registry';
import { linkEvent } from './link-event';
import { newEventId } from '../events/record-event';

export type NewLink = Pick<
  LinkRow,
  'workspaceId' | 'createdBy' | 'domainId' | 'shortCode' | 'longUrl' | 'expiresAt' | 'passwordHash' | 'maxClicks' | 'status' | 'safetyReason'
> &
  Partial<
    Pick<
      LinkRow,
      | 'tags'
      | 'note'
      | 'forwardQuery'
      | 'rules'
      | 'startsAt'
      | 'expiredUrl'
      | 'countBots'
      | 'abTest'
      | 'iosUrl'
      | 'iosFallbackUrl'
      | 'androidUrl'
      | 'androidFallbackUrl'
      | 'publicStats'
      | 'publicStatsPasswordHash'
      | 'folderId'
    >
  >;

/** A NOTIFY to send with the insert (channel and payload), or none. */
export interface StatementNotify {
  channel: string;
  payload: string;
}

const INSERT = `WITH inserted AS (
  INSERT INTO links (workspace_id, created_by, domain_id, short_code, long_url, expires_at, password_hash, max_clicks, status, safety_reason, tags, note, forward_query, rules, starts_at, expired_url, count_bots, ab_test, ios_url, ios_fallback_url, android_url, android_fallback_url, public_stats, public_stats_password_hash, folder_id, created_at, updated_at)
  SELECT $1::text, $2::text, $3::int, $4::text, $5::text, $6::timestamptz, $7::text, $8::int, $9::text, $10::text, $11::text[], $12::text, $16::boolean, $17::jsonb, $18::timestamptz, $19::text, $20::boolean, $21::jsonb, $22::text, $23::text, $24::text, $25::text, $26::boolean, $27::text,
    -- The folder only when it is the link's workspace's (checked before; one deleted since: unfiled).
    (SELECT f.id FROM folders f WHERE f.id = $28::text AND f.workspace_id = $1::text), $13::timestamptz, $13::timestamptz
  WHERE NOT EXISTS (SELECT 1 FROM link_aliases WHERE domain_id = $3::int AND lower(code) = lower($4::text))
  RETURNING id, workspace_id, folder_id
), event AS (
  INSERT INTO events (id, type, occurred_at, workspace_id, link_id, data)
  SELECT $14::text, 'link.created', $13::timestamptz, workspace_id, id, $15::jsonb || jsonb_build_object('id', id) FROM inserted
)
SELECT id, folder_id`;
const INSERT_QUIET = `${INSERT} FROM inserted`;
// pg_notify in the select list runs once per inserted row: never when the guard held the insert back.
const INSERT_NOTIFY = `${INSERT}, pg_notify($29::text, $30::text) FROM inserted`;

/**
 * The new link, or undefined when its code is an old code of another link (nothing written, nothing
 * sent). A code taken by a current link throws the unique violation (23505).
 */
export async function insertLinkWithEvent(db: Queryable, link: NewLink, domains: DomainRegistry, notify?: StatementNotify): Promise<LinkRow | undefined> {
  const now = new Date();
  const draft: LinkRow = {
    id: 0,
    disabledReason: null,
    redirectStatus: 302,
    clicks: 0,
    botClicks: 0,
    archivedAt: null,
    ...link,
    folderId: link.folderId ?? null,
    tags: link.tags ?? [],
    note: link.note ?? null,
    forwardQuery: link.forwardQuery ?? true,
    rules: link.rules ?? [],
    startsAt: link.startsAt ?? null,
    expiredUrl: link.expiredUrl ?? null,
    countBots: link.countBots ?? false,
    abTest: link.abTest ?? null,
    iosUrl: link.iosUrl ?? null,
    iosFallbackUrl: link.iosFallbackUrl ?? null,
    androidUrl: link.androidUrl ?? null,
    androidFallbackUrl: link.androidFallbackUrl ?? null,
    publicStats: link.publicStats ?? false,
    publicStatsPasswordHash: link.publicStatsPasswordHash ?? null,
    createdAt: now,
    updatedAt: now,
  };
  // Everything in the event but the id the database assigns, which the statement adds.
  const { data } = linkEvent('link.created', draft, domains);
  const params: unknown[] = [
    draft.workspaceId,
    draft.createdBy,
    draft.domainId,
    draft.shortCode,
    draft.longUrl,
    draft.expiresAt,
    draft.passwordHash,
    draft.maxClicks,
    draft.status,
    draft.safetyReason,
    draft.tags,
    draft.note,
    now,
    newEventId(),
    JSON.stringify(data),
    draft.forwardQuery,
    JSON.stringify(draft.rules),
    draft.startsAt,
    draft.expiredUrl,
    draft.countBots,
    draft.abTest === null ? null : JSON.stringify(draft.abTest),
    draft.iosUrl,
    draft.iosFallbackUrl,
    draft.androidUrl,
    draft.androidFallbackUrl,
    draft.publicStats,
    draft.publicStatsPasswordHash,
    draft.folderId,
  ];
  if (notify) params.push(notify.channel, notify.payload);
  const [row] = notify
    ? await db.query<{ id: number | string | bigint; folder_id: string | null }>(INSERT_NOTIFY, params, { name: 'sling_insert_link_notify' })
    : await db.query<{ id: number | string | bigint; folder_id: string | null }>(INSERT_QUIET, params, { name: 'sling_insert_link' });
  return row ? { ...draft, id: Number(row.id), folderId: row.folder_id } : undefined;
}
