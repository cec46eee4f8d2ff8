// API rate limits (DESIGN §4): per token by its workspace's plan (an hourly and a per-minute burst
// window; Enterprise workspaces may have their own numbers), Variant B 1,000/h per token, and per IP
// for requests without a valid token.
import type { Plan } from '../../db/schema';
import type { ActorWorkspace } from '../workspaces/actor';
import { loadConfig } from '../config/load-config';
import { sharedLimiter } from './shared-limiter';
import type { Window, WindowLimiter } from './window-limiter';

export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, { perHour: number; perMinute: number }> = {
  free: { perHour: 100, perMinute: 10 },
  pro: { perHour: 1_000, perMinute: 50 },
  business: { perHour: 10_000, perMinute: 200 },
};

export function planLimits(workspace: Pick<ActorWorkspace, 'plan' | 'limitPerHour' | 'limitPerMinute'>): { perHour: number; perMinute: number } {
  if (workspace.plan !== 'enterprise') return PLAN_LIMITS[workspace.plan];
  const config = loadConfig();
  return {
    perHour: workspace.limitPerHour ?? config.ENTERPRISE_LIMIT_PER_HOUR,
    perMinute: workspace.limitPerMinute ?? config.ENTERPRISE_LIMIT_PER_MINUTE,
  };
}

function planWindows(workspace: Pick<ActorWorkspace, 'plan' | 'limitPerHour' | 'limitPerMinute'>): Window[] {
  const l = planLimits(workspace);
  return [
    { points: l.perHour, durationSec: 3600 },
    { points: l.perMinute, durationSec: 60 },
  ];
}

/** The limiter for a token of a workspace on this plan (key: `token:<id>`). */
export function planLimiter(workspace: Pick<ActorWorkspace, 'plan' | 'limitPerHour' | 'limitPerMinute'>): WindowLimiter {
  const l = planLimits(workspace);
  return sharedLimiter(`plan-${workspace.plan}-${l.perHour}-${l.perMinute}`, () => planWindows(workspace));
}

/** Variant B: 1,000 requests per hour per token. */
export function variantBLimiter(): WindowLimiter {
  return sharedLimiter('variant-b', () => [{ points: 1_000, durationSec: 3600 }]);
}

/** Requests without a valid token, per IP, at the Free plan's limits. */
export function anonymousApiLimiter(): WindowLimiter {
  return sharedLimiter('api-ip', () => planWindows({ plan: 'free' as Plan, limitPerHour: null, limitPerMinute: null }));
}
