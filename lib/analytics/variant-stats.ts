// A link's A/B test in its statistics: per variant, the clicks and unique visitors of the range (from
// the raw clicks, which carry the variant; bots left out, the statistics' filters applied) and the
// conversions reported so far (link_conversions). In the test's order, every variant present.
import type { LinkAbTestJson } from '../../db/schema';
import type { Queryable } from '../db/types';

export interface VariantStats {
  value: string;
  url: string;
  weight: number;
  clicks: number;
  unique_visitors: number;
  conversions: number;
}

const RAW_RANGE = `NOT bot AND clicked_at >= date_trunc('hour', $1::timestamptz, 'UTC') AND clicked_at < date_trunc('hour', $2::timestamptz, 'UTC') + interval '1 hour'`;

/** `raw`: the link statistics' raw-click condition and its parameters ($1 from, $2 to; scopeSql in get-stats.ts). */
export async function getVariantStats(
  db: Queryable,
  linkId: number,
  test: LinkAbTestJson,
  raw: { clicks: string; params: unknown[] },
): Promise<VariantStats[]> {
  const { clicks, params } = raw;
  const [counts, conversions] = await Promise.all([
    db.query<{ variant_id: string; clicks: number; visitors: number }>(
      `SELECT variant_id, count(*)::int AS clicks, count(DISTINCT visitor)::int AS visitors FROM clicks
       WHERE ${clicks} AND variant_id IS NOT NULL AND ${RAW_RANGE} GROUP BY variant_id`,
      params,
    ),
    db.query<{ variant_id: string; conversions: number }>('SELECT variant_id, conversions::int AS conversions FROM link_conversions WHERE link_id = $1', [
      linkId,
    ]),
  ]);
  return test.variants.map((v) => {
    const c = counts.find((r) => r.variant_id === v.id);
    return {
      value: v.id,
      url: v.url,
      weight: v.weight,
      clicks: Number(c?.clicks ?? 0),
      unique_visitors: Number(c?.visitors ?? 0),
      conversions: Number(conversions.find((r) => r.variant_id === v.id)?.conversions ?? 0),
    };
  });
}
