// Step 2 of the edge: code → CachedLink from an LRU bounded by entries and bytes, the database on
// a miss (concurrent misses share one query). Unknown codes are remembered briefly. Every entry is
// reloaded after ttlMs, so one whose invalidation message was lost heals by itself. A code a link had
// before a rename is cached under that old code but depends on the link's current key: every
// invalidation of the link (edited, disabled, deleted, renamed again) drops its old codes' entries too.
// The edge's lookup() serves a stale link once more while it is reloaded (stale-while-revalidate).
import { LRUCache } from 'lru-cache';
import { ALL_KEYS, linkKey } from '../cache/invalidation-bus';
import { cachedLinkSize, toCachedLink, type CachedLink } from './cached-link';
import type { LinkRow } from '../../db/schema';
import type { SelfAddress } from '../domains/self-address';
import type { EdgePreview } from '../previews/edge-preview';

export interface LinkCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** How long an unknown code is remembered (ms); creations invalidate it at once anyway. */
  missingTtlMs?: number;
  /** How long any entry is used before the database is asked again (ms); default 60 s. */
  ttlMs?: number;
  /** The link by code; with its social preview when the loader adds one (lib/previews/edge-preview.ts). */
  load: (domainId: number, code: string) => Promise<(LinkRow & { preview?: EdgePreview | null }) | undefined>;
  /** Sling's own addresses as they are now (links whose destination is one of them loop). */
  self?: () => Pick<SelfAddress, 'loops'>;
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

  constructor(private opts: LinkCacheOptions) {
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
    if (!this.inflight.has(key)) this.load(key, domain, code).catch(() => {});
    return slot.entry;
  }

  /** The cached entry, or undefined when the database must be asked (unknown, or stale at `now`). */
  peek(key: string, now: number): CachedLink | undefined {
    const slot = this.lru.get(key);
    return slot === undefined || slot.freshUntil <= now ? undefined : slot.entry;
  }

  load(key: string, domain: { id: number }, code: string): Promise<CachedLink> {
    let pending = this.inflight.get(key);
    if (!pending) {
      const epoch = this.epoch;
      // The row is as old as the query's start; its TTL counts from there.
      const startedAt = Date.now();
      pending = this.opts
        .load(domain.id, code)
        .then((row) => {
          const ttl = this.opts.ttlMs ?? 60_000;
          const freshUntil = startedAt + (row ? ttl : Math.min(ttl, this.opts.missingTtlMs ?? 60_000));
          const entry: CachedLink = row ? toCachedLink(row, this.opts.self?.()) : MISSING;
          const current = row ? linkKey(row.domainId, row.shortCode) : key;
          if (epoch === this.epoch) {
            this.lru.set(key, current === key ? { entry, freshUntil } : { entry, freshUntil, dependsOn: current });
            if (current !== key) this.dependents.set(current, (this.dependents.get(current) ?? new Set()).add(key));
          }
          return entry;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  /** Handles a published invalidation key. */
  invalidate(key: string) {
    this.epoch++;
    if (key === ALL_KEYS) return this.lru.clear();
    for (const old of [...(this.dependents.get(key) ?? [])]) this.lru.delete(old);
    this.lru.delete(key);
  }

  get size() {
    return this.lru.size;
  }
}
