// The (link, hour) pairs a batch of clicks touches: what the click writer's thread would have to
// recount if it died holding their counts (recount-clicks.ts). Kept on the main thread, so small.
import type { Click } from '../analytics/click';

/** Hours (epoch ms, on the hour) per link. */
export type LinkHours = Map<number, Set<number>>;

const HOUR = 3_600_000;
const SPAN = 2 ** 20;

/** Adds the link-hours of `batch` to `into` (a new map when none is given) and returns it. */
export function addLinkHours(batch: readonly Pick<Click, 'linkId' | 'at'>[], into: LinkHours = new Map()): LinkHours {
  // One number per pair (link × 2^20 + hour since 1970: exact for link ids below 2^33), as a
  // set of numbers costs the main thread least per click.
  const pairs = new Set<number>();
  for (const c of batch) pairs.add(c.linkId * SPAN + Math.floor(c.at / HOUR));
  for (const pair of pairs) {
    const link = Math.floor(pair / SPAN);
    let hours = into.get(link);
    if (!hours) into.set(link, (hours = new Set()));
    hours.add((pair - link * SPAN) * HOUR);
  }
  return into;
}

/** Adds every pair of `from` to `into`. */
export function mergeLinkHours(into: LinkHours, from: LinkHours): LinkHours {
  for (const [link, hours] of from) {
    const mine = into.get(link);
    if (!mine) into.set(link, new Set(hours));
    else for (const h of hours) mine.add(h);
  }
  return into;
}
