// better-auth's rate limits (sign-in, password resets, two-factor codes: AUTH_ATTEMPTS_PER_MINUTE per
// IP and path) counted by Sling's own shared limiters (lib/ratelimit/shared-limiter.ts): in Redis when
// REDIS_URL is set, so a limit holds across instances instead of per instance, and in memory if Redis
// fails meanwhile (as Sling's API limits do). Sessions stay in the database, which every instance
// shares (docs/self-hosting/scale-out.md says why).
import type { BetterAuthOptions } from 'better-auth';
import { AppError } from '../core/errors';
import { sharedLimiter } from '../ratelimit/shared-limiter';

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

/** The limiter behind a rule (one per window and maximum), keyed as better-auth keys: `<IP>|<path>`. */
export function authLimiter(rule: { window: number; max: number }) {
  return sharedLimiter(`auth:${rule.window}:${rule.max}`, () => [{ points: rule.max, durationSec: rule.window }], 'sign-in attempts from one address');
}

export function sharedRateLimitStorage(): RateLimitStorage {
  return {
    async consume(key, rule) {
      try {
        await authLimiter(rule).consume(key);
        return { allowed: true, retryAfter: null };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
        return { allowed: false, retryAfter: Number(err.details?.retry_after ?? 1) };
      }
    },
  };
}
