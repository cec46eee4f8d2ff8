// The process's landing-page cache, subscribed once to the invalidation bus.
import { invalidationBus } from '../cache/invalidation-bus';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { globalSingleton } from '../core/global-singleton';
import { assembleLanding } from './assemble-landing';
import { LandingCache } from '../domains/landing-cache';
import { landingSize } from './landing-size';
import { findLandingPage } from './manage-landing';

export function currentLandingPages(): LandingCache {
  // In the registry: one database's pages, dropped between two starts in one test process.
  return globalSingleton('landingPages', () => {
    const cache = new LandingCache({
      load: async (domainId) => {
        const page = await findLandingPage(await database(), domainId);
        return page && landingSize(page) > 0 ? Buffer.from(assembleLanding(page)) : undefined;
      },
      ttlMs: loadConfig().CACHE_TTL_MS,
    });
    invalidationBus().subscribe((key) => cache.invalidate(key));
    return cache;
  });
}
