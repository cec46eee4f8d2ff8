// Raw clicks as CSV or JSON, streamed: one link's, or a workspace's (link after link, each
// oldest first, with link_id and short_code columns in front). Pages of rows are read by keyset on
// the click time and written as they come, so a million clicks never sit in memory and no
// transaction stays open (on PGlite one would hold up every writer).
import type { Queryable } from '../db/types';
import type { StatsScope } from './get-stats';
import { filtersSql, hasFilters, type StatsFilters } from './stats-filters';
import { TAGGED_LINKS } from '../links/tagged-links';
import { csvField } from '../core/csv-field';
import { workspaceLinksSql } from './scope-links-sql';
import { utmLinksSql } from './utm-sql';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = [
  'clicked_at',
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'referrer',
  'referrer_host',
  'trigger',
  'bot',
  'visitor',
  'user_agent',
  'ip',
  // Added after the others, so existing readers of the columns by position keep working.
  'rule_id',
  /** The privacy mode the click was recorded under (docs/guide/privacy.md); empty for older clicks. */
  'privacy',
] as const;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string | boolean | null>;

const PAGE = 2_000;

export interface ExportRange {
  linkId: number;
  from: Date;
  to: Date;
  /** The statistics' dimension filters (country, device, referrer, tag…): the export holds the clicks they count. */
  filters?: StatsFilters;
}

/**
 * What the statistics cover, the export covers too: one link (already checked to be the caller's;
 * the link export's columns), or a workspace's links, optionally one link or one member's (the
 * workspace export's columns, which start with the link).
 */
export type ExportScope = StatsScope;

const WORKSPACE_COLUMNS = ['link_id', 'short_code', ...EXPORT_COLUMNS] as const;

/** The links a workspace export walks through, in id order (ids only: cheap even for many links). */
async function* workspaceRows(
  db: Queryable,
  scope: Extract<ExportScope, { workspaceId: string }>,
  range: { from: Date; to: Date; filters?: StatsFilters },
): AsyncGenerator<Array<Record<string, unknown>>> {
  const params: unknown[] = [];
  let { where } = workspaceLinksSql(scope, (v) => `$${params.push(v)}`);
  // A tag narrows the links walked through (the clicks' own filter would say the same, link by link).
  if (scope.filters?.tag) where += ` AND ${TAGGED_LINKS} AND tags && $${params.push(scope.filters.tag)}::text[]`;
  // So do the UTM values of the destination (utm-sql.ts).
  if (scope.filters) where += utmLinksSql(scope.filters, (v) => `$${params.push(v)}`);
  const list = await db.query<{ id: number; short_code: string }>(`SELECT id, short_code FROM links WHERE ${where} ORDER BY id`, params);
  for (const link of list) {
    for await (const page of clickPages(db, { linkId: Number(link.id), ...range })) {
      yield page.map((row) => ({ link_id: Number(link.id), short_code: link.short_code, ...row }));
    }
  }
}

const COLUMNS_SQL = `to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS clicked_at, country, region, city,
  device, browser, os, referrer, referrer_host, trigger, bot, visitor, user_agent, ip, rule_id, privacy, clicks.clicked_at::text AS at_key`;

/**
 * Pages of click rows, oldest first. Each page continues in the index after the last time seen, so
 * it costs the same however deep the export is. Clicks have no unique column, so the rows sharing
 * a page's last time are left out of it and read whole by a second query before moving past it.
 */
async function* clickPages(db: Queryable, range: ExportRange): AsyncGenerator<Row[]> {
  const bounds: unknown[] = [range.linkId, range.from.toISOString(), range.to.toISOString()];
  // The same conditions the statistics put on raw clicks ($4 and on), so a filtered export holds what the page counts.
  const filtered = hasFilters(range.filters) ? filtersSql(range.filters, (v) => `$${bounds.push(v)}`, 'id = $1') : '';
  const afterParam = `$${bounds.length + 1}`;
  let after: string | undefined;
  for (;;) {
    const rows = await db.query<Row & { at_key: string }>(
      `SELECT ${COLUMNS_SQL} FROM clicks
       WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at <= $3${filtered} ${after ? `AND clicked_at > ${afterParam}::timestamptz` : ''}
       ORDER BY clicks.clicked_at -- qualified: the output column clicked_at is text
       LIMIT ${PAGE}`,
      after ? [...bounds, after] : bounds,
    );
    if (rows.length < PAGE) {
      if (rows.length > 0) yield rows;
      return;
    }
    const last = rows[rows.length - 1].at_key;
    yield rows.filter((r) => r.at_key !== last);
    yield await db.query<Row>(
      `SELECT ${COLUMNS_SQL} FROM clicks WHERE link_id = $1 AND clicked_at = ${afterParam}::timestamptz AND clicked_at >= $2 AND clicked_at <= $3${filtered}`,
      [...bounds, last],
    );
    after = last;
  }
}

/** The export as a byte stream that reads the next page only when the client has taken the last. */
export function exportClicks(db: Queryable, scope: ExportScope, range: { from: Date; to: Date }, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const columns: readonly string[] = 'workspaceId' in scope ? WORKSPACE_COLUMNS : EXPORT_COLUMNS;
  const pages: AsyncGenerator<Array<Record<string, unknown>>> =
    'workspaceId' in scope
      ? workspaceRows(db, scope, { ...range, filters: scope.filters })
      : clickPages(db, { linkId: scope.linkId, ...range, filters: scope.filters });
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format === 'csv' ? `${columns.join(',')}\r\n` : '['));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) {
        if (format === 'json') controller.enqueue(encoder.encode(first ? ']\n' : '\n]\n'));
        controller.close();
        return;
      }
      let text = '';
      for (const row of next.value) {
        if (format === 'csv') text += `${columns.map((c) => csvField(row[c] as string | boolean | null)).join(',')}\r\n`;
        else {
          text += `${first ? '\n' : ',\n'}${JSON.stringify(Object.fromEntries(columns.map((c) => [c, row[c]])))}`;
          first = false;
        }
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
}
