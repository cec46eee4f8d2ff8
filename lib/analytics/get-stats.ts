// Statistics of a link or of a workspace's links (all, one member's, or one link) (docs/api/compatibility.md, the statistics shape), read from the hourly
// rollups; unique visitors from the per-day sketches and the raw clicks outside them (unique-visitors.ts). Bots
// are in neither count. Filtered by a dimension (clicks from France), every number comes from the
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

export type Breakdown = Array<{ value: string; clicks: number }>;
/** The most clicked links of a workspace: value is the link's id. */
export type LinkBreakdown = Array<{ value: string; short_code: string; clicks: number }>;

export interface Stats {
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

/**
 * SQL conditions for a scope and range: $1 (from), $2 (to), then the scope's own parameters.
 * `rollups` filters click_rollups (which carry the workspace), `clicks` the raw clicks (with the
 * dimension filters, which rollups cannot apply).
 */
export function scopeSql(scope: StatsScope, range: Pick<StatsRange, 'from' | 'to'>) {
  const params: unknown[] = [range.from.toISOString(), range.to.toISOString()];
  const p = (v: unknown) => `$${params.push(v)}`;
  let rollups: string;
  let clicks: string;
  if (!('workspaceId' in scope)) {
    rollups = clicks = `link_id = ${p(scope.linkId)}`;
  } else {
    const links = workspaceLinksSql(scope, p);
    const ids = `SELECT id FROM links WHERE ${links.where}`;
    rollups = links.narrowed ? `workspace_id = ${links.workspace} AND link_id IN (${ids})` : `workspace_id = ${links.workspace}`;
    clicks = `link_id IN (${ids})`;
  }
  if (hasFilters(scope.filters)) clicks += filtersSql(scope.filters, p);
  return {
    rollups,
    clicks,
    // Rollups are hourly: the range covers every hour it touches.
    hours: `hour >= date_trunc('hour', $1::timestamptz) AND hour <= $2::timestamptz`,
    params,
  };
}

/** The raw clicks a filtered query counts: not bots, in the whole hours the rollups would cover. */
const RAW_HOURS = `NOT bot AND clicked_at >= date_trunc('hour', $1::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', $2::timestamptz, 'UTC') + interval '1 hour'`;

/** A raw click's value in every rollup dimension ('' when unknown; places labelled as the rollups label them). */
const RAW_DIMENSIONS = `(VALUES ('country', coalesce(country, '')),
  ('region', CASE WHEN region IS NULL THEN '' ELSE concat_ws(', ', region, country) END),
  ('city', CASE WHEN city IS NULL THEN '' ELSE concat_ws(', ', city, region, country) END),
  ('device', coalesce(device, '')), ('browser', coalesce(browser, '')), ('os', coalesce(os, '')),
  ('referrer', coalesce(referrer_host, '')), ('trigger', coalesce(trigger, '')), ('rule', coalesce(rule_id, ''))) AS d(dim, value)`;

/** Clicks and unique visitors of a scope over a range (the headline numbers). */
export async function getTotals(
  db: Queryable,
  scope: StatsScope,
  range: Pick<StatsRange, 'from' | 'to'>,
): Promise<{ clicks: number; unique_visitors: number }> {
  const { rollups, clicks, hours, params } = scopeSql(scope, range);
  const [totals, uniques] = await Promise.all([
    hasFilters(scope.filters)
      ? db.query<{ clicks: number }>(`SELECT count(*)::bigint AS clicks FROM clicks WHERE ${clicks} AND ${RAW_HOURS}`, params)
      : db.query<{ clicks: number }>(`SELECT coalesce(sum(clicks), 0)::bigint AS clicks FROM click_rollups WHERE ${rollups} AND dim = '' AND ${hours}`, params),
    // The same whole hours as the clicks (the rollups' buckets), so both numbers cover one window:
    // with an instant as the end, a range ending at 23:00 counted the 23:00 hour's clicks but not its visitors.
    hasFilters(scope.filters)
      ? db
          .query<{ n: number }>(`SELECT count(DISTINCT visitor)::int AS n FROM clicks WHERE ${clicks} AND ${RAW_HOURS}`, params)
          .then((r) => Number(r[0]?.n ?? 0))
      : countUniqueVisitors(db, { sketches: rollups, clicks, params }, range),
  ]);
  return { clicks: Number(totals[0]?.clicks ?? 0), unique_visitors: uniques };
}

export async function getStats(db: Queryable, scope: StatsScope, range: StatsRange): Promise<Stats> {
  const { rollups, clicks, hours, params } = scopeSql(scope, range);
  const raw = hasFilters(scope.filters);
  const [totals, dims, points] = await Promise.all([
    getTotals(db, scope, range),
    raw
      ? db.query<{ dim: string; value: string; clicks: number }>(
          `SELECT d.dim, d.value, count(*)::bigint AS clicks FROM clicks, LATERAL ${RAW_DIMENSIONS} WHERE ${clicks} AND ${RAW_HOURS} GROUP BY 1, 2`,
          params,
        )
      : db.query<{ dim: string; value: string; clicks: number }>(
          `SELECT dim, value, sum(clicks)::bigint AS clicks FROM click_rollups WHERE ${rollups} AND dim <> '' AND ${hours} GROUP BY dim, value`,
          params,
        ),
    getSeries(db, scope, range),
  ]);
  const links = 'workspaceId' in scope ? await topLinks(db, scope, range, totals.clicks) : undefined;
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
    ...breakdowns,
    timeseries: { interval: range.interval, tz: range.tz, points },
    ...(links ? { links } : {}),
  };
}

/** A workspace's most clicked links in the range, then "(other)" for the clicks of the rest. */
async function topLinks(db: Queryable, scope: StatsScope, range: StatsRange, total: number): Promise<LinkBreakdown> {
  const { rollups, clicks, hours, params } = scopeSql(scope, range);
  const counts = hasFilters(scope.filters)
    ? `SELECT link_id, count(*) AS n FROM clicks WHERE ${clicks} AND ${RAW_HOURS} GROUP BY link_id`
    : `SELECT link_id, sum(clicks) AS n FROM click_rollups WHERE ${rollups} AND dim = '' AND ${hours} GROUP BY link_id`;
  const rows = await db.query<{ id: number; short_code: string; clicks: number }>(
    `SELECT l.id, l.short_code, c.n::bigint AS clicks FROM (${counts}) c JOIN links l ON l.id = c.link_id
     ORDER BY c.n DESC, l.id LIMIT ${TOP}`,
    params,
  );
  const top: LinkBreakdown = rows.map((r) => ({ value: String(r.id), short_code: r.short_code, clicks: Number(r.clicks) }));
  const rest = total - top.reduce((sum, r) => sum + r.clicks, 0);
  return rest > 0 ? [...top, { value: '(other)', short_code: '', clicks: rest }] : top;
}

export async function getLinkStats(
  db: Queryable,
  link: LinkRow,
  range: StatsRange,
  filters?: StatsFilters,
): Promise<Stats & { short_code: string; variants?: VariantStats[] }> {
  const scope = { linkId: link.id, filters };
  const [stats, variants] = await Promise.all([
    getStats(db, scope, range),
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

/** Clicks per hour, day or week (local to range.tz), every bucket present, zero when empty. */
export async function getSeries(db: Queryable, scope: StatsScope, range: StatsRange): Promise<Array<{ t: string; clicks: number }>> {
  const { rollups, clicks, hours, params } = scopeSql(scope, range);
  const interval = `$${params.length + 1}`;
  const tz = `$${params.length + 2}`;
  // Raw clicks go by the hour they fall in, as rollups do, so both bucket alike in any time zone.
  const counts = hasFilters(scope.filters)
    ? `SELECT date_trunc(${interval}, date_trunc('hour', clicked_at, 'UTC') AT TIME ZONE ${tz}) AS t, count(*) AS n
       FROM clicks WHERE ${clicks} AND ${RAW_HOURS} GROUP BY 1`
    : `SELECT date_trunc(${interval}, hour AT TIME ZONE ${tz}) AS t, sum(clicks) AS n
       FROM click_rollups WHERE ${rollups} AND dim = '' AND ${hours} GROUP BY 1`;
  const rows = await db.query<{ t: Date; clicks: number }>(
    `WITH buckets AS (
       SELECT generate_series(date_trunc(${interval}, $1::timestamptz AT TIME ZONE ${tz}), date_trunc(${interval}, $2::timestamptz AT TIME ZONE ${tz}),
                              ('1 ' || ${interval})::interval) AS t
     ), counts AS (${counts})
     SELECT b.t AT TIME ZONE ${tz} AS t, coalesce(c.n, 0)::bigint AS clicks FROM buckets b LEFT JOIN counts c USING (t) ORDER BY b.t`,
    [...params, range.interval, range.tz],
  );
  return rows.map((p) => ({ t: new Date(p.t).toISOString(), clicks: Number(p.clicks) }));
}
