// The streaming replicas that take reads off the primary (DATABASE_REPLICA_URLS). Each is checked
// for how far behind it is (replica-lag.ts), at most once per check interval and only while reads
// ask for one: an idle server sends no checks. A replica is picked only while its last check is
// recent and found it within REPLICA_MAX_LAG_MS; one that is down, no longer replaying (promoted),
// further behind, or whose read failed, is skipped until a check finds it well again, and the reads
// go to the primary meanwhile (docs/self-hosting/scale-out.md#read-replicas).
import { logger } from '../core/logger';
import { postgresHandle, postgresPool } from './postgres-handle';
import { parseLsn, PrimaryPositions } from './replica-lag';
import type { DbHandle, ReplicaSet } from './types';

export interface ReplicaOptions {
  urls: string[];
  /** A replica further behind than this is not read from. */
  maxLagMs: number;
  /** The primary's current write-ahead-log position ('16/B374D848'). */
  primaryPosition: () => Promise<string>;
  /** Connections per replica (the primary's pool size). */
  max?: number;
  /** How often replicas are checked while reads come (ms); default half the lag bound, at most 1 s. */
  checkMs?: number;
  now?: () => number;
}

interface Replica {
  name: string;
  handle: DbHandle;
  healthy: boolean;
  lagMs: number | null;
}

const REPLAY_POSITION = 'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS lsn';

export async function openReplicaSet(opts: ReplicaOptions): Promise<ReplicaSet> {
  const now = opts.now ?? Date.now;
  const checkMs = opts.checkMs ?? Math.max(50, Math.min(1_000, Math.floor(opts.maxLagMs / 2)));
  const positions = new PrimaryPositions(opts.maxLagMs + 2 * checkMs);
  const replicas: Replica[] = await Promise.all(
    opts.urls.map(async (url) => {
      // A replica that does not answer is given up on quickly: the primary can take the read.
      const pool = await postgresPool(url, { max: opts.max ?? 10, connectionTimeoutMillis: 2_000 });
      return { name: describeUrl(url), handle: await postgresHandle(pool), healthy: false, lagMs: null };
    }),
  );
  let checking: Promise<void> | undefined;
  let checkStarted = Number.NEGATIVE_INFINITY;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let turn = 0;
  let closed = false;

  function mark(replica: Replica, healthy: boolean, lagMs: number | null, why?: string) {
    if (replica.healthy !== healthy) {
      if (healthy) logger().info({ replica: replica.name, lagMs }, 'reading from replica');
      else logger().warn({ replica: replica.name, lagMs, why }, 'replica skipped; reads go to the primary');
    }
    replica.healthy = healthy;
    replica.lagMs = lagMs;
  }

  async function replayed(replica: Replica): Promise<bigint | string> {
    try {
      const [row] = await replica.handle.query<{ recovery: boolean; lsn: string | null }>(REPLAY_POSITION);
      if (!row.recovery || row.lsn === null) return 'not replaying from a primary';
      return parseLsn(row.lsn);
    } catch (err) {
      return (err as Error).message;
    }
  }

  async function check() {
    const at = now();
    let primary: bigint;
    try {
      primary = parseLsn(await opts.primaryPosition());
    } catch {
      return; // the primary's own trouble: its reads fail as they would without replicas
    }
    positions.add({ at, lsn: primary });
    await Promise.all(
      replicas.map(async (replica) => {
        const position = await replayed(replica);
        if (typeof position === 'string') return mark(replica, false, null, position);
        const lagMs = positions.lagMs(position, now());
        mark(replica, lagMs <= opts.maxLagMs, Number.isFinite(lagMs) ? lagMs : null, 'behind the lag bound');
      }),
    );
    checkedAt = at;
  }

  function checkSoon() {
    const t = now();
    if (closed || checking || t - checkStarted < checkMs) return;
    checkStarted = t;
    checking = check()
      .catch((err) => logger().warn({ err }, 'replica check failed'))
      .finally(() => (checking = undefined));
  }

  function pick(): Replica | undefined {
    checkSoon();
    // After a quiet spell the last check is old: the primary answers until a new one is in.
    if (now() - checkedAt > 2 * checkMs) return undefined;
    for (let i = 0; i < replicas.length; i++) {
      const replica = replicas[turn++ % replicas.length];
      if (replica.healthy) return replica;
    }
    return undefined;
  }

  return {
    pick: () => pick()?.handle,
    async caughtUp() {
      const replica = pick();
      if (!replica) return undefined;
      try {
        const primary = parseLsn(await opts.primaryPosition());
        const position = await replayed(replica);
        return typeof position !== 'string' && position >= primary ? replica.handle : undefined;
      } catch {
        return undefined;
      }
    },
    failed(handle, err) {
      const replica = replicas.find((r) => r.handle === handle);
      if (replica) mark(replica, false, replica.lagMs, (err as Error)?.message ?? String(err));
    },
    status: () => replicas.map(({ name, healthy, lagMs }) => ({ name, healthy, lagMs })),
    async close() {
      closed = true;
      await checking;
      await Promise.all(replicas.map((r) => r.handle.close().catch(() => {})));
    },
  };
}

/** host:port/database of a connection URL, for logs and status (no user or password). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'replica';
  }
}
