// A filtered statistics query's counts from one read of the raw clicks (get-stats.ts): the total,
// every dimension's breakdown, the clicks per link and per UTC hour, grouped together with GROUPING
// SETS. Each of those was a statement of its own, and each read every click of the scope in the
// range to keep the ones the filter matches: at 10 million clicks, five reads of 10 million rows
// (docs/performance/2026-11-29-workspace-analytics.md).
import type { Queryable } from '../db/types';

/** The grouped columns, in GROUPING()'s order (its first argument is the highest bit). */
const COLUMNS = ['country', 'region', 'city', 'device', 'browser', 'os', 'referrer_host', 'trigger', 'rule_id', 'link_id', 'h'] as const;
type Column = (typeof COLUMNS)[number];

/** Each grouping set, and what its rows are. */
const SETS: Array<{ of: Column[]; dim?: string; kind?: 'link' | 'hour' | 'total' }> = [
  { of: ['country'], dim: 'country' },
  { of: ['region', 'country'], dim: 'region' },
  { of: ['city', 'region', 'country'], dim: 'city' },
  { of: ['device'], dim: 'device' },
  { of: ['browser'], dim: 'browser' },
  { of: ['os'], dim: 'os' },
  { of: ['referrer_host'], dim: 'referrer' },
  { of: ['trigger'], dim: 'trigger' },
  { of: ['rule_id'], dim: 'rule' },
  { of: ['link_id'], kind: 'link' },
  { of: ['h'], kind: 'hour' },
  { of: [], kind: 'total' },
];

/** GROUPING(all columns) of a row of the set: a 1 bit for each column the set does not group by. */
const maskOf = (of: Column[]) => COLUMNS.reduce((mask, c, i) => (of.includes(c) ? mask : mask | (1 << (COLUMNS.length - 1 - i))), 0);
const BY_MASK = new Map(SETS.map((s) => [maskOf(s.of), s]));

type Row = { g: number; n: string | number } & Record<Column, string | number | Date | null>;

export interface FilteredCounts {
  clicks: number;
  /** (dim, value, clicks) as get-stats.ts's breakdowns take them: '' for unknown, places labelled as the rollups label them. */
  dims: Array<{ dim: string; value: string; clicks: number }>;
  links: Array<{ linkId: number; n: number }>;
  /** Clicks per UTC hour (the hour's start). */
  hours: Array<{ hour: Date; n: number }>;
}

/**
 * `where`: the clicks counted (get-stats.ts's scopeSql `clicks` and the range's whole hours), with
 * its parameters. Places read as the rollups label them: "Munich, Bavaria, DE".
 */
export async function filteredCounts(db: Queryable, where: string, params: unknown[]): Promise<FilteredCounts> {
  const rows = await db.query<Row>(
    `SELECT GROUPING(${COLUMNS.join(', ')})::int AS g, ${COLUMNS.join(', ')}, count(*)::bigint AS n
     FROM (SELECT *, date_trunc('hour', clicked_at, 'UTC') AS h FROM clicks WHERE ${where}) c
     GROUP BY GROUPING SETS (${SETS.map((s) => `(${s.of.join(', ')})`).join(', ')})`,
    params,
  );
  const out: FilteredCounts = { clicks: 0, dims: [], links: [], hours: [] };
  // Rows that read alike are one entry (no country and an empty one; a region unknown in two countries).
  const dims = new Map<string, { dim: string; value: string; clicks: number }>();
  for (const row of rows) {
    const set = BY_MASK.get(Number(row.g));
    const n = Number(row.n);
    if (set === undefined) continue;
    if (set.kind === 'total') out.clicks = n;
    else if (set.kind === 'link') out.links.push({ linkId: Number(row.link_id), n });
    else if (set.kind === 'hour') out.hours.push({ hour: new Date(row.h as Date | string), n });
    else {
      const value = label(set.dim!, row);
      const key = `${set.dim}\n${value}`;
      const entry = dims.get(key);
      if (entry) entry.clicks += n;
      else dims.set(key, { dim: set.dim!, value, clicks: n });
    }
  }
  out.dims = [...dims.values()];
  return out;
}

/** A row's value in its dimension, as RAW_DIMENSIONS (get-stats.ts) and the rollups write it. */
function label(dim: string, row: Row): string {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const joined = (...parts: unknown[]) =>
    parts
      .filter((p) => p !== null && p !== undefined)
      .map(String)
      .join(', ');
  switch (dim) {
    case 'region':
      return row.region === null ? '' : joined(row.region, row.country);
    case 'city':
      return row.city === null ? '' : joined(row.city, row.region, row.country);
    case 'referrer':
      return text(row.referrer_host);
    case 'rule':
      return text(row.rule_id);
    default:
      return text(row[dim as Column]);
  }
}
