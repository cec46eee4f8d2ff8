// One reader per process serves every open live click stream (docs/guide/live-clicks.md). While a
// stream is open it reads live_click_batches (what the click writers kept, lib/edge/live-copies.ts)
// every pollMs: one query for every watched workspace, each row read once and decoded once, each
// stream handed the events its filters match in one delivery a poll. It keeps the workspaces'
// live_until ahead so the writers go on keeping their clicks. No stream open: no timer, no query.
//
// Rows are numbered when inserted, but another writer's transaction may commit a lower seq after a
// higher one was read. Seqs missing below the highest read are gaps, asked for again on each poll
// until LATE_COMMIT_MS has passed (a rolled-back batch leaves one for good). Below the lowest gap
// everything is final: each stream remembers only what it was sent above that floor.
import { AppError } from '../core/errors';
import type { Queryable } from '../db/types';
import { decodeLiveBatch, eventPlace, type LiveEvent } from './live-batch';

/** A watched workspace's live_until is renewed this often while a stream is open (it is set 5 minutes ahead). */
const RENEW_EVERY_MS = 60_000;
const LATE_COMMIT_MS = 5_000;
/** Rows read a poll; a larger backlog is read over the next polls, without waiting between them. */
const PAGE = 500;
const MAX_GAP = 10_000;

const RENEW = "UPDATE workspaces SET live_until = now() + interval '5 minutes' WHERE id = $1";
const NEWEST = 'SELECT coalesce(max(seq), 0) AS seq FROM live_click_batches';
/** Every row after `read` and the gaps' (to learn which seqs exist); the events only of watched workspaces. */
const READ = `
SELECT seq, workspace_id, CASE WHEN workspace_id = ANY($3::text[]) THEN events END AS events
FROM live_click_batches WHERE seq > $1 OR seq = ANY($2::bigint[])
ORDER BY seq LIMIT ${PAGE}`;
/** A reconnect's replay: the workspace's rows it missed, up to what the feed has read. */
const REPLAY = `
SELECT seq, workspace_id, events FROM live_click_batches
WHERE workspace_id = $1 AND seq > $2 AND seq <= $3
ORDER BY seq LIMIT ${PAGE}`;

export interface LiveFilter {
  linkId?: number;
  tag?: string;
  domainId?: number;
}

export interface LiveSubscriber {
  filter: LiveFilter;
  /** This poll's events for the stream, oldest first. Streams that get all of a poll's events share the array. */
  deliver(events: LiveEvent[]): void;
  /** The feed is closing (server shutdown). */
  end(): void;
}

export interface LiveFeedOptions {
  db: Queryable;
  /** Streams one workspace may hold open in this process (LIVE_STREAMS_PER_WORKSPACE). */
  perWorkspace: number;
  pollMs?: number;
  now?: () => number;
}

interface Stream {
  sub: LiveSubscriber;
  unfiltered: boolean;
  /** Every row up to this seq was sent or is not for it. */
  after: number;
  /** Rows sent above `after`. */
  sent: Set<number>;
  /** Replaying from Last-Event-ID: the last row the replay read, until it has caught up. */
  replayedTo?: number;
  /** Last-Event-ID's row: only its events after that one are sent. */
  resume?: { seq: number; index: number };
}

interface Watch {
  workspaceId: string;
  streams: Set<Stream>;
  renewedAt: number;
}

interface Row {
  seq: number | string;
  workspace_id: string;
  events: string | null;
}

export class LiveFeed {
  private readonly watches = new Map<string, Watch>();
  /** The highest seq read, and the seqs missing below it, with when each was first missed. */
  private read = 0;
  private readonly gaps = new Map<number, number>();
  private started: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private readonly now: () => number;
  private readonly pollMs: number;

  constructor(private readonly opts: LiveFeedOptions) {
    this.now = opts.now ?? Date.now;
    this.pollMs = opts.pollMs ?? 500;
  }

  /** Streams open in this process. */
  get open(): number {
    let n = 0;
    for (const w of this.watches.values()) n += w.streams.size;
    return n;
  }

  /**
   * Starts sending `sub` the workspace's clicks: after `lastEventId` (those still kept), or from now.
   * 429 when the workspace already holds its streams. Resolves, once the writers keep its clicks, to
   * the function that stops it.
   */
  async subscribe(workspaceId: string, sub: LiveSubscriber, lastEventId?: number): Promise<() => void> {
    let watch = this.watches.get(workspaceId);
    if (watch && watch.streams.size >= this.opts.perWorkspace) {
      throw new AppError(
        'rate_limited',
        `This workspace already has ${this.opts.perWorkspace} live streams open here; close one first.`,
        { limit: this.opts.perWorkspace },
        { 'Retry-After': '5' },
      );
    }
    const f = sub.filter;
    const stream: Stream = { sub, unfiltered: f.linkId === undefined && f.tag === undefined && f.domainId === undefined, after: 0, sent: new Set() };
    const idle = this.watches.size === 0;
    if (!watch) {
      watch = { workspaceId, streams: new Set(), renewedAt: 0 };
      this.watches.set(workspaceId, watch);
    }
    watch.streams.add(stream); // counted against the bound at once, before the awaits below
    const stop = () => this.unsubscribe(workspaceId, stream);
    try {
      // After a time without streams the feed starts again from the newest row.
      if (idle || !this.started) this.started = this.start();
      await this.started;
      stream.after = this.read;
      if (lastEventId !== undefined) {
        const { seq, index } = eventPlace(lastEventId);
        if (seq <= this.read) {
          stream.after = seq - 1;
          stream.replayedTo = seq - 1;
          stream.resume = { seq, index };
        }
      }
      await this.renew(watch);
    } catch (err) {
      stop();
      throw err;
    }
    this.schedule(lastEventId === undefined ? this.pollMs : 0);
    return stop;
  }

  /** Ends every stream (server shutdown) and stops polling. */
  close(): void {
    const streams = [...this.watches.values()].flatMap((w) => [...w.streams]);
    this.watches.clear();
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const s of streams) s.sub.end();
  }

  private async start(): Promise<void> {
    const [newest] = await this.opts.db.query<{ seq: number | string }>(NEWEST);
    this.read = Number(newest.seq);
    this.gaps.clear();
  }

  private unsubscribe(workspaceId: string, stream: Stream): void {
    const watch = this.watches.get(workspaceId);
    if (!watch?.streams.delete(stream) || watch.streams.size > 0) return;
    this.watches.delete(workspaceId);
    if (this.watches.size === 0) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private schedule(delayMs: number): void {
    if (this.watches.size === 0 || this.polling) return;
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      let more = false;
      this.polling = this.poll()
        .then((m) => void (more = m))
        .finally(() => {
          this.polling = undefined;
          this.schedule(more ? 0 : this.pollMs);
        });
    }, delayMs);
  }

  /** One poll; true when a page came back full and more is waiting. */
  private async poll(): Promise<boolean> {
    let more = false;
    try {
      for (const watch of [...this.watches.values()]) await this.renew(watch);
      for (const watch of [...this.watches.values()]) {
        for (const s of watch.streams) if (s.replayedTo !== undefined) more = (await this.replay(watch, s)) || more;
      }
      more = (await this.readNew()) || more;
    } catch {
      // The database is away: the streams wait, and the next poll reads from where this one stopped.
    }
    return more;
  }

  private async renew(watch: Watch): Promise<void> {
    if (this.now() - watch.renewedAt < RENEW_EVERY_MS) return;
    await this.opts.db.query(RENEW, [watch.workspaceId]);
    watch.renewedAt = this.now();
  }

  /** Sends a replaying stream the next page of what it missed; true when a full page came back. */
  private async replay(watch: Watch, s: Stream): Promise<boolean> {
    const rows = await this.opts.db.query<Row>(REPLAY, [watch.workspaceId, s.replayedTo, this.read]);
    const events: LiveEvent[] = [];
    for (const r of rows) {
      const seq = Number(r.seq);
      // (A loop, not push(...): a row holds up to 99,999 events, past what a call's arguments may be.)
      if (r.events !== null) for (const e of this.take(s, seq, decodeLiveBatch(seq, r.events))) events.push(e);
    }
    if (events.length > 0) s.sub.deliver(events);
    if (rows.length === PAGE) {
      s.replayedTo = Number(rows[rows.length - 1].seq);
      return true;
    }
    s.replayedTo = undefined; // caught up: from here on it is sent what the feed reads
    settle(s, this.floor());
    return false;
  }

  /** Reads the rows after `read` and the gaps'; hands each watched workspace's events to its streams. */
  private async readNew(): Promise<boolean> {
    const watched = [...this.watches.keys()];
    const rows = await this.opts.db.query<Row>(READ, [this.read, [...this.gaps.keys()], watched]);
    const now = this.now();
    const byWorkspace = new Map<string, Array<{ seq: number; events: LiveEvent[] }>>();
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq > this.read) {
        // (A jump past MAX_GAP is rows pruned while the database was away, not commits to wait for.)
        if (seq - this.read <= MAX_GAP) for (let missing = this.read + 1; missing < seq; missing++) this.gaps.set(missing, now);
        this.read = seq;
      } else {
        this.gaps.delete(seq);
      }
      if (r.events === null) continue;
      let list = byWorkspace.get(r.workspace_id);
      if (!list) byWorkspace.set(r.workspace_id, (list = []));
      list.push({ seq, events: decodeLiveBatch(seq, r.events) });
    }
    for (const [seq, since] of this.gaps) if (since <= now - LATE_COMMIT_MS) this.gaps.delete(seq);

    for (const [workspaceId, batches] of byWorkspace) {
      const watch = this.watches.get(workspaceId);
      if (!watch) continue;
      const all = batches.length === 1 ? batches[0].events : batches.flatMap((b) => b.events);
      for (const s of watch.streams) {
        const mine: LiveEvent[] = [];
        let whole = s.unfiltered;
        for (const b of batches) {
          // A replaying stream reads the rows above where its replay is once it gets there (a late
          // commit below it is sent from here).
          if (s.replayedTo !== undefined && b.seq > s.replayedTo) {
            whole = false;
            continue;
          }
          const taken = this.take(s, b.seq, b.events);
          whole &&= taken === b.events;
          for (const e of taken) mine.push(e);
        }
        // Streams that get the whole read share one array, so it is encoded once for all (live-event-stream.ts).
        if (mine.length === 0) continue;
        s.sub.deliver(whole ? all : mine);
        // One stream's write a turn of the event loop: redirects are answered between them.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const floor = this.floor();
    for (const watch of this.watches.values()) for (const s of watch.streams) if (s.replayedTo === undefined) settle(s, floor);
    return rows.length === PAGE;
  }

  /** The events of row `seq` that stream `s` is due, marking the row sent (the same array when all are). */
  private take(s: Stream, seq: number, events: LiveEvent[]): LiveEvent[] {
    if (seq <= s.after || s.sent.has(seq)) return [];
    s.sent.add(seq);
    let due = events;
    if (s.resume?.seq === seq) {
      const after = s.resume.index;
      due = due.filter((e) => eventPlace(e.id).index > after);
      s.resume = undefined;
    }
    return s.unfiltered ? due : due.filter((e) => matches(s.sub.filter, e));
  }

  /** Every row up to this seq is final: read, or given up. */
  private floor(): number {
    let floor = this.read;
    for (const seq of this.gaps.keys()) floor = Math.min(floor, seq - 1);
    return floor;
  }
}

/** Moves a stream's `after` up to what is final and forgets what it was sent below it. */
function settle(s: Stream, floor: number): void {
  if (floor <= s.after) return;
  s.after = floor;
  for (const seq of s.sent) if (seq <= floor) s.sent.delete(seq);
}

function matches(f: LiveFilter, e: LiveEvent): boolean {
  return (
    (f.linkId === undefined || f.linkId === e.linkId) &&
    (f.domainId === undefined || f.domainId === e.domainId) &&
    (f.tag === undefined || e.tags.includes(f.tag))
  );
}
