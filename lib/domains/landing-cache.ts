// Assembled landing pages per host, for the edge: a bounded LRU (by bytes) filled from the database
// on a miss, a host without a page remembered as such. A save, a root-behaviour change or a deleted
// domain publishes the host's key (domainHostKey), which drops that host's entry on every instance;
// entries also expire after ttlMs, healing a lost message.
import { LRUCache } from 'lru-cache';
import { ALL_KEYS } from '../cache/invalidation-bus';

export interface LandingCacheOptions {
  /** The domain's assembled page (undefined: none saved). */
  load: (domainId: number) => Promise<Buffer | undefined>;
  maxBytes?: number;
  ttlMs?: number;
}

interface Slot {
  body: Buffer | null;
  domainId: number;
  freshUntil: number;
}

const NO_PAGE_SIZE = 64;

export class LandingCache {
  private lru: LRUCache<string, Slot>;
  private inflight = new Map<string, Promise<Buffer | undefined>>();
  private epoch = 0;

  constructor(private opts: LandingCacheOptions) {
    this.lru = new LRUCache<string, Slot>({ maxSize: opts.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (s) => s.body?.length || NO_PAGE_SIZE });
  }

  /** The page of the domain at `host` (lower-case): synchronously when cached, else after one query. */
  get(host: string, domainId: number, now = Date.now()): Buffer | undefined | Promise<Buffer | undefined> {
    const slot = this.lru.get(host);
    if (slot !== undefined && slot.domainId === domainId && slot.freshUntil > now) return slot.body ?? undefined;
    const key = `${host}#${domainId}`;
    let pending = this.inflight.get(key);
    if (pending) return pending;
    const epoch = this.epoch;
    const startedAt = Date.now();
    pending = this.opts
      .load(domainId)
      .then((body) => {
        if (epoch === this.epoch) this.lru.set(host, { body: body ?? null, domainId, freshUntil: startedAt + (this.opts.ttlMs ?? 60_000) });
        return body;
      })
      .finally(() => this.inflight.delete(key));
    this.inflight.set(key, pending);
    return pending;
  }

  /** Handles a published invalidation key. */
  invalidate(key: string): void {
    if (key === ALL_KEYS) {
      this.epoch++;
      this.lru.clear();
    } else if (key.startsWith('domain:')) {
      this.epoch++;
      this.lru.delete(key.slice('domain:'.length));
    }
  }
}
