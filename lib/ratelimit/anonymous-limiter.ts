// Anonymous shortening from the home page: per IP, ANON_LINKS_PER_MINUTE and ANON_LINKS_PER_DAY.
import { loadConfig } from '../config/load-config';
import { globalSingleton } from '../runtime/global-singleton';
import { sharedRedis } from './redis-client';
import { createWindowLimiter, type WindowLimiter } from './window-limiter';

export function anonymousLimiter(): WindowLimiter {
  return globalSingleton('anonymousLimiter', () => {
    const config = loadConfig();
    return createWindowLimiter({
      name: 'anon',
      windows: [
        { points: config.ANON_LINKS_PER_MINUTE, durationSec: 60 },
        { points: config.ANON_LINKS_PER_DAY, durationSec: 86_400 },
      ],
      redis: config.REDIS_URL ? sharedRedis(config.REDIS_URL) : undefined,
      prefix: config.REDIS_PREFIX,
    });
  });
}
