// One limiter per name per process, counted in Redis (shared by every instance) when REDIS_URL is
// set, in memory otherwise.
import { loadConfig } from '../config/load-config';
import { globalSingleton } from '../core/global-singleton';
import { sharedRedis } from './redis-client';
import { createWindowLimiter, type Window, type WindowLimiter } from './window-limiter';

/** `subject` names whose limit it is in the 429 message ("this workspace's Free plan"). */
export function sharedLimiter(name: string, windows: () => Window[], subject?: string): WindowLimiter {
  // In the registry: each limiter is bound to the configured store, made afresh by a test's next start.
  return globalSingleton(`limiter:${name}`, () => {
    const config = loadConfig();
    return createWindowLimiter({
      name,
      subject,
      windows: windows(),
      redis: config.REDIS_URL ? sharedRedis(config.REDIS_URL) : undefined,
      prefix: config.REDIS_PREFIX,
    });
  });
}
