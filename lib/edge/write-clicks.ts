// One statement per batch: insert the clicks (skipping links deleted meanwhile) and add them to
// each link's counter. Arrays travel as five parameters whatever the batch size.
import type { Queryable } from '../db/types';
import type { Click } from './click-buffer';

const SQL = `
WITH ins AS (
  INSERT INTO clicks (link_id, clicked_at, referrer, user_agent, ip)
  SELECT b.link_id, to_timestamp(b.ms / 1000.0), b.referrer, b.user_agent, b.ip
  FROM unnest($1::bigint[], $2::float8[], $3::text[], $4::text[], $5::text[]) AS b(link_id, ms, referrer, user_agent, ip)
  WHERE EXISTS (SELECT 1 FROM links l WHERE l.id = b.link_id)
)
UPDATE links SET clicks = links.clicks + c.n
FROM unnest($6::bigint[], $7::int[]) AS c(id, n)
WHERE links.id = c.id`;

export function clickWriter(db: Queryable) {
  return async function writeClicks(batch: Click[]): Promise<void> {
    const n = batch.length;
    const linkIds = new Array<number>(n);
    const at = new Array<number>(n);
    const referrers = new Array<string | null>(n);
    const agents = new Array<string | null>(n);
    const ips = new Array<string>(n);
    const perLink = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const c = batch[i];
      linkIds[i] = c.linkId;
      at[i] = c.at;
      referrers[i] = c.referrer ?? null;
      agents[i] = c.userAgent ?? null;
      ips[i] = c.ip;
      perLink.set(c.linkId, (perLink.get(c.linkId) ?? 0) + 1);
    }
    await db.query(SQL, [linkIds, at, referrers, agents, ips, [...perLink.keys()], [...perLink.values()]]);
  };
}
