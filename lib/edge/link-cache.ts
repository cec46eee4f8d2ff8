// Step 2 of the edge: code → CachedLink from an LRU bounded by entries and bytes, the database on
// a miss (concurrent misses share one query). Unknown codes are remembered briefly. Every entry is
// reloaded after ttlMs, so one whose invalidation message was lost heals by itself. A code a link had
// before a rename is cached under that old code but depends on the link's current key: every
// invalidation of the link (edited, disabled, deleted, renamed again) drops its old codes' entries too.
// The edge's lookup() serves a stale link once more while it is reloaded (stale-while-revalidate).
// Loads are batched (loadMany): codes asked for together share one query — unknown codes a visitor
// waits for go at the next turn of the event loop (setImmediate: every request already read joins),
// reloads of stale links, which nobody waits for, after up to reloadWindowMs. Each entry's freshness
// is ttlMs × a random factor in [1 − ttlJitter, 1] (default [0.8, 1]), so entries loaded together
// (a cold pass) go stale over a fifth of the TTL rather than in the same second, and none is kept
// longer than ttlMs, the documented bound on a lost invalidation.
import { LRUCache } from 'lru-cache';
import { ALL_KEYS, LINK_KEY_PREFIX, linkKey } from '../cache/invalidation-bus';
import { cachedLinkSize, toCachedLink, type CachedLink } from './cached-link';
import type { LinkRow } from '../../db/schema';
import type { SelfAddress } from '../domains/self-address';
import type { EdgePreview, LinkRequest } from '../previews/edge-preview';

export interface LinkCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** How long an unknown code is remembered (ms); creations invalidate it at once anyway. */
  missingTtlMs?: number;
  /** How long any entry is used before the database is asked again (ms); default 60 s. */
  ttlMs?: number;
  /** Freshness is ttlMs × a random factor in [1 − ttlJitter, 1]; default 0.2, 0 for none. */
  ttlJitter?: number;
  /** How long reloads of stale links gather before their query (ms; default 50): nobody waits for them. */
  reloadWindowMs?: number;
  /** At most this many codes per query (default 500). */
  maxBatch?: number;
  /** Codes in one query, answered in order (lib/previews/edge-preview.ts edgeLinksLoader). */
  loadMany?: (requests: readonly LinkRequest[]) => Promise<Array<LoadedLink | undefined>>;
  /** One code per query, started at once (without loadMany; tests). */
  load?: (domainId: number, code: string) => Promise<LoadedLink | undefined>;
  /** Sling's own addresses as they are now (links whose destination is one of them loop). */
  self?: () => Pick<SelfAddress, 'loops'>;
}

/** The link by code; with its social preview when the loader adds one (lib/previews/edge-preview.ts). */
export type LoadedLink = LinkRow & { preview?: EdgePreview | null };

/** A code waiting for the next batch, and the visits waiting for it. */
interface Queued extends LinkRequest {
  key: string;
  resolve: (entry: CachedLink) => void;
  reject: (err: unknown) => void;
}

/** An entry and when it goes stale: one number compared with the `now` the edge already has. */
interface Slot {
  entry: CachedLink;
  freshUntil: number;
  /** For an old code: the link's current key, whose invalidation drops this entry too. */
  dependsOn?: string;
}

const MISSING: CachedLink = { kind: 'missing' };

export class LinkCache {
  private lru: LRUCache<string, Slot>;
  private inflight = new Map<string, Promise<CachedLink>>();
  /** Bumped by every invalidation: a load that raced with one is used once but not kept. */
  private epoch = 0;
  /** Current key → the old-code keys cached for the same link. */
  private dependents = new Map<string, Set<string>>();
  /** Codes for the next query, and the timers that send it. */
  private queue: Queued[] = [];
  private soon: NodeJS.Immediate | undefined;
  private later: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;

  constructor(private opts: LinkCacheOptions) {
    if (!opts.loadMany && !opts.load) throw new Error('LinkCache needs loadMany or load');
    this.maxBatch = opts.maxBatch ?? 500;
    // Staleness is checked here rather than with lru-cache's ttl, which reads its own clock.
    this.lru = new LRUCache<string, Slot>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: (slot) => cachedLinkSize(slot.entry) + 16,
      dispose: (slot, key) => {
        if (slot.dependsOn === undefined) return;
        const keys = this.dependents.get(slot.dependsOn);
        keys?.delete(key);
        if (keys?.size === 0) this.dependents.delete(slot.dependsOn);
      },
    });
  }

  /**
   * What the edge uses: the entry if fresh at `now`; a link gone stale (its TTL ran out, no invalidation
   * came) while it is read again in the background, so a cached link never waits for the database
   * (behind a click write, that was hundreds of ms): a lost invalidation still heals, one visit later.
   * An unknown code, or an unknown code gone stale, waits for the load.
   */
  lookup(key: string, domain: { id: number }, code: string, now: number): CachedLink | Promise<CachedLink> {
    const slot = this.lru.get(key);
    if (slot === undefined) return this.load(key, domain, code);
    if (slot.freshUntil > now) return slot.entry;
    if (slot.entry.kind !== 'link') return this.load(key, domain, code);
    // A failed refresh keeps the stale entry; the next visit tries again.
    if (!this.inflight.has(key)) this.load(key, domain, code, true).catch(() => {});
    return slot.entry;
  }

  /** The cached entry, or undefined when the database must be asked (unknown, or stale at `now`). */
  peek(key: string, now: number): CachedLink | undefined {
    const slot = this.lru.get(key);
    return slot === undefined || slot.freshUntil <= now ? undefined : slot.entry;
  }

  /** The entry for `key` from the database; concurrent calls share one load. `reload`: nobody waits. */
  load(key: string, domain: { id: number }, code: string, reload = false): Promise<CachedLink> {
    const pending = this.inflight.get(key);
    if (pending) return pending;
    let resolve!: Queued['resolve'];
    let reject!: Queued['reject'];
    const promise = new Promise<CachedLink>((res, rej) => ((resolve = res), (reject = rej)));
    this.inflight.set(key, promise);
    this.queue.push({ key, domainId: domain.id, code, resolve, reject });
    if (this.opts.loadMany === undefined || this.queue.length >= this.maxBatch) this.flush();
    else if (!reload) this.soon ??= setImmediate(this.flush);
    else this.later ??= setTimeout(this.flush, this.opts.reloadWindowMs ?? 50);
    return promise;
  }

  /** Sends every queued code: one query per maxBatch codes. */
  private flush = () => {
    if (this.soon !== undefined) clearImmediate(this.soon);
    if (this.later !== undefined) clearTimeout(this.later);
    this.soon = this.later = undefined;
    while (this.queue.length > 0) this.send(this.queue.splice(0, this.maxBatch));
  };

  private send(batch: Queued[]) {
    // The rows are as old as the query's start: their TTL counts from there, and an invalidation
    // after it means they may predate the change (used once, not kept).
    const epoch = this.epoch;
    const startedAt = Date.now();
    const { loadMany, load } = this.opts;
    let rows: Promise<Array<LoadedLink | undefined>>;
    try {
      rows = loadMany ? loadMany(batch) : Promise.all(batch.map((q) => load!(q.domainId, q.code)));
    } catch (err) {
      rows = Promise.reject(err);
    }
    rows.then(
      (found) =>
        batch.forEach((q, i) => {
          // One link the cache cannot take (toCachedLink throws) fails its own visits only.
          try {
            this.settle(q, found[i], epoch, startedAt);
          } catch (err) {
            this.inflight.delete(q.key);
            q.reject(err);
          }
        }),
      (err) => batch.forEach((q) => (this.inflight.delete(q.key), q.reject(err))),
    );
  }

  private settle(q: Queued, row: LoadedLink | undefined, epoch: number, startedAt: number) {
    const ttl = this.opts.ttlMs ?? 60_000;
    const jitter = 1 - (this.opts.ttlJitter ?? 0.2) * Math.random();
    const freshUntil = startedAt + jitter * (row ? ttl : Math.min(ttl, this.opts.missingTtlMs ?? 60_000));
    this.inflight.delete(q.key);
    const entry: CachedLink = row ? toCachedLink(row, this.opts.self?.()) : MISSING;
    const current = row ? linkKey(row.domainId, row.shortCode) : q.key;
    if (epoch === this.epoch) {
      this.lru.set(q.key, current === q.key ? { entry, freshUntil } : { entry, freshUntil, dependsOn: current });
      if (current !== q.key) this.dependents.set(current, (this.dependents.get(current) ?? new Set()).add(q.key));
    }
    q.resolve(entry);
  }

  /** Handles a published invalidation key; others' keys (tokens, sessions, domains) leave it as it is. */
  invalidate(key: string) {
    if (key !== ALL_KEYS && !key.startsWith(LINK_KEY_PREFIX)) return;
    this.epoch++;
    if (key === ALL_KEYS) return this.lru.clear();
    for (const old of [...(this.dependents.get(key) ?? [])]) this.lru.delete(old);
    this.lru.delete(key);
  }

  get size() {
    return this.lru.size;
  }
}
