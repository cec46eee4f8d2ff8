// A filtered statistics query's counts from one read of the raw clicks (get-stats.ts): the total,
// every dimension's breakdown, the clicks per link and per UTC hour, grouped together with GROUPING
// SETS. Each of those was a statement of its own, and each read every click of the scope in the
// range to keep the ones the filter matches: at 10 million clicks, five reads of 10 million rows
// (docs/performance/2026-11-29-workspace-analytics.md).
import type { Queryable } from '../db/types';

/**
 * A raw click's value in each rollup dimension, as the rollups write it: '' when unknown, places
 * labelled "Munich, Bavaria, DE". Grouped by these values, clicks that read alike are one entry.
 */
export const DIMENSION_VALUES = {
  country: `coalesce(country, '')`,
  region: `CASE WHEN region IS NULL THEN '' ELSE concat_ws(', ', region, country) END`,
  city: `CASE WHEN city IS NULL THEN '' ELSE concat_ws(', ', city, region, country) END`,
  device: `coalesce(device, '')`,
  browser: `coalesce(browser, '')`,
  os: `coalesce(os, '')`,
  referrer: `coalesce(referrer_host, '')`,
  trigger: `coalesce(trigger, '')`,
  rule: `coalesce(rule_id, '')`,
} as const;
type Dim = keyof typeof DIMENSION_VALUES;
const DIMS = Object.keys(DIMENSION_VALUES) as Dim[];

/** The grouped columns, in GROUPING()'s order (its first argument is the highest bit); one set each, then the total. */
const COLUMNS = [...DIMS, 'link_id', 'h'] as const;
type Column = (typeof COLUMNS)[number];
/** GROUPING(all columns) of a row grouped by `column` alone: every bit set but its own. */
const maskOf = (column: Column) => (1 << COLUMNS.length) - 1 - (1 << (COLUMNS.length - 1 - COLUMNS.indexOf(column)));
const BY_MASK = new Map(COLUMNS.map((c) => [maskOf(c), c]));

type Row = { g: number; n: string | number } & Record<Column, string | number | Date | null>;

export interface FilteredCounts {
  clicks: number;
  /** (dim, value, clicks) as get-stats.ts's breakdowns take them (DIMENSION_VALUES). */
  dims: Array<{ dim: string; value: string; clicks: number }>;
  links: Array<{ linkId: number; n: number }>;
  /** Clicks per UTC hour (the hour's start). */
  hours: Array<{ hour: Date; n: number }>;
}

/** `where`: the clicks counted (get-stats.ts's scopeSql `clicks` and the range's whole hours), with its parameters. */
export async function filteredCounts(db: Queryable, where: string, params: unknown[]): Promise<FilteredCounts> {
  const values = DIMS.map((d) => `${DIMENSION_VALUES[d]} AS ${d}`).join(', ');
  const rows = await db.query<Row>(
    `SELECT GROUPING(${COLUMNS.join(', ')})::int AS g, ${COLUMNS.join(', ')}, count(*)::bigint AS n
     FROM (SELECT ${values}, link_id, date_trunc('hour', clicked_at, 'UTC') AS h FROM clicks WHERE ${where}) c
     GROUP BY GROUPING SETS (${COLUMNS.map((c) => `(${c})`).join(', ')}, ())`,
    params,
  );
  const out: FilteredCounts = { clicks: 0, dims: [], links: [], hours: [] };
  for (const row of rows) {
    const n = Number(row.n);
    const column = BY_MASK.get(Number(row.g));
    if (column === undefined)
      out.clicks = n; // the empty set: every column aggregated
    else if (column === 'link_id') out.links.push({ linkId: Number(row.link_id), n });
    else if (column === 'h') out.hours.push({ hour: new Date(row.h as Date | string), n });
    else out.dims.push({ dim: column, value: String(row[column]), clicks: n });
  }
  return out;
}
