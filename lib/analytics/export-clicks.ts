// A link's raw clicks as CSV or JSON, streamed: pages of rows are read by keyset on the click time
// and written as they come, so a million clicks never sit in memory and no transaction stays open
// (on PGlite one would hold up every writer).
import type { Queryable } from '../db/types';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_COLUMNS = [
  'clicked_at', 'country', 'region', 'city', 'device', 'browser', 'os', 'referrer', 'referrer_host', 'trigger', 'bot', 'visitor', 'user_agent', 'ip',
] as const;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string | boolean | null>;

const PAGE = 2_000;

export interface ExportRange {
  linkId: number;
  from: Date;
  to: Date;
}

const COLUMNS_SQL = `to_char(clicked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS clicked_at, country, region, city,
  device, browser, os, referrer, referrer_host, trigger, bot, visitor, user_agent, ip, clicks.clicked_at::text AS at_key`;

/**
 * Pages of click rows, oldest first. Each page continues in the index after the last time seen, so
 * it costs the same however deep the export is. Clicks have no unique column, so the rows sharing
 * a page's last time are left out of it and read whole by a second query before moving past it.
 */
async function* clickPages(db: Queryable, range: ExportRange): AsyncGenerator<Row[]> {
  const bounds = [range.linkId, range.from.toISOString(), range.to.toISOString()];
  let after: string | undefined;
  for (;;) {
    const rows = await db.query<Row & { at_key: string }>(
      `SELECT ${COLUMNS_SQL} FROM clicks
       WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at <= $3 ${after ? 'AND clicked_at > $4::timestamptz' : ''}
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
    yield await db.query<Row>(`SELECT ${COLUMNS_SQL} FROM clicks WHERE link_id = $1 AND clicked_at = $2::timestamptz`, [range.linkId, last]);
    after = last;
  }
}

/** The export as a byte stream that reads the next page only when the client has taken the last. */
export function exportClicks(db: Queryable, range: ExportRange, format: ExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const pages = clickPages(db, range);
  let first = true;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format === 'csv' ? `${EXPORT_COLUMNS.join(',')}\r\n` : '['));
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
        if (format === 'csv') text += `${EXPORT_COLUMNS.map((c) => csvField(row[c])).join(',')}\r\n`;
        else {
          text += `${first ? '\n' : ',\n'}${JSON.stringify(Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, row[c]])))}`;
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

/** RFC 4180: quote fields holding a comma, quote or line break; double the quotes. */
export function csvField(value: string | boolean | null): string {
  if (value === null) return '';
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
