// Writes a batch of buffered clicks: enriches them, drops those of links deleted meanwhile, stores
// the raw rows (COPY on PostgreSQL; on PGlite one INSERT whose clicks travel as seven int arrays
// plus the batch's distinct visitors, referrers, rule and variant ids, as parsing long text arrays is what costs most
// in the embedded database), records link.clicked for links whose workspace subscribed a webhook
// to it (in the same transaction), and counts the clicks into the rollups and link counters
// (click-tallies.ts) — at once, or summed over several batches while clicks keep coming (holdMs).
// In a running server this runs in its own thread (click-writer-thread.ts), not on the edge's.
import type { EnrichedClick, VisitorProfile } from '../analytics/enrich-click';
import type { DbHandle, Queryable } from '../db/types';
import { logger } from '../core/logger';
import type { Click } from '../analytics/click';
import { ClickTallies } from './click-tallies';

const LIVE = `
SELECT l.id, EXISTS (
  SELECT 1 FROM webhooks w
  WHERE w.workspace_id = l.workspace_id AND w.enabled AND 'link.clicked' = ANY(w.events)
    AND (w.link_id IS NULL OR w.link_id = l.id) AND (w.domain_id IS NULL OR w.domain_id = l.domain_id)) AS subscribed
FROM links l WHERE l.id = ANY($1::bigint[])`;

const COLUMNS =
  'link_id, clicked_at, referrer, referrer_host, user_agent, ip, visitor, country, region, city, device, browser, os, trigger, bot, rule_id, variant_id';
const COPY = `COPY clicks (${COLUMNS}) FROM STDIN`;
const INSERT = `
INSERT INTO clicks (${COLUMNS})
SELECT b.link_id, to_timestamp(b.ms / 1000.0), r.ref, r.host, p.ua, p.ip, p.visitor, p.country, p.region, p.city, p.device,
       p.browser, p.os, CASE WHEN b.f & 2 = 0 THEN 'link' ELSE 'qr' END, p.bot OR b.f & 1 = 1, ru.id, va.id
FROM unnest($1::bigint[], $2::float8[], $3::int[], $4::int[], $5::int[], $18::int[], $20::int[]) AS b(link_id, ms, p, r, f, ru, va)
JOIN unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bool[])
  WITH ORDINALITY AS p(ua, ip, visitor, country, region, city, device, browser, os, bot, i) ON p.i = b.p
LEFT JOIN unnest($16::text[], $17::text[]) WITH ORDINALITY AS r(ref, host, i) ON r.i = b.r
LEFT JOIN unnest($19::text[]) WITH ORDINALITY AS ru(id, i) ON ru.i = b.ru
LEFT JOIN unnest($21::text[]) WITH ORDINALITY AS va(id, i) ON va.i = b.va`;
const EVENTS = `
INSERT INTO events (id, type, occurred_at, workspace_id, link_id, data)
SELECT 'evt_' || replace(gen_random_uuid()::text, '-', ''), 'link.clicked', to_timestamp(c.ms / 1000.0), l.workspace_id, l.id,
       jsonb_build_object('link_id', l.id, 'short_code', l.short_code, 'long_url', l.long_url, 'trigger', c.trig,
         'visitor', jsonb_build_object('country', c.country, 'region', c.region, 'city', c.city, 'device', c.device,
           'browser', c.browser, 'os', c.os, 'referrer', c.ref, 'referrer_host', c.ref_host))
FROM unnest($1::bigint[], $2::float8[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
  AS c(link_id, ms, trig, country, region, city, device, browser, os, ref, ref_host)
JOIN links l ON l.id = c.link_id`;

/** How long a running server lets counts wait while clicks keep coming (the buffer settles them
 *  as soon as none is waiting). */
export const CLICK_COUNTS_HOLD_MS = 2_000;

export interface ClickWriter {
  (batch: Click[]): Promise<void>;
  /** Writes the rollups and counters still held. */
  settle(): Promise<void>;
  /** Clicks stored whose counts are still held. */
  readonly held: number;
}

export interface ClickWriterOptions {
  /** How long counts may be held, summed over batches, before they are written (0, the default: with each batch). */
  holdMs?: number;
  /** Rollup rows after which held counts are written whatever their age. */
  maxRows?: number;
  /** Runs before a batch is enriched (the GeoIP files it needs are loaded here, off the event loop). */
  beforeEnrich?: (batch: Click[]) => Promise<void>;
}

type Db = Queryable & Partial<Pick<DbHandle, 'transaction'>>;

interface Prepared {
  kept: EnrichedClick[];
  rows: string | unknown[];
  events: unknown[] | undefined;
}

/**
 * Batches may be handed over before the one before is stored (ClickBuffer's maxInFlight): each is
 * enriched, checked against live links and encoded at once, while the previous one is still being
 * written, and stored strictly in the order the calls came in (so are its counts, and settle()).
 */
export function clickWriter(db: Db, enrich: (click: Click) => EnrichedClick, opts: ClickWriterOptions = {}): ClickWriter {
  const holdMs = opts.holdMs ?? 0;
  const maxRows = opts.maxRows ?? 100_000;
  const tallies = new ClickTallies();
  let turn: Promise<void> = Promise.resolve();

  /** Takes the next place in the store order now; `fn` runs once every earlier store has ended. */
  function inTurn<T>(fn: (wait: () => Promise<void>) => Promise<T>): Promise<T> {
    const before = turn;
    let done!: () => void;
    turn = new Promise((resolve) => (done = resolve));
    return fn(() => before).finally(done);
  }

  async function prepare(batch: Click[]): Promise<Prepared> {
    await opts.beforeEnrich?.(batch);
    const enriched = batch.map(enrich);
    const ids = [...new Set(enriched.map((c) => c.linkId))];
    const live = await db.query<{ id: number | string; subscribed: boolean }>(LIVE, [ids]);
    const liveIds = new Set(live.map((r) => Number(r.id)));
    const subscribed = new Set(live.filter((r) => r.subscribed).map((r) => Number(r.id)));
    // A link deleted while its clicks were buffered leaves nothing behind. The rest in link order,
    // as the clicks' index is: consecutive rows land on the same index pages.
    const kept = enriched.filter((c) => liveIds.has(c.linkId)).sort((a, b) => a.linkId - b.linkId || a.at - b.at);
    const events = kept.filter((c) => !c.bot && subscribed.has(c.linkId));
    return {
      kept,
      rows: kept.length === 0 ? [] : db.copyFrom ? copyText(kept) : insertParams(kept),
      events: events.length > 0 ? eventParams(events) : undefined,
    };
  }

  async function store({ kept, rows, events }: Prepared): Promise<void> {
    if (kept.length > 0) {
      const write = async (q: Queryable) => {
        if (typeof rows === 'string') await q.copyFrom!(COPY, rows);
        else await q.query(INSERT, rows);
        if (events) await q.query(EVENTS, events);
      };
      if (events && db.transaction) await db.transaction(write);
      else await write(db);
    }
    // Stored: from here on a failure must not fail the batch (it would be stored twice).
    tallies.add(kept);
    if (holdMs === 0 || tallies.rows >= maxRows || Date.now() - tallies.since >= holdMs) {
      await tallies.write(db).catch((err) => logger().warn({ err: String(err?.message ?? err), held: tallies.clicks }, 'click counts not written; will retry'));
    }
  }

  const writeClicks = (batch: Click[]) =>
    inTurn(async (previousStored) => {
      const prepared = await prepare(batch);
      await previousStored();
      await store(prepared);
    });
  return Object.defineProperties(writeClicks as ClickWriter, {
    settle: {
      value: () =>
        inTurn(async (previousStored) => {
          await previousStored();
          await tallies.write(db);
        }),
    },
    held: { get: () => tallies.clicks },
  });
}

/** Per click: link, time, visitor profile, referrer and rule (indexes, 1-based; 0 is none) and flags (1 HEAD, 2 QR). */
function insertParams(clicks: EnrichedClick[]): unknown[] {
  const n = clicks.length;
  const [link, ms, prof, ref, flags] = [new Array<number>(n), new Array<number>(n), new Array<number>(n), new Array<number>(n), new Array<number>(n)];
  const profiles = new Map<VisitorProfile, number>();
  const refs = new Map<string, number>();
  const p: Array<Array<string | null | undefined>> = Array.from({ length: 9 }, () => []);
  const pBot: boolean[] = [];
  const [rText, rHost]: Array<Array<string | null>> = [[], []];
  // Rule ids as indexes into the batch's distinct ones (0: none), like referrers.
  const ruleIndex = new Array<number>(n);
  const rules = new Map<string, number>();
  const variantIndex = new Array<number>(n);
  const variants = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const c = clicks[i];
    let pi = profiles.get(c.profile);
    if (pi === undefined) {
      const v = c.profile;
      [v.userAgent, v.ip, v.visitor, v.country, v.region, v.city, v.device, v.browser, v.os].forEach((x, k) => p[k].push(x ?? null));
      pBot.push(v.bot);
      profiles.set(v, (pi = pBot.length));
    }
    let ri = 0;
    if (c.referrer !== undefined) {
      ri = refs.get(c.referrer) ?? 0;
      if (ri === 0) {
        rText.push(c.referrer);
        rHost.push(c.referrerHost);
        refs.set(c.referrer, (ri = rText.length));
      }
    }
    link[i] = c.linkId;
    ms[i] = c.at;
    prof[i] = pi;
    ref[i] = ri;
    flags[i] = (c.bot && !c.profile.bot ? 1 : 0) | (c.trigger === 'qr' ? 2 : 0);
    let ui = 0;
    if (c.rule !== null) {
      ui = rules.get(c.rule) ?? 0;
      if (ui === 0) rules.set(c.rule, (ui = rules.size + 1));
    }
    ruleIndex[i] = ui;
    let vi = 0;
    if (c.variant !== null) {
      vi = variants.get(c.variant) ?? 0;
      if (vi === 0) variants.set(c.variant, (vi = variants.size + 1));
    }
    variantIndex[i] = vi;
  }
  // Number arrays as array literals: one string crosses to PGlite's thread instead of 10,000 numbers.
  const literal = (xs: number[]) => `{${xs.join(',')}}`;
  return [
    literal(link),
    literal(ms),
    literal(prof),
    literal(ref),
    literal(flags),
    ...p,
    pBot,
    rText,
    rHost,
    literal(ruleIndex),
    [...rules.keys()],
    literal(variantIndex),
    [...variants.keys()],
  ];
}

/** The batch in COPY's text format; each visitor's and referrer's columns are escaped once. */
function copyText(clicks: EnrichedClick[]): string {
  const profiles = new Map<VisitorProfile, string>();
  const refs = new Map<string, string>();
  let out = '';
  let second = NaN;
  let prefix = '';
  for (const c of clicks) {
    // Clicks come seconds apart at most: the time's text up to the second is made once a second.
    const ms = c.at % 1000;
    if (c.at - ms !== second) prefix = new Date((second = c.at - ms)).toISOString().slice(0, 20);
    let p = profiles.get(c.profile);
    if (p === undefined) {
      const v = c.profile;
      p = [v.userAgent, v.ip, v.visitor, v.country, v.region, v.city, v.device, v.browser, v.os].map(field).join('\t');
      profiles.set(v, p);
    }
    let r = '\\N\t\\N';
    if (c.referrer !== undefined) {
      r = refs.get(c.referrer) ?? '';
      if (r === '') refs.set(c.referrer, (r = `${field(c.referrer)}\t${field(c.referrerHost)}`));
    }
    out += `${c.linkId}\t${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z\t${r}\t${p}\t${c.trigger}\t${c.bot ? 't' : 'f'}\t${c.rule === null ? '\\N' : field(c.rule)}\t${c.variant === null ? '\\N' : field(c.variant)}\n`;
  }
  return out;
}

/** One column in COPY's text format: \N for NULL; backslash, tab and line ends escaped; NUL (which
 *  text columns cannot hold) dropped. */
function field(value: string | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  return /[\\\t\n\r\0]/.test(value) ? value.replace(/[\\\t\n\r\0]/g, (ch) => ESCAPES[ch]) : value;
}
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };

function eventParams(clicks: EnrichedClick[]): unknown[] {
  const cols: Array<(c: EnrichedClick) => unknown> = [
    (c) => c.linkId,
    (c) => c.at,
    (c) => c.trigger,
    (c) => c.country,
    (c) => c.region,
    (c) => c.city,
    (c) => c.device,
    (c) => c.browser,
    (c) => c.os,
    (c) => c.referrer ?? null,
    (c) => c.referrerHost,
  ];
  return cols.map((col) => clicks.map(col));
}
