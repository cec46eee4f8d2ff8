// Writes a batch of buffered clicks: enriches them, drops those of links deleted meanwhile, stores
// the raw rows (COPY on PostgreSQL; on PGlite one INSERT whose clicks travel as seven int arrays
// plus the batch's distinct visitors, referrers, rule and variant ids, as parsing long text arrays is what costs most
// in the embedded database), records link.clicked for links whose workspace subscribed a webhook
// to it (in the same transaction), and counts the clicks into the rollups and link counters
// (click-tallies.ts) — at once, or summed over several batches while clicks keep coming (holdMs).
// In a running server this runs in its own thread (click-writer-thread.ts), not on the edge's.
import type { ClickEnricher, EnrichedClick, VisitorProfile } from '../analytics/enrich-click';
import { privacySettings, type WorkspacePrivacy } from '../analytics/privacy-mode';
import type { DbHandle, Queryable } from '../db/types';
import { logger } from '../core/logger';
import type { Click } from '../analytics/click';
import { ClickTallies } from './click-tallies';
import { type LinkHours, mergeLinkHours } from './link-hours';
import { recountClicks } from './recount-clicks';
import { INSERT_LIVE_BATCHES, liveCopyParams, livePruner, type StreamedLink } from './live-copies';

const LIVE = `
SELECT l.id, EXISTS (
  SELECT 1 FROM webhooks w
  WHERE w.workspace_id = l.workspace_id AND w.enabled AND 'link.clicked' = ANY(w.events)
    AND (w.link_id IS NULL OR w.link_id = l.id) AND (w.domain_id IS NULL OR w.domain_id = l.domain_id)) AS subscribed,
  coalesce(pw.live_until > now(), false) AS streamed, l.workspace_id, l.domain_id, l.short_code, l.tags,
  pw.privacy_ip, pw.privacy_user_agent, pw.privacy_referrer, pw.privacy_honor_opt_out, pw.privacy_excluded_ranges
FROM links l JOIN workspaces pw ON pw.id = l.workspace_id WHERE l.id = ANY($1::bigint[])`;

const COLUMNS =
  'link_id, clicked_at, referrer, referrer_host, user_agent, ip, visitor, country, region, city, device, browser, os, trigger, bot, rule_id, variant_id, privacy';
const COPY = `COPY clicks (${COLUMNS}) FROM STDIN`;
const INSERT = `
INSERT INTO clicks (${COLUMNS})
SELECT b.link_id, to_timestamp(b.ms / 1000.0), r.ref, r.host, p.ua, p.ip, p.visitor, p.country, p.region, p.city, p.device,
       p.browser, p.os, CASE WHEN b.f & 2 = 0 THEN 'link' ELSE 'qr' END, p.bot OR b.f & 1 = 1, ru.id, va.id, p.privacy
FROM unnest($1::bigint[], $2::float8[], $3::int[], $4::int[], $5::int[], $18::int[], $20::int[]) AS b(link_id, ms, p, r, f, ru, va)
JOIN unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::bool[], $22::text[])
  WITH ORDINALITY AS p(ua, ip, visitor, country, region, city, device, browser, os, bot, privacy, i) ON p.i = b.p
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
  /** Stores and counts a batch; `tag` (increasing) is what onCounted reports once its counts are written. */
  (batch: Click[], tag?: number): Promise<void>;
  /** Writes the rollups and counters still held. */
  settle(): Promise<void>;
  /** Rebuilds the counts of link-hours a dead writer held (recount-clicks.ts), in turn; tried again
   *  before each later batch until it succeeds, and onCounted waits for it. */
  recount(linkHours: LinkHours, tag?: number): Promise<void>;
  /** Clicks stored whose counts are still held. */
  readonly held: number;
}

export interface ClickWriterOptions {
  /** How long counts may be held, summed over batches, before they are written (0, the default: with each batch). */
  holdMs?: number;
  /** BASE_URL, for default-domain short URLs in link.milestone events (click-tallies.ts). */
  baseUrl?: string;
  /** Rollup rows after which held counts are written whatever their age. */
  maxRows?: number;
  /** Called after counts are written, with the latest tag whose counts (and every earlier one's) are. */
  onCounted?: (tag: number) => void;
  /** Runs before a batch is enriched (the GeoIP files it needs are loaded here, off the event loop). */
  beforeEnrich?: (batch: Click[]) => Promise<void>;
}

type Db = Queryable & Partial<Pick<DbHandle, 'transaction'>>;

type LiveLinkRow = { id: number | string; subscribed: boolean; streamed: boolean } & WorkspacePrivacy & {
    workspace_id: string;
    domain_id: number | string;
    short_code: string;
    tags: string[] | null;
  };

function streamedLink(r: LiveLinkRow): StreamedLink {
  return { workspaceId: r.workspace_id, domainId: Number(r.domain_id), shortCode: r.short_code, tags: r.tags ?? [] };
}

interface Prepared {
  kept: EnrichedClick[];
  rows: string | unknown[];
  events: unknown[] | undefined;
  /** Copies for live streams (live-copies.ts), when the workspace of any of the batch's links has one open. */
  liveCopies?: unknown[];
}

/**
 * Batches may be handed over before the one before is stored (ClickBuffer's maxInFlight): each is
 * enriched, checked against live links and encoded at once, while the previous one is still being
 * written, and stored strictly in the order the calls came in (so are its counts, and settle()).
 */
export function clickWriter(db: Db, enrich: ClickEnricher, opts: ClickWriterOptions = {}): ClickWriter {
  const holdMs = opts.holdMs ?? 0;
  const maxRows = opts.maxRows ?? 100_000;
  const tallies = new ClickTallies({ baseUrl: opts.baseUrl });
  const pruneLive = livePruner();
  let turn: Promise<void> = Promise.resolve();
  /** The latest tag of a stored batch or recount. */
  let lastTag: number | undefined;
  /** Link-hours whose recount has not succeeded yet. */
  let recountDue: LinkHours | undefined;

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
    const live = await db.query<LiveLinkRow>(LIVE, [ids]);
    const liveIds = new Set(live.map((r) => Number(r.id)));
    const subscribed = new Set(live.filter((r) => r.subscribed).map((r) => Number(r.id)));
    // A link deleted while its clicks were buffered leaves nothing behind. The rest in link order,
    // as the clicks' index is: consecutive rows land on the same index pages.
    // Each kept as its workspace's privacy choices say; a visit from an excluded range is dropped (privacy-mode.ts).
    const privacy = new Map(live.map((r) => [Number(r.id), privacySettings(r, enrich.privacy)]));
    const kept = enriched
      .flatMap((c) => (liveIds.has(c.linkId) ? (enrich.protect(c, privacy.get(c.linkId)!) ?? []) : []))
      .sort((a, b) => a.linkId - b.linkId || a.at - b.at);
    const events = kept.filter((c) => !c.bot && subscribed.has(c.linkId));
    return {
      kept,
      rows: kept.length === 0 ? [] : db.copyFrom ? copyText(kept) : insertParams(kept),
      events: events.length > 0 ? eventParams(events) : undefined,
      liveCopies: liveCopyParams(kept, new Map(live.filter((r) => r.streamed).map((r) => [Number(r.id), streamedLink(r)]))),
    };
  }

  async function store({ kept, rows, events, liveCopies }: Prepared, tag: number | undefined): Promise<void> {
    if (recountDue) await recountNow().catch((err) => logger().warn({ err: String(err?.message ?? err) }, 'click recount failed; will retry'));
    if (kept.length > 0) {
      const write = async (q: Queryable) => {
        if (typeof rows === 'string') await q.copyFrom!(COPY, rows);
        else await q.query(INSERT, rows);
        if (events) await q.query(EVENTS, events);
        if (liveCopies) await q.query(INSERT_LIVE_BATCHES, liveCopies);
      };
      if ((events || liveCopies) && db.transaction) await db.transaction(write);
      else await write(db);
      if (liveCopies) await pruneLive(db);
    }
    // Stored: from here on a failure must not fail the batch (it would be stored twice).
    tallies.add(kept);
    if (tag !== undefined) lastTag = tag;
    if (holdMs === 0 || tallies.rows >= maxRows || Date.now() - tallies.since >= holdMs) {
      await writeCounts().catch((err) => logger().warn({ err: String(err?.message ?? err), held: tallies.clicks }, 'click counts not written; will retry'));
    }
  }

  async function writeCounts(): Promise<void> {
    const through = lastTag;
    await tallies.write(db);
    if (through !== undefined && !recountDue) opts.onCounted?.(through);
  }

  /** Held counts first: a recount counts every stored click, so none may still be waiting to be added. */
  async function recountNow(): Promise<void> {
    const through = lastTag;
    await tallies.write(db);
    await recountClicks(db, recountDue!, { baseUrl: opts.baseUrl });
    recountDue = undefined;
    if (through !== undefined) opts.onCounted?.(through);
  }

  const writeClicks = (batch: Click[], tag?: number) =>
    inTurn(async (previousStored) => {
      const prepared = await prepare(batch);
      await previousStored();
      await store(prepared, tag);
    });
  return Object.defineProperties(writeClicks as ClickWriter, {
    settle: {
      value: () =>
        inTurn(async (previousStored) => {
          await previousStored();
          await (recountDue ? recountNow() : writeCounts());
        }),
    },
    recount: {
      value: (linkHours: LinkHours, tag?: number) =>
        inTurn(async (previousStored) => {
          await previousStored();
          recountDue = mergeLinkHours(recountDue ?? new Map(), linkHours);
          if (tag !== undefined) lastTag = tag;
          await recountNow();
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
  const pPrivacy: string[] = [];
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
      pPrivacy.push(v.privacy);
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
    pPrivacy,
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
    out += `${c.linkId}\t${prefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z\t${r}\t${p}\t${c.trigger}\t${c.bot ? 't' : 'f'}\t${c.rule === null ? '\\N' : field(c.rule)}\t${c.variant === null ? '\\N' : field(c.variant)}\t${c.profile.privacy}\n`;
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
