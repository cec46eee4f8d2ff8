// Step 2 of the edge: code → CachedLink from an LRU bounded by entries and bytes, the database on
// a miss (concurrent misses share one query). Unknown codes are remembered briefly.
import { LRUCache } from 'lru-cache';
import { ALL_KEYS } from '../cache/invalidation-bus';
import type { Domain } from '../domains/domain-registry';
import { cachedLinkSize, toCachedLink, type CachedLink } from './cached-link';
import type { LinkRow } from '../../db/schema';

export interface LinkCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** How long an unknown code is remembered (ms); creations invalidate it at once anyway. */
  missingTtlMs?: number;
  load: (domainId: number, code: string) => Promise<LinkRow | undefined>;
}

export class LinkCache {
  private lru: LRUCache<string, CachedLink>;
  private inflight = new Map<string, Promise<CachedLink>>();
  /** Bumped by every invalidation: a load that raced with one is used once but not kept. */
  private epoch = 0;

  constructor(private opts: LinkCacheOptions) {
    this.lru = new LRUCache<string, CachedLink>({
      max: opts.maxEntries,
      maxSize: opts.maxBytes,
      sizeCalculation: cachedLinkSize,
    });
  }

  /** The cached entry, or undefined when the database must be asked. */
  peek(key: string, now: number): CachedLink | undefined {
    const entry = this.lru.get(key);
    if (entry !== undefined && entry.kind === 'missing' && entry.until < now) return undefined;
    return entry;
  }

  load(key: string, domain: Domain, code: string): Promise<CachedLink> {
    let pending = this.inflight.get(key);
    if (!pending) {
      const epoch = this.epoch;
      pending = this.opts
        .load(domain.id, code)
        .then((row) => {
          const entry: CachedLink = row
            ? toCachedLink(row)
            : { kind: 'missing', until: Date.now() + (this.opts.missingTtlMs ?? 60_000) };
          if (epoch === this.epoch) this.lru.set(key, entry);
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
    if (key === ALL_KEYS) this.lru.clear();
    else this.lru.delete(key);
  }

  get size() {
    return this.lru.size;
  }
}
