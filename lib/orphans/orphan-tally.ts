// Orphan visits wait here, off the visit's path, as counts per (domain, day, kind, path), written
// every flushMs with one upsert (write-orphan-visits.ts), as the click buffer writes clicks. Memory
// is bounded: MAX_PATHS_PER_DAY distinct paths per domain and day (the rest count under "(other)"),
// maxKeys in all, and at most maxVisits single visits kept between two writes for the workspaces that
// keep each one (docs/guide/orphan-visits.md). A failed write puts its counts back; its visits are dropped.
import type { OrphanKind } from '../../db/schema/orphan-visits';
import { logger } from '../core/logger';
import { MAX_PATHS_PER_DAY, OTHER_PATH, orphanPath, utcDay } from './orphan-path';

/** Who visited, read from the request only when the visit may be kept one by one. */
export interface OrphanVisitor {
  referrer: string | undefined;
  userAgent: string | undefined;
  /** For the country only; never stored. */
  ip: string;
}

export interface OrphanCount {
  domainId: number;
  day: string;
  kind: OrphanKind;
  path: string;
  visits: number;
}

export interface PendingOrphanVisit extends OrphanVisitor {
  domainId: number;
  kind: OrphanKind;
  path: string;
  at: number;
}

export interface OrphanTallyOptions {
  /** Stores the counts, and the visits of domains whose workspace keeps them; answers those domains. */
  write: (counts: OrphanCount[], visits: PendingOrphanVisit[]) => Promise<ReadonlySet<number>>;
  flushMs?: number;
  /** Distinct (domain, day, kind, path) keys held at once, all domains together. */
  maxKeys?: number;
  /** Single visits held between two writes. */
  maxVisits?: number;
}

export class OrphanTally {
  private counts = new Map<string, OrphanCount>();
  /** Per domain and day, the distinct kind+path keys seen by this process (bounded). */
  private seen = new Map<string, Set<string>>();
  private seenDay = '';
  private visits: PendingOrphanVisit[] = [];
  /** Whether a domain's workspace keeps each visit, as the last write said; unknown domains' visits are held. */
  private keeps = new Map<number, boolean>();
  private writing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxKeys: number;
  private readonly maxVisits: number;

  constructor(private opts: OrphanTallyOptions) {
    this.maxKeys = opts.maxKeys ?? 100_000;
    this.maxVisits = opts.maxVisits ?? 1000;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs ?? 5000);
    this.timer.unref();
  }

  /** Counts one visit that reached no link; `raw` is the code, or the request's URL for a path. */
  record(domainId: number, kind: OrphanKind, raw: string, visitor: () => OrphanVisitor, at = Date.now()): void {
    const day = utcDay(at);
    if (day !== this.seenDay) {
      this.seen.clear();
      this.seenDay = day;
    }
    const domainDay = `${domainId}\t${day}`;
    let paths = this.seen.get(domainDay);
    if (paths === undefined) this.seen.set(domainDay, (paths = new Set()));
    let path = orphanPath(kind, raw);
    const pathKey = `${kind}\t${path}`;
    if (!paths.has(pathKey)) {
      if (paths.size >= MAX_PATHS_PER_DAY || this.counts.size >= this.maxKeys) path = OTHER_PATH;
      else paths.add(pathKey);
    }
    const key = `${domainDay}\t${kind}\t${path}`;
    const count = this.counts.get(key);
    if (count === undefined) this.counts.set(key, { domainId, day, kind, path, visits: 1 });
    else count.visits++;
    if (this.keeps.get(domainId) !== false && this.visits.length < this.maxVisits) this.visits.push({ domainId, kind, path, at, ...visitor() });
  }

  /** Writes what is waiting (one write at a time); resolves when it is done, failed or not. */
  flush(): Promise<void> {
    if (this.writing) return this.writing;
    if (this.counts.size === 0) return Promise.resolve();
    const counts = [...this.counts.values()];
    const visits = this.visits;
    this.counts = new Map();
    this.visits = [];
    this.writing = this.opts
      .write(counts, visits)
      .then(
        (keeping) => {
          for (const c of counts) this.keeps.set(c.domainId, keeping.has(c.domainId));
        },
        (err) => {
          for (const c of counts) this.putBack(c);
          logger().warn({ err: String(err?.message ?? err), waiting: this.counts.size }, 'orphan visit counts not written; will retry');
        },
      )
      .finally(() => {
        this.writing = undefined;
      });
    return this.writing;
  }

  private putBack(c: OrphanCount): void {
    const key = `${c.domainId}\t${c.day}\t${c.kind}\t${c.path}`;
    const now = this.counts.get(key);
    if (now !== undefined) now.visits += c.visits;
    else if (this.counts.size < this.maxKeys) this.counts.set(key, c);
  }

  /** Stops the timer and writes what is waiting, trying again for up to `timeoutMs`. Returns the counts left. */
  async stop(timeoutMs = 5_000): Promise<number> {
    if (this.timer) clearInterval(this.timer);
    const deadline = Date.now() + timeoutMs;
    for (let tries = 1; (this.counts.size > 0 || this.writing) && Date.now() < deadline; tries++) {
      await this.flush();
      if (this.counts.size > 0) await new Promise((r) => setTimeout(r, Math.min(200 * tries, 1_000)));
    }
    return this.counts.size;
  }
}
