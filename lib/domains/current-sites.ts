// The process's site directory (server.ts's edge and the link pages in Next share it), subscribed
// once to the invalidation bus.
import { invalidationBus } from '../cache/invalidation-bus';
import { loadConfig } from '../config/load-config';
import { database } from '../db/database';
import { globalSingleton } from '../core/global-singleton';
import { appHosts } from './app-hosts';
import { findVerifiedDomain } from './find-verified-domain';
import { SiteDirectory } from './site-directory';

export function currentSites(): SiteDirectory {
  // In the registry: one database's sites, dropped between two starts in one test process.
  return globalSingleton('siteDirectory', () => {
    const config = loadConfig();
    const sites = new SiteDirectory({
      appHosts: appHosts(config.baseHost),
      load: async (host) => findVerifiedDomain((await database()).db, host),
      ttlMs: config.CACHE_TTL_MS,
    });
    invalidationBus().subscribe((key) => sites.invalidate(key));
    return sites;
  });
}
