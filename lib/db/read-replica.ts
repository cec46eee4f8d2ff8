// Where a read runs: on a replica fit for it (replica-set.ts), else on the primary. A read that
// fails on a replica (it went down, or a recovery conflict cancelled the query) runs again on the
// primary, and the replica is skipped until a check finds it well (docs/self-hosting/scale-out.md#read-replicas).
import { AppError } from '../core/errors';
import type { DbHandle } from './types';

export interface ReadOptions {
  /**
   * The read must see what the caller wrote before it (a list right after a create): only a replica
   * that has replayed everything the primary holds now takes it. Otherwise any replica within
   * REPLICA_MAX_LAG_MS does (analytics, exports).
   */
  ownWrites?: boolean;
}

/** Runs `read` on a replica when one is fit, else on `handle` (the primary). Only for reads. */
export async function onReplica<T>(handle: DbHandle, read: (h: DbHandle) => Promise<T>, opts: ReadOptions = {}): Promise<T> {
  const set = handle.replicas;
  const replica = set && (opts.ownWrites ? await set.caughtUp() : set.pick());
  if (!set || !replica) return read(handle);
  try {
    return await read(replica);
  } catch (err) {
    if (err instanceof AppError) throw err; // an answer (not found, bad input), not the replica's fault
    set.failed(replica, err);
    return read(handle);
  }
}
