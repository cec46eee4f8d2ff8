// Rebuilds the counts of some link-hours from the stored clicks, for a click writer's thread that
// died holding them: its raw rows are stored, its held counts are gone, and part of them may have
// been written (docs/architecture/click-path.md#when-the-writers-thread-dies). The rollups of each
// link-hour are deleted (and taken off the workspace's rollups) and counted again from `clicks` by
// ClickTallies (the same rules and labels as the live counts), and each link's counter moves by the
// new totals minus the old, in one transaction holding the links' rows, so writers of the same
// links wait.
import { place } from '../analytics/enrich-click';
import type { Queryable } from '../db/types';
import { ClickTallies } from './click-tallies';
import type { LinkHours } from './link-hours';
import { deleteClickRollups } from '../links/delete-click-rollups';

const LOCK = 'SELECT id FROM links WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE';
/** The link-hours' rollups (taken off the workspace rollups too, delete-click-rollups.ts). */
const FORGET = `(r.link_id, r.hour) IN (SELECT link_id, to_timestamp(ms / 1000.0) FROM unnest($1::bigint[], $2::float8[]) AS p(link_id, ms))`;
const UNCOUNT = `UPDATE links SET clicks = links.clicks - o.n FROM unnest($1::bigint[], $2::bigint[]) AS o(id, n) WHERE links.id = o.id`;
const STORED = `
SELECT c.link_id, p.ms, c.country, c.region, c.city, c.device, c.browser, c.os, c.referrer_host, c.trigger, c.rule_id,
       count(*)::int AS n
FROM unnest($1::bigint[], $2::float8[]) AS p(link_id, ms)
JOIN clicks c ON c.link_id = p.link_id
  AND c.clicked_at >= to_timestamp(p.ms / 1000.0) AND c.clicked_at < to_timestamp((p.ms + 3600000) / 1000.0)
WHERE NOT c.bot
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11`;

interface StoredRow {
  link_id: number | string;
  ms: number;
  country: string | null;
  region: string | null;
  city: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  referrer_host: string | null;
  trigger: 'link' | 'qr';
  rule_id: string | null;
  n: number;
}

export interface RecountOptions {
  /** BASE_URL, for milestone events a recount's counter passes (click-tallies.ts). */
  baseUrl?: string;
}

type Db = Queryable & { transaction?<T>(fn: (q: Queryable) => Promise<T>): Promise<T> };

/** Makes the rollups and counters of `linkHours` agree with the stored clicks (bots are never counted). */
export async function recountClicks(db: Db, linkHours: LinkHours, opts: RecountOptions = {}): Promise<void> {
  const links: number[] = [];
  const hours: number[] = [];
  for (const [link, hs] of linkHours) for (const h of hs) links.push(link), hours.push(h);
  if (links.length === 0) return;
  const recount = async (tx: Queryable) => {
    await tx.query(LOCK, [[...linkHours.keys()].sort((a, b) => a - b)]);
    const { totals } = await deleteClickRollups(tx, FORGET, [links, hours]);
    if (totals.size > 0) await tx.query(UNCOUNT, [[...totals.keys()], [...totals.values()]]);
    const tallies = new ClickTallies({ baseUrl: opts.baseUrl });
    for (const r of await tx.query<StoredRow>(STORED, [links, hours])) {
      const at = Number(r.ms);
      const click = {
        linkId: Number(r.link_id),
        at,
        bot: false,
        country: r.country,
        regionLabel: place(r.region, r.country),
        cityLabel: place(r.city, r.region, r.country),
        device: r.device,
        browser: r.browser,
        os: r.os,
        referrerHost: r.referrer_host,
        trigger: r.trigger,
        rule: r.rule_id,
      };
      tallies.addAlike(click, r.n);
    }
    await tallies.write(tx);
  };
  if (db.transaction) await db.transaction(recount);
  else await recount(db);
}
