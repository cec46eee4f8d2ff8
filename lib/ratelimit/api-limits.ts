// API rate limits (DESIGN §4): per token by plan (an hourly and a per-minute burst window),
// Variant B 1,000/h per token, and per IP for requests without a valid token.
import type { Plan } from '../../db/schema';
import { loadConfig } from '../config/load-config';
import { sharedLimiter } from './shared-limiter';
import type { Window, WindowLimiter } from './window-limiter';

export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, { perHour: number; perMinute: number }> = {
  free: { perHour: 100, perMinute: 10 },
  pro: { perHour: 1_000, perMinute: 50 },
  business: { perHour: 10_000, perMinute: 200 },
};

function planWindows(plan: Plan): Window[] {
  const config = loadConfig();
  const l =
    plan === 'enterprise'
      ? { perHour: config.ENTERPRISE_LIMIT_PER_HOUR, perMinute: config.ENTERPRISE_LIMIT_PER_MINUTE }
      : PLAN_LIMITS[plan];
  return [
    { points: l.perHour, durationSec: 3600 },
    { points: l.perMinute, durationSec: 60 },
  ];
}

/** The limiter for a token of this plan (key: `token:<id>`). */
export function planLimiter(plan: Plan): WindowLimiter {
  return sharedLimiter(`plan-${plan}`, () => planWindows(plan));
}

/** Variant B: 1,000 requests per hour per token. */
export function variantBLimiter(): WindowLimiter {
  return sharedLimiter('variant-b', () => [{ points: 1_000, durationSec: 3600 }]);
}

/** Requests without a valid token, per IP, at the Free plan's limits. */
export function anonymousApiLimiter(): WindowLimiter {
  return sharedLimiter('api-ip', () => planWindows('free'));
}
