// Several fixed windows per key (e.g. 10/min and 100/day), in memory or in Redis (shared by
// every instance). The answer describes the window with the fewest requests left.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { AppError } from '../core/errors';

export interface Window {
  points: number;
  durationSec: number;
}

export interface LimitState {
  limit: number;
  remaining: number;
  /** Unix seconds when the reported window resets. */
  reset: number;
}

export interface WindowLimiter {
  /** Counts one request (or `points`) for `key`; throws AppError rate_limited (with headers) when over a limit. */
  consume(key: string, points?: number): Promise<LimitState>;
}

export function createWindowLimiter(opts: { name: string; windows: Window[]; redis?: Redis; prefix?: string; subject?: string }): WindowLimiter {
  const whose = opts.subject ? ` for ${opts.subject}` : '';
  const limiters = opts.windows.map((w, i): [Window, RateLimiterAbstract] => {
    const base = { keyPrefix: `${opts.prefix ?? 'sling'}:rl:${opts.name}:${i}`, points: w.points, duration: w.durationSec };
    if (!opts.redis) return [w, new RateLimiterMemory(base)];
    // If Redis fails, count in memory (per instance) instead of failing the request.
    return [w, new RateLimiterRedis({ ...base, storeClient: opts.redis, insuranceLimiter: new RateLimiterMemory(base) })];
  });
  return {
    async consume(key, points = 1) {
      // Every window counts the request at once (one round trip to Redis for all of them, which
      // the shared client pipelines); the first refusing window, in order, is the one reported.
      const outcomes = await Promise.allSettled(limiters.map(([, limiter]) => limiter.consume(key, points)));
      let tightest: LimitState | undefined;
      for (const [i, outcome] of outcomes.entries()) {
        const w = limiters[i][0];
        if (outcome.status === 'rejected') {
          const rejection: unknown = outcome.reason;
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          throw new AppError(
            'rate_limited',
            `Too many requests: the limit${whose} is ${w.points} per ${describe(w.durationSec)}. Try again in ${retryAfter} s.`,
            { limit: w.points, window_seconds: w.durationSec, retry_after: retryAfter },
            { 'Retry-After': String(retryAfter), ...headersOf({ limit: w.points, remaining: 0, reset: resetAt(rejection) }) },
          );
        }
        const state = { limit: w.points, remaining: outcome.value.remainingPoints, reset: resetAt(outcome.value) };
        if (!tightest || state.remaining < tightest.remaining) tightest = state;
      }
      return tightest!;
    },
  };
}

/**
 * Counts one request against each limiter under its key, in order (the first refusal is thrown,
 * later ones are not counted), and returns the window with the fewest requests left.
 */
export async function consumeAll(checks: ReadonlyArray<readonly [WindowLimiter, string]>): Promise<LimitState> {
  let tightest: LimitState | undefined;
  for (const [limiter, key] of checks) {
    const state = await limiter.consume(key);
    if (!tightest || state.remaining < tightest.remaining) tightest = state;
  }
  if (!tightest) throw new Error('consumeAll needs at least one limiter');
  return tightest;
}

/**
 * Limiters on one key counted as one: every one counts the request at once (one round trip to Redis
 * for all), the first refusal in the order given is thrown, and the tightest window is returned.
 */
export function allAtOnce(limiters: readonly WindowLimiter[]): WindowLimiter {
  return {
    async consume(key, points = 1) {
      const outcomes = await Promise.allSettled(limiters.map((l) => l.consume(key, points)));
      const refused = outcomes.find((o) => o.status === 'rejected');
      if (refused) throw refused.reason;
      const states = outcomes.map((o) => (o as PromiseFulfilledResult<LimitState>).value);
      return states.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    },
  };
}

export function headersOf(s: LimitState): Record<string, string> {
  return { 'X-RateLimit-Limit': String(s.limit), 'X-RateLimit-Remaining': String(s.remaining), 'X-RateLimit-Reset': String(s.reset) };
}

function resetAt(res: RateLimiterRes) {
  return Math.ceil((Date.now() + res.msBeforeNext) / 1000);
}

function describe(sec: number) {
  return sec === 60 ? 'minute' : sec === 3600 ? 'hour' : sec === 86400 ? 'day' : `${sec} s`;
}
