// Anonymous shortening from the home page: per IP, ANON_LINKS_PER_MINUTE and ANON_LINKS_PER_DAY.
import { loadConfig } from '../config/load-config';
import { sharedLimiter } from './shared-limiter';
import type { WindowLimiter } from './window-limiter';

export function anonymousLimiter(): WindowLimiter {
  return sharedLimiter('anon', () => {
    const config = loadConfig();
    return [
      { points: config.ANON_LINKS_PER_MINUTE, durationSec: 60 },
      { points: config.ANON_LINKS_PER_DAY, durationSec: 86_400 },
    ];
  });
}
