// The process's one live feed (live-feed.ts), made with the first stream and ended at shutdown (server.ts).
import { loadConfig } from '../config/load-config';
import { getGlobalSingleton, globalSingleton, setGlobalSingleton } from '../core/global-singleton';
import type { Queryable } from '../db/types';
import { LiveFeed } from './live-feed';

export function currentLiveFeed(db: Queryable): LiveFeed {
  return globalSingleton('liveFeed', () => new LiveFeed({ db, perWorkspace: loadConfig().LIVE_STREAMS_PER_WORKSPACE }));
}

/** Ends every open stream, so closing the listeners does not wait on them. */
export function closeLiveFeed(): void {
  getGlobalSingleton<LiveFeed>('liveFeed')?.close();
  setGlobalSingleton('liveFeed', undefined);
}
