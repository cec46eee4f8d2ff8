// Custom domains per workspace plan (Free 1, Pro 10, Business 100, Enterprise unlimited).
import type { Plan } from '../../db/schema';
import { AppError } from '../core/errors';

export const DOMAIN_LIMITS: Record<Plan, number> = { free: 1, pro: 10, business: 100, enterprise: Infinity };
const NEXT_PLAN: Record<Plan, Plan | null> = { free: 'pro', pro: 'business', business: 'enterprise', enterprise: null };
const LABEL: Record<Plan, string> = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' };

/** Throws 403 plan_required, naming the plan that allows more, when `count` domains are already there. */
export function assertDomainAllowance(plan: Plan, count: number): void {
  const limit = DOMAIN_LIMITS[plan];
  if (count < limit) return;
  const next = NEXT_PLAN[plan];
  const more = next
    ? ` The ${LABEL[next]} plan includes ${DOMAIN_LIMITS[next] === Infinity ? 'unlimited' : `up to ${DOMAIN_LIMITS[next]}`} custom domains.`
    : '';
  throw new AppError(
    'plan_required',
    `The ${LABEL[plan]} plan includes ${limit} custom domain${limit === 1 ? '' : 's'}, and this workspace has ${count}.${more}`,
    {
      plan: next,
      limit,
    },
  );
}
