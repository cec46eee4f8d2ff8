// The process's cache of custom domains' favicons for /favicon.ico, subscribed once to the bus. The
// landing-page cache's shape fits as is (bytes per host, kept by domain id, dropped by the host's
// key on every instance when an owner uploads or removes one, expiring after CACHE_TTL_MS).
import { invalidationBus } from '../cache/invalidation-bus';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { LandingCache } from './landing-cache';
import { globalSingleton } from '../core/global-singleton';
import { findFavicon } from './manage-favicon';

export function currentFavicons(): LandingCache {
  // In the registry: one database's favicons, dropped between two starts in one test process.
  return globalSingleton('domainFavicons', () => {
    const cache = new LandingCache({
      load: async (domainId) => (await findFavicon((await database()).db, domainId))?.data,
      maxBytes: 16 * 1024 * 1024,
      ttlMs: loadConfig().CACHE_TTL_MS,
    });
    invalidationBus().subscribe((key) => cache.invalidate(key));
    return cache;
  });
}
