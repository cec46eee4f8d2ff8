// The counted side of clicks: hourly rollups per link and dimension, the same summed per workspace
// (workspace_rollups, for workspace-wide statistics), and each link's counter. They
// are summed here, in memory, over as many written batches as the writer lets them wait (see
// write-clicks.ts), then written in one statement: under load a link's few hundred clicks a second
// become a few dozen rollup upserts and one counter update instead of one per batch.
// The same statement records link.milestone for each milestone a counter passes: the UPDATE returns
// the new count and what it added, so `old < m <= new` picks each milestone in exactly one write
// however many writers race (the row lock orders them), and the event id (from link and milestone)
// makes a second one impossible anyway.
import type { EnrichedClick } from '../analytics/enrich-click';
import type { Queryable } from '../db/types';

const SQL = `
WITH dict AS (SELECT $1::text[] AS d),
live AS (SELECT id, workspace_id FROM links WHERE id = ANY($6::bigint[])),
roll AS (
  INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
  SELECT r.link_id, live.workspace_id, to_timestamp(r.ms / 1000.0), coalesce(d[r.dim], ''), coalesce(d[r.value], ''), r.n
  FROM unnest($2::bigint[], $3::float8[], $4::int[], $5::int[], $8::int[]) AS r(link_id, ms, dim, value, n)
  JOIN live ON live.id = r.link_id, dict
  ON CONFLICT (link_id, dim, hour, value) DO UPDATE SET clicks = click_rollups.clicks + EXCLUDED.clicks
),
workspace_roll AS (
  INSERT INTO workspace_rollups (workspace_id, hour, dim, value, clicks)
  SELECT live.workspace_id, to_timestamp(r.ms / 1000.0), coalesce(d[r.dim], ''), coalesce(d[r.value], ''), sum(r.n)
  FROM unnest($2::bigint[], $3::float8[], $4::int[], $5::int[], $8::int[]) AS r(link_id, ms, dim, value, n)
  JOIN live ON live.id = r.link_id, dict
  GROUP BY 1, 2, 3, 4
  UNION ALL -- each link's total per UTC day
  SELECT live.workspace_id, date_trunc('day', to_timestamp(r.ms / 1000.0), 'UTC'), 'link', r.link_id::text, sum(r.n)
  FROM unnest($2::bigint[], $3::float8[], $4::int[], $8::int[]) AS r(link_id, ms, dim, n)
  JOIN live ON live.id = r.link_id
  WHERE r.dim = 0 GROUP BY 1, 2, 4
  ORDER BY 1, 3, 2, 4
  ON CONFLICT (workspace_id, dim, hour, value) DO UPDATE SET clicks = workspace_rollups.clicks + EXCLUDED.clicks
),
counted AS (
  UPDATE links SET clicks = links.clicks + c.n, bot_clicks = links.bot_clicks + c.b
  FROM unnest($6::bigint[], $7::int[], $9::int[]) AS c(id, n, b)
  WHERE links.id = c.id
  RETURNING links.id, links.workspace_id, links.domain_id, links.short_code, links.long_url, links.clicks, c.n
)
INSERT INTO events (id, type, workspace_id, link_id, data)
SELECT 'evt_' || md5('link.milestone:' || k.id || ':' || m), 'link.milestone', k.workspace_id, k.id,
       jsonb_build_object('link', jsonb_build_object('id', k.id, 'short_code', k.short_code,
           'short_url', CASE WHEN d.is_default THEN coalesce($10::text, 'https://' || d.hostname) ELSE 'https://' || d.hostname END || '/' || k.short_code,
           'long_url', k.long_url),
         'milestone', m, 'clicks', k.clicks)
FROM counted k
JOIN unnest($11::int[]) AS ms(m) ON k.clicks - k.n < m AND m <= k.clicks
JOIN domains d ON d.id = k.domain_id
ON CONFLICT (id) DO NOTHING`;

/** Counted clicks at which a link sends link.milestone, once each (docs/api/webhook-events.md). */
export const CLICK_MILESTONES = [100, 1_000, 10_000, 100_000, 1_000_000] as const;

const HOUR = 3_600_000;
/** The rollup dimensions besides the total ('', index 0). */
const DIMENSIONS = ['country', 'region', 'city', 'device', 'browser', 'os', 'referrer', 'trigger', 'rule'] as const;

/** What a click is counted under. */
export type TalliedClick = Pick<
  EnrichedClick,
  'linkId' | 'at' | 'bot' | 'country' | 'regionLabel' | 'cityLabel' | 'device' | 'browser' | 'os' | 'referrerHost' | 'trigger' | 'rule'
>;

/** Per link: per hour (epoch ms): per (value index × 16 + dimension index): clicks. */
type Counts = Map<number, Map<number, Map<number, number>>>;

export interface ClickTalliesOptions {
  /** BASE_URL, for the short URLs of default-domain links in milestone events (default: https:// and the default domain's name). */
  baseUrl?: string;
}

export class ClickTallies {
  constructor(private readonly opts: ClickTalliesOptions = {}) {}
  private counts: Counts = new Map();
  private perLink = new Map<number, number>();
  /** Bots' visits per link: in no rollup, only in links.bot_clicks (a count_bots link's limit). */
  private botsPerLink = new Map<number, number>();
  private dict = new Dictionary();
  private dims = DIMENSIONS.map((d) => this.dict.index(d));
  /** Clicks counted and not yet written. */
  clicks = 0;
  /** Bots' visits counted and not yet written. */
  bots = 0;
  /** Rollup rows waiting (what one write will upsert). */
  rows = 0;
  /** When the oldest unwritten count was added (ms), or 0. */
  since = 0;

  /** Counts a batch's clicks (bots are kept in the raw rows, never counted). */
  add(clicks: EnrichedClick[]) {
    for (const c of clicks) this.count(c, 1);
  }

  /** Counts `n` clicks alike (a recount's rows grouped by every counted column, recount-clicks.ts). */
  addAlike(c: TalliedClick, n: number) {
    this.count(c, n);
  }

  private count(c: TalliedClick, n: number) {
    const [dCountry, dRegion, dCity, dDevice, dBrowser, dOs, dReferrer, dTrigger, dRule] = this.dims;
    const dict = this.dict;
    if (c.bot) {
      if (this.clicks + this.bots === 0) this.since = Date.now();
      this.bots += n;
      this.botsPerLink.set(c.linkId, (this.botsPerLink.get(c.linkId) ?? 0) + n);
      return;
    }
    if (this.clicks + this.bots === 0) this.since = Date.now();
    this.clicks += n;
    this.perLink.set(c.linkId, (this.perLink.get(c.linkId) ?? 0) + n);
    let byHour = this.counts.get(c.linkId);
    if (!byHour) this.counts.set(c.linkId, (byHour = new Map()));
    const hour = Math.floor(c.at / HOUR) * HOUR;
    let byValue = byHour.get(hour);
    if (!byValue) byHour.set(hour, (byValue = new Map()));
    this.bump(byValue, 0, 0, n); // the total
    this.bump(byValue, dCountry, dict.index(c.country), n);
    this.bump(byValue, dRegion, dict.index(c.regionLabel), n);
    this.bump(byValue, dCity, dict.index(c.cityLabel), n);
    this.bump(byValue, dDevice, dict.index(c.device), n);
    this.bump(byValue, dBrowser, dict.index(c.browser), n);
    this.bump(byValue, dOs, dict.index(c.os), n);
    this.bump(byValue, dReferrer, dict.index(c.referrerHost), n);
    this.bump(byValue, dTrigger, dict.index(c.trigger), n);
    // Only links with rules have a rule dimension: no row for the many clicks that had none.
    if (c.rule !== null) this.bump(byValue, dRule, dict.index(c.rule), n);
  }

  private bump(byValue: Map<number, number>, dim: number, value: number, n: number) {
    const key = value * 16 + dim; // dim < 16
    const had = byValue.get(key);
    if (had === undefined) {
      byValue.set(key, n);
      this.rows++;
    } else byValue.set(key, had + n);
  }

  /** Writes every count held (one statement) and forgets them; on failure they stay, to be retried. */
  async write(db: Queryable): Promise<void> {
    if (this.clicks === 0 && this.bots === 0) return;
    const counts = this.counts;
    const perLink = this.perLink;
    const botsPerLink = this.botsPerLink;
    const dict = this.dict;
    // Taken before the await: clicks counted while the statement runs go into fresh maps.
    this.reset();
    const [rLink, rHour, rDim, rValue, rN]: number[][] = [[], [], [], [], []];
    // Link by link in id order, as the rollups' primary key is ordered: fewer index pages touched.
    for (const linkId of [...counts.keys()].sort((a, b) => a - b)) {
      for (const [hour, byValue] of counts.get(linkId)!) {
        for (const [key, n] of byValue) {
          rLink.push(linkId);
          rHour.push(hour);
          rDim.push(key % 16);
          rValue.push(Math.floor(key / 16));
          rN.push(n);
        }
      }
    }
    const ids = [...new Set([...perLink.keys(), ...botsPerLink.keys()])];
    const people = ids.map((id) => perLink.get(id) ?? 0);
    const bots = ids.map((id) => botsPerLink.get(id) ?? 0);
    try {
      await db.query(SQL, [dict.values, rLink, rHour, rDim, rValue, ids, people, rN, bots, this.opts.baseUrl ?? null, [...CLICK_MILESTONES]]);
    } catch (err) {
      this.restore(counts, perLink, dict, botsPerLink);
      throw err;
    }
  }

  private reset() {
    this.counts = new Map();
    this.perLink = new Map();
    this.botsPerLink = new Map();
    this.dict = new Dictionary();
    this.dims = DIMENSIONS.map((d) => this.dict.index(d));
    this.clicks = 0;
    this.bots = 0;
    this.rows = 0;
    this.since = 0;
  }

  /** Puts counts that failed to be written back under what was counted since. */
  private restore(counts: Counts, perLink: Map<number, number>, dict: Dictionary, botsPerLink: Map<number, number>) {
    const newer = { counts: this.counts, perLink: this.perLink, dict: this.dict, clicks: this.clicks, since: this.since, botsPerLink: this.botsPerLink };
    this.botsPerLink = botsPerLink;
    for (const [linkId, n] of newer.botsPerLink) this.botsPerLink.set(linkId, (this.botsPerLink.get(linkId) ?? 0) + n);
    this.bots = [...this.botsPerLink.values()].reduce((s, n) => s + n, 0);
    const rows = [...counts.values()].reduce((s, byHour) => s + [...byHour.values()].reduce((t, m) => t + m.size, 0), 0);
    this.counts = counts;
    this.perLink = perLink;
    this.dict = dict;
    this.dims = DIMENSIONS.map((d) => dict.index(d));
    this.rows = rows;
    this.clicks = [...perLink.values()].reduce((s, n) => s + n, 0);
    this.since = Date.now();
    for (const [linkId, n] of newer.perLink) this.perLink.set(linkId, (this.perLink.get(linkId) ?? 0) + n);
    for (const [linkId, byHour] of newer.counts) {
      for (const [hour, byValue] of byHour) {
        for (const [key, n] of byValue) {
          const value = newer.dict.values[Math.floor(key / 16) - 1];
          const dim = key % 16; // the dimension indexes are the same in every dictionary
          let h = this.counts.get(linkId);
          if (!h) this.counts.set(linkId, (h = new Map()));
          let v = h.get(hour);
          if (!v) h.set(hour, (v = new Map()));
          const k = dict.index(value) * 16 + dim;
          if (!v.has(k)) this.rows++;
          v.set(k, (v.get(k) ?? 0) + n);
        }
      }
    }
    this.clicks += newer.clicks;
  }
}

/** Distinct strings; index 0 (no such array element in SQL) stands for NULL. */
export class Dictionary {
  readonly values: string[] = [];
  private map = new Map<string, number>();
  index(value: string | null | undefined): number {
    if (value === undefined || value === null) return 0;
    let i = this.map.get(value);
    if (i === undefined) {
      i = this.values.push(value);
      this.map.set(value, i);
    }
    return i;
  }
}
