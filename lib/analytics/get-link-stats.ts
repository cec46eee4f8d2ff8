// A link's statistics in the DESIGN §4 shape. Today from raw clicks: total, unique visitors (IP +
// user agent), referrers and the time series; geography and devices stay empty until enrichment
// (issue 5) stores them.
import type { LinkRow } from '../../db/schema';
import type { Queryable } from '../db/types';
import { invalidField } from '../http/errors';
import { parseExpiration } from '../links/parse-expiration';

export const INTERVALS = ['hour', 'day', 'week'] as const;
export type Interval = (typeof INTERVALS)[number];

type Breakdown = Array<{ value: string; clicks: number }>;

export interface LinkStats {
  short_code: string;
  clicks: number;
  unique_visitors: number;
  countries: Breakdown;
  regions: Breakdown;
  cities: Breakdown;
  devices: Breakdown;
  browsers: Breakdown;
  operating_systems: Breakdown;
  referrers: Breakdown;
  timeseries: { interval: Interval; points: Array<{ t: string; clicks: number }> };
}

export interface StatsRange {
  interval: Interval;
  from: Date;
  to: Date;
}

const MAX_POINTS = 5000;

/** Reads interval/from/to query parameters (default: daily over the last 30 days). */
export function parseStatsRange(params: URLSearchParams): StatsRange {
  const interval = (params.get('interval') ?? 'day') as Interval;
  if (!INTERVALS.includes(interval)) throw invalidField('interval', 'The interval must be hour, day or week.');
  const to = params.get('to') ? parseExpiration(params.get('to'), 'to') : new Date();
  const from = params.get('from') ? parseExpiration(params.get('from'), 'from') : new Date(to.getTime() - 30 * 86_400_000);
  if (from.getTime() > to.getTime()) throw invalidField('from', '"from" must be before "to".');
  const step = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 }[interval];
  if ((to.getTime() - from.getTime()) / step > MAX_POINTS) {
    throw invalidField('interval', `That range has more than ${MAX_POINTS} ${interval}s; choose a larger interval or a shorter range.`);
  }
  return { interval, from, to };
}

export async function getLinkStats(db: Queryable, link: LinkRow, range: StatsRange): Promise<LinkStats> {
  const params = [link.id, range.from.toISOString(), range.to.toISOString()];
  const [totals, referrers, points] = await Promise.all([
    db.query<{ clicks: number; uniques: number }>(
      `SELECT count(*)::int AS clicks, count(DISTINCT (ip, user_agent))::int AS uniques
       FROM clicks WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at <= $3`,
      params,
    ),
    db.query<{ value: string; clicks: number }>(
      `SELECT coalesce(referrer, '(direct)') AS value, count(*)::int AS clicks
       FROM clicks WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at <= $3
       GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`,
      params,
    ),
    db.query<{ t: Date | string; clicks: number }>(
      `SELECT s.t, coalesce(c.n, 0)::int AS clicks
       FROM generate_series(date_trunc('${range.interval}', $2::timestamptz AT TIME ZONE 'UTC'),
                            date_trunc('${range.interval}', $3::timestamptz AT TIME ZONE 'UTC'),
                            interval '1 ${range.interval}') AS s(t)
       LEFT JOIN (SELECT date_trunc('${range.interval}', clicked_at AT TIME ZONE 'UTC') AS t, count(*) AS n
                  FROM clicks WHERE link_id = $1 AND clicked_at >= $2 AND clicked_at <= $3 GROUP BY 1) c USING (t)
       ORDER BY s.t`,
      params,
    ),
  ]);
  return {
    short_code: link.shortCode,
    clicks: totals[0]?.clicks ?? 0,
    unique_visitors: totals[0]?.uniques ?? 0,
    countries: [],
    regions: [],
    cities: [],
    devices: [],
    browsers: [],
    operating_systems: [],
    referrers: referrers.map((r) => ({ value: r.value, clicks: Number(r.clicks) })),
    timeseries: { interval: range.interval, points: points.map((p) => ({ t: utcIso(p.t), clicks: Number(p.clicks) })) },
  };
}

/** A `timestamp without time zone` holding UTC, as ISO 8601 with Z. */
function utcIso(t: Date | string): string {
  if (t instanceof Date) return new Date(t.getTime() - t.getTimezoneOffset() * 60_000).toISOString();
  return new Date(`${String(t).replace(' ', 'T')}Z`).toISOString();
}
