// better-auth's rate limits (sign-in, password resets, two-factor codes: AUTH_ATTEMPTS_PER_MINUTE per
// IP and path) counted in Redis when REDIS_URL is set, so a limit holds across instances instead of
// per instance; if Redis fails, each instance counts in memory meanwhile (as Sling's API limits do).
// Sessions stay in the database, which every instance shares (README "Scale-out" says why).
import type { BetterAuthOptions } from 'better-auth';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

export function redisRateLimitStorage(redis: Redis, prefix: string): RateLimitStorage {
  // One limiter per rule (window and maximum); better-auth's key already names the IP and path.
  const limiters = new Map<string, RateLimiterRedis>();
  const limiterFor = (rule: { window: number; max: number }) => {
    const id = `${rule.window}:${rule.max}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const base = { keyPrefix: `${prefix}:rl:auth:${id}`, points: rule.max, duration: rule.window };
      limiter = new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter: new RateLimiterMemory(base) });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(key, rule) {
      try {
        await limiterFor(rule).consume(key);
        return { allowed: true, retryAfter: null };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
    },
  };
}
