// Host → site for every request: the app hosts (app-hosts.ts) without a lookup, custom domains
// from a bounded LRU filled from the database on a miss, unknown hosts remembered as unknown
// (negative caching). Each host is invalidated on its own (domainHostKey) when its domain changes
// anywhere; nothing reloads every domain. Entries also expire after ttlMs, healing a lost message.
import { LRUCache } from 'lru-cache';
import type { RootBehavior } from '../../db/schema/domains';
import { ALL_KEYS } from '../cache/invalidation-bus';

/** A verified custom domain, as the edge needs it. */
export interface CustomDomain {
  id: number;
  hostname: string;
  workspaceId: string;
  notFoundUrl: string | null;
  /** Where the domain's expired links go when they have no expired_url of their own. */
  expiredUrl: string | null;
  rootRedirectUrl: string | null;
  rootBehavior: RootBehavior;
  /** An issued certificate exists: plain HTTP visits move to HTTPS, HTTPS answers carry HSTS. */
  hasCertificate: boolean;
}

export type Site = { kind: 'app' } | { kind: 'custom'; domain: CustomDomain } | { kind: 'unknown' };

export interface SiteDirectoryOptions {
  appHosts: ReadonlySet<string>;
  /** The verified custom domain with this host name (lower-case), if any. */
  load: (host: string) => Promise<CustomDomain | undefined>;
  maxEntries?: number;
  /** How long an answer is used before the database is asked again (ms). */
  ttlMs?: number;
}

/** The invalidation key of one host name. */
export function domainHostKey(host: string): string {
  return `domain:${host.toLowerCase()}`;
}

const APP: Site = { kind: 'app' };
const UNKNOWN: Site = { kind: 'unknown' };
// A DNS name (RFC 1035 lengths); anything else in a Host header is unknown without a query.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*\.?$/;

interface Slot {
  site: Site;
  freshUntil: number;
}

export class SiteDirectory {
  private lru: LRUCache<string, Slot>;
  private inflight = new Map<string, Promise<Site>>();
  /** Bumped by every invalidation: a load that raced with one answers once but is not kept. */
  private epoch = 0;

  constructor(private opts: SiteDirectoryOptions) {
    this.lru = new LRUCache<string, Slot>({ max: opts.maxEntries ?? 10_000 });
  }

  /** The site of a host (lower-case, no port): synchronously when known, else after one query. */
  resolve(host: string, now = Date.now()): Site | Promise<Site> {
    if (this.opts.appHosts.has(host)) return APP;
    const name = host.endsWith('.') ? host.slice(0, -1) : host;
    if (!HOST_NAME.test(name)) return UNKNOWN;
    const slot = this.lru.get(name);
    if (slot !== undefined && slot.freshUntil > now) return slot.site;
    return this.load(name);
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

  get size(): number {
    return this.lru.size;
  }

  private load(host: string): Promise<Site> {
    let pending = this.inflight.get(host);
    if (pending) return pending;
    const epoch = this.epoch;
    const startedAt = Date.now();
    pending = this.opts
      .load(host)
      .then((domain) => {
        const site: Site = domain ? { kind: 'custom', domain } : UNKNOWN;
        if (epoch === this.epoch) this.lru.set(host, { site, freshUntil: startedAt + (this.opts.ttlMs ?? 60_000) });
        return site;
      })
      .finally(() => this.inflight.delete(host));
    this.inflight.set(host, pending);
    return pending;
  }
}
