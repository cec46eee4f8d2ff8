// The process's Redis connection for rate limits. Commands fail fast while Redis is unreachable
// (no offline queue), so limiters fall back to memory at once; the switch is logged. Commands sent
// in the same tick go out in one write (auto-pipelining): a request's several windows and checks
// cost one round trip.
import { Redis } from 'ioredis';
import { logger } from '../core/logger';
import { getGlobalSingleton, globalSingleton, setGlobalSingleton } from '../core/global-singleton';

export function sharedRedis(url: string): Redis {
  // In the registry: a connection to the configured Redis, closed and dropped between two starts in one test process.
  return globalSingleton('redis', () => {
    const r = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000, enableAutoPipelining: true });
    let down = false;
    r.on('error', (err) => {
      if (!down) logger().warn({ err: err.message }, 'Redis unreachable: rate limits count in memory on this instance');
      down = true;
    });
    r.on('ready', () => {
      if (down) logger().info('Redis reachable again: rate limits shared again');
      down = false;
    });
    return r;
  });
}

/** Waits (up to `timeoutMs`) until the shared connection is ready, so the first requests are shared too. */
export function whenRedisReady(url: string, timeoutMs = 3_000): Promise<boolean> {
  const r = sharedRedis(url);
  if (r.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      r.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    r.on('ready', onReady);
  });
}

export function closeSharedRedis() {
  getGlobalSingleton<Redis>('redis')?.disconnect();
  setGlobalSingleton('redis', undefined);
}
