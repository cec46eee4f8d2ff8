// Start-up shared by the server and the CLI: configuration → database (+ migrations) → domains
// → cross-instance invalidation.
import type { Config } from '../config/env';
import { loadConfig } from '../config/load-config';
import { invalidationBus, jobKey } from '../cache/invalidation-bus';
import { postgresTransport } from '../cache/postgres-transport';
import { redisTransport } from '../cache/redis-transport';
import { useDatabase } from '../db/database';
import { announceJobsWith } from '../db/wake-worker';
import { applyMigrations } from '../db/migrate';
import { openDatabase, pgliteIsNew } from '../db/open-database';
import type { DbHandle } from '../db/types';
import { ensureDefaultDomain } from '../domains/domain-registry';
import { lockDataDir } from '../runtime/data-dir-lock';
import { closeSharedRedis, whenRedisReady } from '../ratelimit/redis-client';
import { systemClock, useClock, type Clock } from '../core/clock';
import { useLookup, type Resolve } from '../safety/name-lookup';

export interface Runtime {
  config: Config & { SECRET_KEY: string };
  handle: DbHandle;
  /** The process's clock (lib/core/clock.ts): also processClock() until close. */
  clock: Clock;
  close(): Promise<void>;
}

/**
 * PGlite's thread holds 139–148 MiB outside its heap after a restart with 16 MiB of shared_buffers
 * (189 with 128). Past 200 MiB plus the buffers, initdb or the migrations left more.
 */
const grownPastMiB = (sharedBuffersMb: number) => 200 + sharedBuffersMb;

export interface RuntimeOptions {
  migrate?: boolean;
  /** PGlite: start a fresh database thread once migrations have run (a long-running server's memory). */
  reopenAfterMigrating?: boolean;
  /** The clock the process goes by (the system clock by default; a test's manual clock). */
  clock?: Clock;
  /** The name lookup of outgoing requests to user-given addresses (lib/safety/name-lookup.ts): the system's by default. */
  lookup?: Resolve;
}

export async function openRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  let handle: DbHandle | undefined;
  try {
    const open = () =>
      openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        sharedBuffersMb: config.PGLITE_SHARED_BUFFERS_MB,
        replicas: { urls: config.DATABASE_REPLICA_URLS, maxLagMs: config.REPLICA_MAX_LAG_MS },
      });
    const initdb = !config.DATABASE_URL && pgliteIsNew(config.DATA_DIR);
    handle = await open();
    if (opts.migrate !== false) {
      await applyMigrations(handle, config.DATABASE_URL);
      const grown =
        handle.externalMemoryBytes !== undefined && (initdb || (await handle.externalMemoryBytes()) / 1048576 > grownPastMiB(config.PGLITE_SHARED_BUFFERS_MB));
      if (opts.reopenAfterMigrating === true && grown) {
        // After initdb (a first start) PGlite's thread holds some 100 MiB more than on a restart, up to
        // 570–646 MiB more when initdb's buffers stay (WebAssembly memory never shrinks): a new thread
        // on the migrated data starts at its usual size (docs/performance/2026-11-26-performance-round-2.md, "Idle memory"), for one more PGlite start.
        const migrated = handle;
        handle = undefined;
        await migrated.close();
        handle = await open();
      }
    }
    await ensureDefaultDomain(handle, config.baseHost);
    useDatabase(handle);
    const bus = invalidationBus();
    if (config.REDIS_URL) {
      await bus.useTransport(redisTransport(config.REDIS_URL, config.REDIS_PREFIX));
      await whenRedisReady(config.REDIS_URL);
    } else if (config.DATABASE_URL) {
      const db = handle;
      await bus.useTransport(postgresTransport(config.DATABASE_URL, (sql, params) => db.query(sql, params)));
    }
    // A job sent here wakes the workers of every process at once (lib/jobs/job-system.ts listens).
    announceJobsWith((queue) => bus.publish(jobKey(queue)));
  } catch (err) {
    await handle?.close().catch(() => {});
    unlock();
    throw err;
  }
  const db = handle;
  const clock = opts.clock ?? systemClock;
  useClock(clock);
  useLookup(opts.lookup);
  return {
    config,
    handle: db,
    clock,
    close: async () => {
      announceJobsWith(undefined);
      useClock(undefined);
      useLookup(undefined);
      await invalidationBus().close();
      closeSharedRedis();
      useDatabase(undefined);
      await db.close();
      unlock();
    },
  };
}
