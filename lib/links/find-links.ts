// A workspace's links (within the caller's scope), optionally only one member's, searched by code or destination, filtered by status, tag and folder,
// archived ones left out unless asked for, sorted by creation time, clicks, short code or destination (newest or most first unless
// asked otherwise); with the total.
import { and, arrayContains, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { links, type LinkRow } from '../../db/schema';
import type { Db } from '../db/types';
import { TAGGED_LINKS } from './tagged-links';
import { processClock } from '../core/clock';

export const LINK_SORTS = ['created', 'clicks', 'code', 'destination'] as const;
/** exclude (default): not archived; include: both; only: the archived ones. */
export const LINK_ARCHIVED = ['exclude', 'include', 'only'] as const;
export const LINK_ORDERS = ['desc', 'asc'] as const;
/** What a visitor would get now: the stored status lags an expiry by up to a minute (the expiry job). */
export const LINK_STATUS_FILTERS = ['active', 'scheduled', 'expired', 'disabled', 'pending_review', 'blocked', 'protected'] as const;

export type LinkSort = (typeof LINK_SORTS)[number];
export type LinkOrder = (typeof LINK_ORDERS)[number];
export type LinkStatusFilter = (typeof LINK_STATUS_FILTERS)[number];
export type LinkArchived = (typeof LINK_ARCHIVED)[number];

export interface FindLinksOptions {
  /** linkScope(actor, 'read'): the workspace. */
  scope: SQL;
  /** Only the links this member created. */
  createdBy?: string;
  q?: string;
  sort?: LinkSort;
  order?: LinkOrder;
  status?: LinkStatusFilter;
  /** One normalised tag. */
  tag?: string;
  /** Only the links on this domain. */
  domainId?: number;
  /** A folder id: its links; 'none': the unfiled ones. */
  folder?: string;
  archived?: LinkArchived;
  limit: number;
  offset: number;
}

/** The visits a link's max_clicks goes by: people's clicks, and bots' too when it counts them. */
export const limitedClicks = sql`(${links.clicks} + CASE WHEN ${links.countBots} THEN ${links.botClicks} ELSE 0 END)`;

/** Run out by the process clock's time (lib/core/clock.ts), not the database's now(). */
const runOut = (now: Date) => sql`(${links.expiresAt} <= ${now} OR ${limitedClicks} >= ${links.maxClicks})`;

function statusWhere(status: LinkStatusFilter, now: Date): SQL {
  switch (status) {
    case 'active':
      return sql`(${links.status} = 'active' AND NOT coalesce(${runOut(now)}, false) AND NOT coalesce(${links.startsAt} > ${now}, false))`;
    case 'scheduled':
      return sql`(${links.status} = 'active' AND ${links.startsAt} > ${now} AND NOT coalesce(${runOut(now)}, false))`;
    case 'expired':
      return sql`(${links.status} = 'expired' OR (${links.status} = 'active' AND coalesce(${runOut(now)}, false)))`;
    case 'disabled':
      return sql`${links.status} = 'disabled'`;
    case 'pending_review':
      return sql`${links.status} = 'pending_review'`;
    case 'blocked':
      return sql`${links.status} = 'blocked'`;
    case 'protected':
      return isNotNull(links.passwordHash) as SQL;
  }
}

const SORT_COLUMNS: Record<LinkSort, SQL | typeof links.clicks> = {
  created: sql`${links.createdAt}`,
  clicks: links.clicks,
  // Codes are unique case-insensitively, so they sort that way too.
  code: sql`lower(${links.shortCode})`,
  // By what the list shows: the destination without its scheme.
  destination: sql`regexp_replace(${links.longUrl}, '^https?://', '', 'i')`,
};

/** The filter findLinks applies (its scope, member, search, status, tag, folder and archive options). */
export function linksWhere(opts: Omit<FindLinksOptions, 'sort' | 'order' | 'limit' | 'offset'>): SQL | undefined {
  const pattern = opts.q ? `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    opts.scope,
    opts.createdBy ? eq(links.createdBy, opts.createdBy) : undefined,
    // The note too: the words one wrote about a link are how one looks for it.
    pattern ? or(ilike(links.shortCode, pattern), ilike(links.longUrl, pattern), ilike(links.note, pattern)) : undefined,
    opts.status ? statusWhere(opts.status, processClock().now()) : undefined,
    opts.tag ? and(sql.raw(TAGGED_LINKS), arrayContains(links.tags, [opts.tag])) : undefined,
    opts.domainId === undefined ? undefined : eq(links.domainId, opts.domainId),
    opts.folder === undefined ? undefined : opts.folder === 'none' ? isNull(links.folderId) : eq(links.folderId, opts.folder),
    opts.archived === 'include' ? undefined : opts.archived === 'only' ? isNotNull(links.archivedAt) : isNull(links.archivedAt),
  );
}

export async function findLinks(db: Db, opts: FindLinksOptions): Promise<{ links: LinkRow[]; total: number }> {
  const where = linksWhere(opts);
  const dir = opts.order === 'asc' ? asc : desc;
  // The id breaks ties so paging never repeats or skips a row.
  const orderBy = [dir(SORT_COLUMNS[opts.sort ?? 'created']), dir(links.id)];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(links)
      .where(where)
      .orderBy(...orderBy)
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(links).where(where),
  ]);
  return { links: rows, total: Number(total) };
}
