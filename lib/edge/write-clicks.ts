// One statement per batch: enrich the clicks, insert them, add them to the hourly rollups and to
// each link's counter, and write link.clicked for links whose workspace subscribed a webhook to it.
// Whatever the batch size it sends a fixed set of arrays; repeated strings (user agents, referrers,
// places, browsers) travel once per batch as a dictionary plus int indexes, because parsing long
// text arrays is what costs most in the embedded database. Rollups are summed here first, so the
// database upserts one row per link, hour and value rather than one per click.
import type { EnrichedClick } from '../analytics/enrich-click';
import type { Queryable } from '../db/types';
import type { Click } from './click-buffer';

const SQL = `
WITH dict AS (SELECT $1::text[] AS d),
live AS (SELECT id, workspace_id FROM links WHERE id = ANY($24::bigint[])),
b AS (
  SELECT * FROM unnest($2::bigint[], $3::float8[], $4::int[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[],
                       $10::int[], $11::int[], $12::int[], $13::int[], $14::int[], $15::int[], $16::bool[])
    AS b(link_id, ms, ref, ua, ip, visitor, country, region, city, device, browser, os, ref_host, trig, bot)
  WHERE b.link_id IN (SELECT id FROM live) -- a link deleted while its clicks were buffered leaves nothing behind
),
ins AS (
  INSERT INTO clicks (link_id, clicked_at, referrer, user_agent, ip, visitor, country, region, city, device, browser, os,
                      referrer_host, trigger, bot)
  SELECT b.link_id, to_timestamp(b.ms / 1000.0), d[b.ref], d[b.ua], d[b.ip], d[b.visitor], d[b.country], d[b.region],
         d[b.city], d[b.device], d[b.browser], d[b.os], d[b.ref_host], d[b.trig], b.bot
  FROM b, dict
),
roll AS (
  INSERT INTO click_rollups (link_id, workspace_id, hour, dim, value, clicks)
  SELECT r.link_id, live.workspace_id, to_timestamp(r.ms / 1000.0), coalesce(d[r.dim], ''), coalesce(d[r.value], ''), r.n
  FROM unnest($17::bigint[], $18::float8[], $19::int[], $20::int[], $21::int[]) AS r(link_id, ms, dim, value, n)
  JOIN live ON live.id = r.link_id, dict
  ON CONFLICT (link_id, dim, hour, value) DO UPDATE SET clicks = click_rollups.clicks + EXCLUDED.clicks
),
subscribed AS (
  SELECT l.id, l.workspace_id, l.short_code, l.long_url FROM links l
  WHERE l.id = ANY($22::bigint[]) AND EXISTS (
    SELECT 1 FROM webhooks w
    WHERE w.workspace_id = l.workspace_id AND w.enabled AND 'link.clicked' = ANY(w.events)
      AND (w.link_id IS NULL OR w.link_id = l.id) AND (w.domain_id IS NULL OR w.domain_id = l.domain_id))
),
ev AS (
  INSERT INTO events (id, type, occurred_at, workspace_id, link_id, data)
  SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'link.clicked', to_timestamp(b.ms / 1000.0), s.workspace_id, s.id,
         jsonb_build_object('link_id', s.id, 'short_code', s.short_code, 'long_url', s.long_url, 'trigger', d[b.trig],
           'visitor', jsonb_build_object('country', d[b.country], 'region', d[b.region], 'city', d[b.city],
             'device', d[b.device], 'browser', d[b.browser], 'os', d[b.os], 'referrer', d[b.ref], 'referrer_host', d[b.ref_host]))
  FROM b JOIN subscribed s ON s.id = b.link_id, dict
  WHERE NOT b.bot
)
UPDATE links SET clicks = links.clicks + c.n
FROM unnest($22::bigint[], $23::int[]) AS c(id, n)
WHERE links.id = c.id`;

const HOUR = 3_600_000;
/** The rollup dimensions besides the total ('', index 0). */
const DIMENSIONS = ['country', 'region', 'city', 'device', 'browser', 'os', 'referrer', 'trigger'] as const;

export function clickWriter(db: Queryable, enrich: (click: Click) => EnrichedClick) {
  return async function writeClicks(batch: Click[]): Promise<void> {
    const n = batch.length;
    const cols = Array.from({ length: 14 }, () => new Array<number>(n));
    const [linkIds, at, ref, ua, ip, visitor, country, region, city, device, browser, os, refHost, trig] = cols;
    const bots = new Array<boolean>(n);
    const dict = new Dictionary();
    // Rollup deltas keyed by link, then by one number packing the hour, dimension and value.
    const rollups = new Map<number, Map<number, { hour: number; dim: number; value: number; n: number }>>();
    const perLink = new Map<number, number>();
    const dims = DIMENSIONS.map((d) => dict.index(d));
    const [dCountry, dRegion, dCity, dDevice, dBrowser, dOs, dReferrer, dTrigger] = dims;
    let firstHour = -1;
    const roll = (byLink: Map<number, { hour: number; dim: number; value: number; n: number }>, hour: number, slot: number, dim: number, value: number) => {
      const key = (slot * 2_097_152 + value) * 16 + dim; // value < 2^21 (a batch's dictionary), dim < 16
      const r = byLink.get(key);
      if (r) r.n++;
      else byLink.set(key, { hour, dim, value, n: 1 });
    };
    for (let i = 0; i < n; i++) {
      const c = enrich(batch[i]);
      linkIds[i] = c.linkId;
      at[i] = c.at;
      ref[i] = dict.index(c.referrer);
      ua[i] = dict.index(c.userAgent);
      ip[i] = dict.index(c.ip);
      visitor[i] = dict.index(c.visitor);
      country[i] = dict.index(c.country);
      region[i] = dict.index(c.region);
      city[i] = dict.index(c.city);
      device[i] = dict.index(c.device);
      browser[i] = dict.index(c.browser);
      os[i] = dict.index(c.os);
      refHost[i] = dict.index(c.referrerHost);
      trig[i] = dict.index(c.trigger);
      bots[i] = c.bot;
      if (c.bot) continue; // kept, never counted
      perLink.set(c.linkId, (perLink.get(c.linkId) ?? 0) + 1);
      const hour = Math.floor(c.at / HOUR) * HOUR;
      if (firstHour < 0) firstHour = hour;
      const slot = (hour - firstHour) / HOUR + 1024; // a batch spans few hours, either side
      let byLink = rollups.get(c.linkId);
      if (!byLink) rollups.set(c.linkId, (byLink = new Map()));
      roll(byLink, hour, slot, 0, 0); // the total
      roll(byLink, hour, slot, dCountry, country[i]);
      roll(byLink, hour, slot, dRegion, dict.index(c.regionLabel));
      roll(byLink, hour, slot, dCity, dict.index(c.cityLabel));
      roll(byLink, hour, slot, dDevice, device[i]);
      roll(byLink, hour, slot, dBrowser, browser[i]);
      roll(byLink, hour, slot, dOs, os[i]);
      roll(byLink, hour, slot, dReferrer, refHost[i]);
      roll(byLink, hour, slot, dTrigger, trig[i]);
    }
    const [rLink, rHour, rDim, rValue, rN]: number[][] = [[], [], [], [], []];
    for (const [linkId, byLink] of rollups) {
      for (const r of byLink.values()) {
        rLink.push(linkId);
        rHour.push(r.hour);
        rDim.push(r.dim);
        rValue.push(r.value);
        rN.push(r.n);
      }
    }
    await db.query(SQL, [
      dict.values, linkIds, at, ref, ua, ip, visitor, country, region, city, device, browser, os, refHost, trig, bots,
      rLink, rHour, rDim, rValue, rN,
      [...perLink.keys()], [...perLink.values()], [...new Set(linkIds)],
    ]);
  };
}

/** Distinct strings of a batch; index 0 (no such array element in SQL) stands for NULL. */
class Dictionary {
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
