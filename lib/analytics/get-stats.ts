// Statistics of a link or of a workspace's links (all, one member's, or one link) (docs/api/compatibility.md, the statistics shape), read from the hourly
// rollups (a whole workspace's from workspace_rollups, its links' summed; the clicks per link from the
// per-link ones); unique visitors from the per-day sketches and the raw clicks outside them (unique-visitors.ts). Bots
// are in neither count, but beside them (bot-visits.ts); a link with count_bots has its bots' visits
// added to its clicks from the raw clicks, when read, as its click limit does (docs/guide/analytics.md,
// "Bots and link previews"). Filtered by a dimension (clicks from France), every number comes from the
// raw clicks instead: a rollup counts one dimension at a time, so it cannot say which French
// clicks came from phones. Raw clicks are read over the same whole hours the rollups cover, so a
// filter's numbers add up to the unfiltered ones.
import type { LinkRow } from '../../db/schema';
import type { Queryable } from '../db/types';
import { filtersSql, hasFilters, type StatsFilters } from './stats-filters';
import type { Interval, StatsRange } from './stats-range';
import { countUniqueVisitors } from './unique-visitors';
import { workspaceLinksSql } from './scope-links-sql';
import { getVariantStats, type VariantStats } from './variant-stats';
import { getBotVisits, type BotVisits } from './bot-visits';
import { UTM_BREAKDOWNS, utmHexSql, utmValueOfHex, type UtmName } from './utm-sql';
import { DIMENSION_VALUES, filteredCounts, type FilteredCounts } from './filtered-counts';

export type Breakdown = Array<{ value: string; clicks: number }>;
/** The most clicked links of a workspace: value is the link's id. */
export type LinkBreakdown = Array<{ value: string; short_code: string; clicks: number }>;

export interface Stats extends Partial<BotVisits> {
  clicks: number;
  unique_visitors: number;
  countries: Breakdown;
  regions: Breakdown;
  cities: Breakdown;
  devices: Breakdown;
  browsers: Breakdown;
  operating_systems: Breakdown;
  referrers: Breakdown;
  triggers: Breakdown;
  /** Clicks per routing rule id (lib/link-rules): only those a rule sent on; the rest went to the link's url. */
  rules: Breakdown;
  /** Clicks by the UTM values of the clicked links' destinations ("(none)" without one); not on public stats pages. */
  utm_source?: Breakdown;
  utm_medium?: Breakdown;
  utm_campaign?: Breakdown;
  timeseries: { interval: Interval; tz: string; points: Array<{ t: string; clicks: number }> };
  /** Workspace statistics only: the top links (the rest summed as "(other)"), each a filter by link_id. */
  links?: LinkBreakdown;
}

/** One link (already checked to be in the caller's workspace), or a workspace with optional filters. */
export type StatsScope = ({ linkId: number } | { workspaceId: string; linkId?: number; createdBy?: string }) & { filters?: StatsFilters };

/** Breakdown name → rollup dimension. */
const BREAKDOWNS = {
  countries: 'country',
  regions: 'region',
  cities: 'city',
  devices: 'device',
  browsers: 'browser',
  operating_systems: 'os',
  referrers: 'referrer',
  triggers: 'trigger',
  rules: 'rule',
} as const;

/** Entries shown per breakdown; the rest are summed into "(other)". */
const TOP = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * SQL conditions for a scope and range: $1 (from), $2 (to), then the scope's own parameters.
 * `rollups` filters click_rollups (which carry the workspace), `clicks` the raw clicks (with the
 * dimension filters, which rollups cannot apply).
 */
export function scopeSql(scope: StatsScope, range: Pick<StatsRange, 'from' | 'to'>) {
  const params: unknown[] = [range.from.toISOString(), range.to.toISOString()];
  const p = (v: unknown) => `$${params.push(v)}`;
  let rollups: string;
  /** Where the scope's hourly counts are: a whole workspace's summed in workspace_rollups. */
  let table = 'click_rollups';
  /** A whole workspace's id placeholder, for its workspace sketches. */
  let workspaceParam: string | undefined;
  /** The scope as a condition on links (for the filters on a link's own properties). */
  let links: string;
  /** The scope's clicks, bots or not (before the filters). */
  let visits: string;
  if (!('workspaceId' in scope)) {
    const id = p(scope.linkId);
    rollups = visits = `link_id = ${id}`;
    links = `id = ${id}`;
  } else {
    const workspace = workspaceLinksSql(scope, p);
    const ids = `SELECT id FROM links WHERE ${workspace.where}`;
    rollups = workspace.narrowed ? `workspace_id = ${workspace.workspace} AND link_id IN (${ids})` : `workspace_id = ${workspace.workspace}`;
    if (!workspace.narrowed) [table, workspaceParam] = ['workspace_rollups', workspace.workspace];
    visits = `link_id IN (${ids})`;
    links = workspace.where;
  }
  if (hasFilters(scope.filters)) visits += filtersSql(scope.filters, p, links);
  /** The clicks of the scope's links that count bots (count_bots). */
  const counted = `link_id IN (SELECT id FROM links WHERE ${links} AND count_bots)`;
  return {
    rollups,
    table,
    workspace: workspaceParam,
    /** The raw clicks counted: people's, and bots' of a link that counts them. */
    clicks: `${visits} AND (NOT bot OR ${counted})`,
    visits,
    /** What raw clicks add to the rollups: the bots' visits of links that count them. */
    countedBots: `bot AND ${counted} AND ${RAW_HOURS}`,
    counted,
    /** The range's whole hours on raw clicks. */
    rawHours: RAW_HOURS,
    // Rollups are hourly: the range covers every hour it touches.
    hours: `hour >= date_trunc('hour', $1::timestamptz) AND hour <= $2::timestamptz`,
    params,
  };
}

/** The raw clicks a query counts: in the whole hours the rollups would cover. */
const RAW_HOURS = `clicked_at >= date_trunc('hour', $1::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', $2::timestamptz, 'UTC') + interval '1 hour'`;

/** A raw click's value in every rollup dimension, one row each (filtered-counts.ts's DIMENSION_VALUES). */
const RAW_DIMENSIONS = `(VALUES ${Object.entries(DIMENSION_VALUES)
  .map(([dim, value]) => `('${dim}', ${value})`)
  .join(', ')}) AS d(dim, value)`;

/** Clicks and unique visitors of a scope over a range (the headline numbers). */
export async function getTotals(
  db: Queryable,
  scope: StatsScope,
  range: Pick<StatsRange, 'from' | 'to'>,
): Promise<{ clicks: number; unique_visitors: number }> {
  const { rollups, table, workspace, clicks, countedBots, hours, params } = scopeSql(scope, range);
  const [totals, uniques] = await Promise.all([
    hasFilters(scope.filters)
      ? db.query<{ clicks: number }>(`SELECT count(*)::bigint AS clicks FROM clicks WHERE ${clicks} AND ${RAW_HOURS}`, params)
      : db.query<{ clicks: number }>(
          `SELECT ((SELECT coalesce(sum(clicks), 0) FROM ${table} WHERE ${rollups} AND dim = '' AND ${hours})
                 + (SELECT count(*) FROM clicks WHERE ${countedBots}))::bigint AS clicks`,
          params,
        ),
    // The same whole hours as the clicks (the rollups' buckets), so both numbers cover one window:
    // with an instant as the end, a range ending at 23:00 counted the 23:00 hour's clicks but not its visitors.
    hasFilters(scope.filters) ? rawUniqueVisitors(db, clicks, params) : countUniqueVisitors(db, { sketches: rollups, clicks, params, workspace }, range),
  ]);
  return { clicks: Number(totals[0]?.clicks ?? 0), unique_visitors: uniques };
}

/** Unique visitors among raw clicks: people only, as unfiltered (unique-visitors.ts): a count_bots link's bots are clicks, never visitors. */
async function rawUniqueVisitors(db: Queryable, clicks: string, params: unknown[]): Promise<number> {
  const rows = await db.query<{ n: number }>(`SELECT count(DISTINCT visitor)::int AS n FROM clicks WHERE ${clicks} AND NOT bot AND ${RAW_HOURS}`, params);
  return Number(rows[0]?.n ?? 0);
}

/** `utm: false` leaves the UTM breakdowns out (a public stats page, which never shows them). */
export async function getStats(
  db: Queryable,
  scope: StatsScope,
  range: StatsRange,
  { utm: withUtm = true, bots: withBots = true }: { utm?: boolean; bots?: boolean } = {},
): Promise<Stats> {
  const { rollups, table, clicks, visits, counted, countedBots, hours, params } = scopeSql(scope, range);
  // Filtered, the counts come from one read of the matching raw clicks (filtered-counts.ts), the
  // unique visitors and the bots from their own.
  const raw: Promise<FilteredCounts> | undefined = hasFilters(scope.filters) ? filteredCounts(db, `${clicks} AND ${RAW_HOURS}`, params) : undefined;
  const byLinkWanted = withUtm || 'workspaceId' in scope;
  const [totals, dims, points, byLink, bots] = await Promise.all([
    raw
      ? Promise.all([raw, rawUniqueVisitors(db, clicks, params)]).then(([c, unique_visitors]) => ({ clicks: c.clicks, unique_visitors }))
      : getTotals(db, scope, range),
    raw
      ? raw.then((c) => c.dims)
      : db.query<{ dim: string; value: string; clicks: number }>(
          `SELECT dim, value, sum(n)::bigint AS clicks FROM (
             SELECT dim, value, clicks AS n FROM ${table} WHERE ${rollups} AND dim = ANY('{${Object.values(BREAKDOWNS)}}'::text[]) AND ${hours}
             UNION ALL SELECT d.dim, d.value, 1 FROM clicks, LATERAL ${RAW_DIMENSIONS} WHERE ${countedBots}
           ) x GROUP BY dim, value HAVING sum(n) > 0`,
          params,
        ),
    raw ? raw.then((c) => getSeries(db, scope, range, c.hours)) : getSeries(db, scope, range),
    byLinkWanted ? (raw ? raw.then((c) => clicksByLink(db, scope, range, withUtm, c.links)) : clicksByLink(db, scope, range, withUtm)) : undefined,
    withBots ? getBotVisits(db, { visits, counted, hours: RAW_HOURS, params }) : undefined,
  ]);
  const utm = withUtm && byLink ? utmBreakdowns(byLink) : undefined;
  const links = 'workspaceId' in scope && byLink ? topLinks(byLink, totals.clicks) : undefined;
  const breakdowns = Object.fromEntries(
    Object.entries(BREAKDOWNS).map(([name, dim]) => [
      name,
      breakdown(
        // The rules' rollups hold only the clicks a rule chose; raw clicks without one are left out alike.
        dims.filter((d) => d.dim === dim && !(dim === 'rule' && d.value === '')),
        dim,
      ),
    ]),
  ) as Record<keyof typeof BREAKDOWNS, Breakdown>;
  return {
    ...totals,
    ...bots,
    ...breakdowns,
    ...utm,
    timeseries: { interval: range.interval, tz: range.tz, points },
    ...(links ? { links } : {}),
  };
}

/** A link with clicks in the range: its clicks, and (when asked) the hex of its destination's UTM values (utm-sql.ts). */
type LinkClicks = { id: number; short_code: string; n: number; hex?: Partial<Record<UtmName, string | null>> };

/**
 * The clicks of each link in the range (rollup totals, or `counted` from the raw clicks when filtered), with what the
 * top links and the UTM breakdowns need of the link: one statement serves both.
 */
async function clicksByLink(db: Queryable, scope: StatsScope, range: StatsRange, withUtm: boolean, counted?: FilteredCounts['links']): Promise<LinkClicks[]> {
  const sql = scopeSql(scope, range);
  const params = counted ? [counted.map((c) => c.linkId), counted.map((c) => c.n)] : sql.params;
  const counts = counted ? 'SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS c(link_id, n)' : clicksPerLink(sql, range);
  const utm = withUtm ? UTM_BREAKDOWNS.map((name) => `, ${utmHexSql(name, 'l.long_url')} AS ${name}`).join('') : '';
  const rows = await db.query<{ id: number; short_code: string; n: number } & Partial<Record<UtmName, string | null>>>(
    `SELECT l.id, l.short_code, c.n::bigint AS n${utm} FROM (${counts}) c JOIN links l ON l.id = c.link_id`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    short_code: r.short_code,
    n: Number(r.n),
    ...(withUtm ? { hex: Object.fromEntries(UTM_BREAKDOWNS.map((name) => [name, r[name] ?? null])) } : {}),
  }));
}

/** Clicks by the UTM values of the clicked links' destinations; different encodings of one value (%20 and +) are one row. */
function utmBreakdowns(byLink: LinkClicks[]): Record<UtmName, Breakdown> {
  return Object.fromEntries(
    UTM_BREAKDOWNS.map((name) => {
      const sums = new Map<string, number>();
      for (const link of byLink) {
        const value = utmValueOfHex(link.hex?.[name] ?? null);
        sums.set(value, (sums.get(value) ?? 0) + link.n);
      }
      return [
        name,
        breakdown(
          [...sums].map(([value, n]) => ({ value, clicks: n })),
          name,
        ),
      ];
    }),
  ) as Record<UtmName, Breakdown>;
}

/**
 * Clicks per link (link_id, n), unfiltered: the rollups plus the bots of links that count them. A whole workspace's whole UTC days come from its daily per-link rows
 * (workspace_rollups, dim 'link'); only the hours before the first and after the last from the
 * hourly per-link rollups. Adds its own parameters to `sql.params`.
 */
function clicksPerLink(sql: ReturnType<typeof scopeSql>, range: Pick<StatsRange, 'from' | 'to'>): string {
  const bots = `UNION ALL SELECT link_id, 1 FROM clicks WHERE ${sql.countedBots}`;
  const start = Math.floor(range.from.getTime() / HOUR) * HOUR;
  const end = Math.floor(range.to.getTime() / HOUR) * HOUR + HOUR; // exclusive
  const [firstDay, lastDay] = [Math.ceil(start / DAY) * DAY, Math.floor(end / DAY) * DAY];
  if (sql.table !== 'workspace_rollups' || firstDay >= lastDay) {
    return `SELECT link_id, sum(n) AS n FROM (
         SELECT link_id, clicks AS n FROM click_rollups WHERE ${sql.rollups} AND dim = '' AND ${sql.hours} ${bots}
       ) x GROUP BY link_id`;
  }
  const p = (ms: number) => `$${sql.params.push(new Date(ms).toISOString())}::timestamptz`;
  return `SELECT link_id, sum(n) AS n FROM (
       SELECT value::bigint AS link_id, clicks AS n FROM workspace_rollups WHERE ${sql.rollups} AND dim = 'link' AND hour >= ${p(firstDay)} AND hour < ${p(lastDay)}
       UNION ALL SELECT link_id, clicks FROM click_rollups WHERE ${sql.rollups} AND dim = ''
         AND (hour >= ${p(start)} AND hour < ${p(firstDay)} OR hour >= ${p(lastDay)} AND hour < ${p(end)}) ${bots}
     ) x GROUP BY link_id`;
}

/** A workspace's most clicked links in the range, then "(other)" for the clicks of the rest. */
function topLinks(byLink: LinkClicks[], total: number): LinkBreakdown {
  const top: LinkBreakdown = [...byLink]
    .sort((a, b) => b.n - a.n || a.id - b.id)
    .slice(0, TOP)
    .map((r) => ({ value: String(r.id), short_code: r.short_code, clicks: r.n }));
  const rest = total - top.reduce((sum, r) => sum + r.clicks, 0);
  return rest > 0 ? [...top, { value: '(other)', short_code: '', clicks: rest }] : top;
}

export async function getLinkStats(
  db: Queryable,
  link: LinkRow,
  range: StatsRange,
  filters?: StatsFilters,
  options: { utm?: boolean; bots?: boolean } = {},
): Promise<Stats & { short_code: string; variants?: VariantStats[] }> {
  const scope = { linkId: link.id, filters };
  const [stats, variants] = await Promise.all([
    getStats(db, scope, range, options),
    link.abTest ? getVariantStats(db, link.id, link.abTest, scopeSql(scope, range)) : undefined,
  ]);
  return { short_code: link.shortCode, ...stats, ...(variants ? { variants } : {}) };
}

/** Sorted by clicks (then value), the top entries, then "(other)" for the rest. */
function breakdown(rows: Array<{ value: string; clicks: number }>, dim: string): Breakdown {
  const sorted = rows
    .map((r) => ({ value: r.value === '' ? (dim === 'referrer' ? '(direct)' : '(unknown)') : r.value, clicks: Number(r.clicks) }))
    .sort((a, b) => b.clicks - a.clicks || a.value.localeCompare(b.value));
  if (sorted.length <= TOP + 1) return sorted;
  const other = sorted.slice(TOP).reduce((sum, r) => sum + r.clicks, 0);
  return [...sorted.slice(0, TOP), { value: '(other)', clicks: other }];
}

/**
 * Clicks per hour, day or week (local to range.tz), every bucket present, zero when empty. `counted`:
 * the clicks per UTC hour, already counted (a filtered query's, filtered-counts.ts).
 */
export async function getSeries(
  db: Queryable,
  scope: StatsScope,
  range: StatsRange,
  counted?: FilteredCounts['hours'],
): Promise<Array<{ t: string; clicks: number }>> {
  const { rollups, table, clicks, countedBots, hours, params: scoped } = scopeSql(scope, range);
  // Counted already, the statement takes only the range ($1, $2): a parameter it never uses has no type.
  const params = counted ? scoped.slice(0, 2) : scoped;
  const interval = `$${params.length + 1}`;
  const tz = `$${params.length + 2}`;
  const [at, n] = [`$${params.length + 3}`, `$${params.length + 4}`];
  // Raw clicks go by the hour they fall in, as rollups do, so both bucket alike in any time zone.
  const counts = counted
    ? `SELECT date_trunc(${interval}, h AT TIME ZONE ${tz}) AS t, sum(n) AS n FROM unnest(${at}::timestamptz[], ${n}::bigint[]) AS x(h, n) GROUP BY 1`
    : hasFilters(scope.filters)
      ? `SELECT date_trunc(${interval}, date_trunc('hour', clicked_at, 'UTC') AT TIME ZONE ${tz}) AS t, count(*) AS n
       FROM clicks WHERE ${clicks} AND ${RAW_HOURS} GROUP BY 1`
      : `SELECT date_trunc(${interval}, h AT TIME ZONE ${tz}) AS t, sum(n) AS n FROM (
         SELECT hour AS h, clicks AS n FROM ${table} WHERE ${rollups} AND dim = '' AND ${hours}
         UNION ALL SELECT date_trunc('hour', clicked_at, 'UTC'), 1 FROM clicks WHERE ${countedBots}
       ) x GROUP BY 1`;
  const rows = await db.query<{ t: Date; clicks: number }>(
    `WITH buckets AS (
       SELECT generate_series(date_trunc(${interval}, $1::timestamptz AT TIME ZONE ${tz}), date_trunc(${interval}, $2::timestamptz AT TIME ZONE ${tz}),
                              ('1 ' || ${interval})::interval) AS t
     ), counts AS (${counts})
     SELECT b.t AT TIME ZONE ${tz} AS t, coalesce(c.n, 0)::bigint AS clicks FROM buckets b LEFT JOIN counts c USING (t) ORDER BY b.t`,
    [...params, range.interval, range.tz, ...(counted ? [counted.map((c) => c.hour.toISOString()), counted.map((c) => c.n)] : [])],
  );
  return rows.map((p) => ({ t: new Date(p.t).toISOString(), clicks: Number(p.clicks) }));
}
