// One statement per batch: insert the clicks and add them to each link's counter. Whatever the
// batch size it sends eight arrays; repeated strings (user agents, referrers, addresses) travel
// once per batch as a dictionary plus int indexes, because parsing long text arrays is what costs
// most in the embedded database.
import type { Queryable } from '../db/types';
import type { Click } from './click-buffer';

const SQL = `
WITH ins AS (
  INSERT INTO clicks (link_id, clicked_at, referrer, user_agent, ip)
  SELECT b.link_id, to_timestamp(b.ms / 1000.0), dict.d[b.ref], dict.d[b.ua], dict.d[b.ip]
  FROM unnest($1::bigint[], $2::float8[], $3::int[], $4::int[], $5::int[]) AS b(link_id, ms, ref, ua, ip),
       (SELECT $6::text[] AS d) AS dict
)
UPDATE links SET clicks = links.clicks + c.n
FROM unnest($7::bigint[], $8::int[]) AS c(id, n)
WHERE links.id = c.id`;

export function clickWriter(db: Queryable) {
  return async function writeClicks(batch: Click[]): Promise<void> {
    const n = batch.length;
    const linkIds = new Array<number>(n);
    const at = new Array<number>(n);
    const refs = new Array<number>(n);
    const agents = new Array<number>(n);
    const ips = new Array<number>(n);
    const dict = new Dictionary();
    const perLink = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const c = batch[i];
      linkIds[i] = c.linkId;
      at[i] = c.at;
      refs[i] = dict.index(c.referrer);
      agents[i] = dict.index(c.userAgent);
      ips[i] = dict.index(c.ip);
      perLink.set(c.linkId, (perLink.get(c.linkId) ?? 0) + 1);
    }
    await db.query(SQL, [linkIds, at, refs, agents, ips, dict.values, [...perLink.keys()], [...perLink.values()]]);
  };
}

/** Distinct strings of a batch; index 0 (no such array element in SQL) stands for NULL. */
class Dictionary {
  readonly values: string[] = [];
  private map = new Map<string, number>();
  index(value: string | undefined): number {
    if (value === undefined) return 0;
    let i = this.map.get(value);
    if (i === undefined) {
      i = this.values.push(value);
      this.map.set(value, i);
    }
    return i;
  }
}
