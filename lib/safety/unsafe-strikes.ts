// Repeated unsafe_url refusals (issue 18, point 7): SAFETY_STRIKES_PER_HOUR refusals within an hour from one
// account or one IP address throttle its creates for an hour (429 unsafe_throttled) and raise a
// review item — an abuse report with source system, reason repeated_unsafe. Counted in Redis when
// REDIS_URL is set (every instance sees the same strikes), in memory otherwise.
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { abuseReports } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { logger } from '../core/logger';
import { sharedRedis } from '../ratelimit/redis-client';
import { hashIp } from '../crypto/hash-ip';
import { globalSingleton } from '../core/global-singleton';

const WINDOW_SECONDS = 3600;
const THROTTLE_SECONDS = 3600;

/** Who is creating: the account (if any) and the client's address (if known). */
export interface Creator {
  userId?: string | null;
  ip?: string;
}

function strikes(): RateLimiterAbstract {
  // In the registry: bound to the configured store, made afresh by a test's next start.
  return globalSingleton('limiter:unsafe-strikes', () => {
    const config = loadConfig();
    const base = { keyPrefix: `${config.REDIS_PREFIX}:rl:unsafe-strikes`, points: config.SAFETY_STRIKES_PER_HOUR, duration: WINDOW_SECONDS };
    if (!config.REDIS_URL) return new RateLimiterMemory(base);
    return new RateLimiterRedis({ ...base, storeClient: sharedRedis(config.REDIS_URL), insuranceLimiter: new RateLimiterMemory(base) });
  });
}

const strikesAllowed = () => loadConfig().SAFETY_STRIKES_PER_HOUR;

function keysOf(who: Creator): string[] {
  const keys: string[] = [];
  if (who.userId) keys.push(`user:${who.userId}`);
  if (who.ip && who.ip !== 'unknown') keys.push(`ip:${who.ip}`);
  return keys;
}

/** Throws 429 unsafe_throttled while the account or the address is throttled. */
export async function assertNotThrottled(who: Creator): Promise<void> {
  const keys = keysOf(who);
  // Both looked up at once (one round trip to Redis); the account's throttle is reported first.
  const states = await Promise.all(keys.map((key) => strikes().get(key)));
  for (const [i, res] of states.entries()) {
    if (res && res.consumedPoints > strikesAllowed()) {
      const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      const whose = keys[i].startsWith('user:') ? 'this account' : 'this address';
      throw new AppError(
        'unsafe_throttled',
        `Too many destinations from ${whose} were refused as unsafe (${strikesAllowed()} within an hour): creating links is paused for an hour. Try again in ${retryAfter} s.`,
        { strikes: strikesAllowed(), retry_after: retryAfter },
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}

/** Counts one unsafe_url refusal; the one that reaches SAFETY_STRIKES_PER_HOUR starts the throttle and files the review item. */
export async function recordUnsafeRefusal(db: Db, who: Creator, url: string, reason: string): Promise<void> {
  let reached = false;
  for (const key of keysOf(who)) {
    let res: RateLimiterRes;
    try {
      res = await strikes().consume(key);
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) continue; // already throttled
      throw rejection;
    }
    if (res.consumedPoints >= strikesAllowed()) {
      await strikes().block(key, THROTTLE_SECONDS);
      reached = true;
    }
  }
  if (!reached) return;
  const from = who.userId ? 'an account' : 'an anonymous visitor';
  await db.insert(abuseReports).values({
    url,
    source: 'system',
    reason: 'repeated_unsafe',
    details: `${strikesAllowed()} destinations from ${from} were refused as unsafe within an hour; its link creation is paused for an hour. Last refusal: ${reason}`,
    reporterIpHash: who.ip && who.ip !== 'unknown' ? hashIp(who.ip) : null,
    subjectUserId: who.userId ?? null,
  });
  logger().warn({ userId: who.userId ?? null }, 'repeated unsafe_url refusals: creates throttled, review item raised');
}
