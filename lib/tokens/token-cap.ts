// How many live API tokens (neither revoked nor expired) a workspace may hold, by plan: tokens are
// counted per workspace for rate limits anyway, the cap keeps the table and the settings page small
// and a leaked-token clean-up finite.
import type { Plan } from '../../db/schema';
import { AppError } from '../core/errors';

export const TOKEN_CAPS: Record<Plan, number> = { free: 5, pro: 25, business: 100, enterprise: 1_000 };

/** 409 limit_reached naming the cap, the plan and how to get under it. */
export function tokenCapReached(plan: Plan, live: number): AppError {
  const cap = TOKEN_CAPS[plan];
  const planName = plan[0].toUpperCase() + plan.slice(1);
  return new AppError(
    'limit_reached',
    `This workspace already has ${live} active API tokens, the most the ${planName} plan allows (${cap}); revoke one first.`,
    { limit: cap, plan, active_tokens: live, resource: 'api_tokens' },
  );
}
