// The rows live streams read (live_click_batches, docs/guide/live-clicks.md): one per stored batch
// and watched workspace, its clicks as a JSON array of positional arrays, about 150 bytes a click.
// The click writer encodes them (lib/edge/live-copies.ts); the live feed decodes them
// (live-feed.ts). A click's event id is the row's seq × EVENTS_PER_BATCH + its place in the row.
// Never the address, the user agent or the visitor key.

/** Event ids leave room for this many clicks a row; a larger batch is split over several rows. */
export const EVENTS_PER_BATCH = 100_000;

/** What a stream shows of a click, and what its filters read. */
export interface LiveClickFacts {
  linkId: number;
  domainId: number;
  shortCode: string;
  tags: readonly string[];
  /** When the click happened, in ms since the epoch. */
  at: number;
  country: string | null;
  region: string | null;
  city: string | null;
  device: string;
  browser: string | null;
  os: string | null;
  referrerHost: string | null;
  trigger: 'link' | 'qr';
  rule: string | null;
  variant: string | null;
  bot: boolean;
}

/** A click as a stream sends it: its facts and its event id. */
export interface LiveEvent extends LiveClickFacts {
  id: number;
}

type Packed = [number, number, string, string[], number, ...Array<string | null>, boolean];

/** One row's `events` text. */
export function encodeLiveBatch(clicks: readonly LiveClickFacts[]): string {
  return JSON.stringify(
    clicks.map((c) => [
      c.linkId,
      c.domainId,
      c.shortCode,
      c.tags,
      c.at,
      c.country,
      c.region,
      c.city,
      c.device,
      c.browser,
      c.os,
      c.referrerHost,
      c.trigger,
      c.rule,
      c.variant,
      c.bot,
    ]),
  );
}

/** The events of row `seq`, in the order they were stored. */
export function decodeLiveBatch(seq: number, events: string): LiveEvent[] {
  const packed = JSON.parse(events) as Packed[];
  const base = seq * EVENTS_PER_BATCH;
  return packed.map((p, i) => ({
    id: base + i,
    linkId: p[0],
    domainId: p[1],
    shortCode: p[2],
    tags: p[3],
    at: p[4],
    country: p[5] as string | null,
    region: p[6] as string | null,
    city: p[7] as string | null,
    device: (p[8] as string | null) ?? 'unknown',
    browser: p[9] as string | null,
    os: p[10] as string | null,
    referrerHost: p[11] as string | null,
    trigger: p[12] === 'qr' ? 'qr' : 'link',
    rule: p[13] as string | null,
    variant: p[14] as string | null,
    bot: p[15] === true,
  }));
}

/** The row and place an event id names. */
export function eventPlace(id: number): { seq: number; index: number } {
  return { seq: Math.floor(id / EVENTS_PER_BATCH), index: id % EVENTS_PER_BATCH };
}
