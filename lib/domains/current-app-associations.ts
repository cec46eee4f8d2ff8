// The process's caches of custom domains' app association files (apple-app-site-association,
// assetlinks.json), as the bytes served, subscribed once to the bus. The landing-page cache's shape
// fits as is: kept per host by domain id, dropped by the host's key on every instance when the
// domain is updated (manage-domains.ts), expiring after CACHE_TTL_MS.
import { eq } from 'drizzle-orm';
import { domains } from '../../db/schema';
import { invalidationBus } from '../cache/invalidation-bus';
import { loadConfig } from '../config/load-config';
import { globalSingleton } from '../core/global-singleton';
import { database } from '../db/database';
import type { Db } from '../db/types';
import { LandingCache } from './landing-cache';

export type AppAssociationFile = 'apple' | 'android';

export type AppAssociationCaches = Record<AppAssociationFile, LandingCache>;

const COLUMNS = { apple: domains.appleAppSiteAssociation, android: domains.assetLinks };

/** One domain's file as served (JSON), or undefined when its owner has set none. */
export async function findAppAssociation(db: Db, domainId: number, file: AppAssociationFile): Promise<Buffer | undefined> {
  const [row] = await db.select({ body: COLUMNS[file] }).from(domains).where(eq(domains.id, domainId)).limit(1);
  return row?.body == null ? undefined : Buffer.from(JSON.stringify(row.body));
}

export function currentAppAssociations(): AppAssociationCaches {
  // In the registry: one database's files, dropped between two starts in one test process.
  return globalSingleton('domainAppAssociations', () => {
    const cache = (file: AppAssociationFile) =>
      new LandingCache({
        load: async (domainId) => findAppAssociation((await database()).db, domainId, file),
        maxBytes: 8 * 1024 * 1024,
        ttlMs: loadConfig().CACHE_TTL_MS,
      });
    const caches = { apple: cache('apple'), android: cache('android') };
    invalidationBus().subscribe((key) => {
      caches.apple.invalidate(key);
      caches.android.invalidate(key);
    });
    return caches;
  });
}
