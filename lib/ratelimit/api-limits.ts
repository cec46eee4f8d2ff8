// API rate limits (docs/api/rate-limits.md), per workspace by its plan: an hourly and a per-minute burst window
// (Enterprise workspaces may have their own numbers), a higher window for signed-in dashboard use,
// Variant B's 1,000/h per token, and per IP for requests without a valid token.
// Which request counts against which window: workspace-budget.ts.
import type { Plan } from '../../db/schema';
import type { ActorWorkspace } from '../tenancy/actor';
import { loadConfig } from '../config/load-config';
import { sharedLimiter } from './shared-limiter';
import type { Window, WindowLimiter } from './window-limiter';

type PlanNumbers = Pick<ActorWorkspace, 'plan' | 'limitPerHour' | 'limitPerMinute'>;

export const PLAN_LIMITS: Record<Exclude<Plan, 'enterprise'>, { perHour: number; perMinute: number }> = {
  free: { perHour: 100, perMinute: 10 },
  pro: { perHour: 1_000, perMinute: 50 },
  business: { perHour: 10_000, perMinute: 200 },
};

/** Signed-in sessions get this many times the plan's numbers, in a window of their own. */
export const SESSION_FACTOR = 10;

export function planLimits(workspace: PlanNumbers): { perHour: number; perMinute: number } {
  if (workspace.plan !== 'enterprise') return PLAN_LIMITS[workspace.plan];
  const config = loadConfig();
  return {
    perHour: workspace.limitPerHour ?? config.ENTERPRISE_LIMIT_PER_HOUR,
    perMinute: workspace.limitPerMinute ?? config.ENTERPRISE_LIMIT_PER_MINUTE,
  };
}

function planWindows(workspace: PlanNumbers, factor = 1): Window[] {
  const l = planLimits(workspace);
  return [
    { points: l.perHour * factor, durationSec: 3600 },
    { points: l.perMinute * factor, durationSec: 60 },
  ];
}

const planName = (workspace: PlanNumbers) => workspace.plan[0].toUpperCase() + workspace.plan.slice(1);

/** The plan's hourly window of a workspace (key `ws:<id>`): every token request and every session write. */
export function planHourLimiter(workspace: PlanNumbers): WindowLimiter {
  const [hour] = planWindows(workspace);
  return sharedLimiter(`ws-hour-${workspace.plan}-${hour.points}`, () => [hour], `this workspace's ${planName(workspace)} plan`);
}

/** The plan's per-minute burst window of a workspace (key `ws:<id>`): every token request. */
export function planMinuteLimiter(workspace: PlanNumbers): WindowLimiter {
  const [, minute] = planWindows(workspace);
  return sharedLimiter(`ws-minute-${workspace.plan}-${minute.points}`, () => [minute], `this workspace's ${planName(workspace)} plan`);
}

/** Signed-in (dashboard) requests of a workspace (key `ws:<id>`): SESSION_FACTOR × the plan's numbers. */
export function sessionLimiter(workspace: PlanNumbers): WindowLimiter {
  const windows = planWindows(workspace, SESSION_FACTOR);
  return sharedLimiter(`ws-session-${windows[0].points}-${windows[1].points}`, () => windows, `signed-in use of this workspace`);
}

/** Variant B: 1,000 requests per hour per token (key `token:<id>`), on top of the workspace's limits. */
export function variantBLimiter(): WindowLimiter {
  return sharedLimiter('variant-b', () => [{ points: 1_000, durationSec: 3600 }], 'this token on POST /api');
}

/** Requests without a valid token, per IP, at the Free plan's limits. */
export function anonymousApiLimiter(): WindowLimiter {
  return sharedLimiter('api-ip', () => planWindows({ plan: 'free' as Plan, limitPerHour: null, limitPerMinute: null }));
}
