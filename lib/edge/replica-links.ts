// The edge's links from a replica (DATABASE_REPLICA_URLS): each batch of codes is looked up on a
// replica within the lag bound, and on the primary for every code the replica does not answer
// with certainty: a code it does not know (a link created a moment ago must never be a 404), and
// a link changed within the last lag bound (an invalidation for its code, or for the code it holds
// on the replica), which the replica may still hold as it was. Without a fit replica, or if the
// replica fails, the primary answers the whole batch (docs/self-hosting/scale-out.md#read-replicas).
import { ALL_KEYS, LINK_KEY_PREFIX, linkKey } from '../cache/invalidation-bus';
import type { Db, ReplicaSet, DbHandle } from '../db/types';
import type { LinkRequest } from '../previews/edge-preview';
import type { LoadedLink } from './link-cache';

type LoadMany = (requests: readonly LinkRequest[]) => Promise<Array<LoadedLink | undefined>>;

export interface ReplicaLinksOptions {
  replicas: ReplicaSet;
  /** The primary's loader. */
  primary: LoadMany;
  /** The same loader on another database (a replica's). */
  loaderOn: (db: Db) => LoadMany;
  /** How long a changed link is read from the primary: the lag bound and two check intervals. */
  recentMs: number;
  now?: () => number;
}

export interface ReplicaLinks {
  loadMany: LoadMany;
  /** An invalidation from the bus (before the cache drops the entry): that code goes to the primary for a while. */
  invalidated(key: string): void;
}

export function replicaLinks(opts: ReplicaLinksOptions): ReplicaLinks {
  const now = opts.now ?? Date.now;
  const loaders = new WeakMap<DbHandle, LoadMany>();
  /** Link keys invalidated, and until when they are read from the primary. */
  const recent = new Map<string, number>();
  let everythingUntil = 0;

  const isRecent = (key: string, t: number) => t < everythingUntil || (recent.get(key) ?? 0) > t;

  function prune(t: number) {
    for (const [key, until] of recent) if (until <= t) recent.delete(key);
  }

  return {
    invalidated(key) {
      const until = now() + opts.recentMs;
      if (key === ALL_KEYS) everythingUntil = until;
      else if (key.startsWith(LINK_KEY_PREFIX)) recent.set(key, until);
    },
    async loadMany(requests) {
      const t = now();
      if (recent.size > 1_000) prune(t);
      const replica = opts.replicas.pick();
      if (!replica) return opts.primary(requests);
      let loader = loaders.get(replica);
      if (!loader) loaders.set(replica, (loader = opts.loaderOn(replica.db)));
      let found: Array<LoadedLink | undefined>;
      try {
        found = await loader(requests);
      } catch (err) {
        opts.replicas.failed(replica, err);
        return opts.primary(requests);
      }
      const again: number[] = [];
      requests.forEach((r, i) => {
        const row = found[i];
        if (!row || isRecent(linkKey(r.domainId, r.code), t) || isRecent(linkKey(row.domainId, row.shortCode), t)) again.push(i);
      });
      if (again.length === 0) return found;
      const fromPrimary = await opts.primary(again.map((i) => requests[i]));
      again.forEach((i, k) => {
        found[i] = fromPrimary[k];
      });
      return found;
    },
  };
}
