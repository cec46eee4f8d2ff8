// Who may configure single sign-on: admins and the owner of a team workspace on the Enterprise plan.
import { assertTeamWorkspace } from '../workspaces/assert-team-workspace';
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';

const PLAN_NAME = { free: 'Free', pro: 'Pro', business: 'Business', enterprise: 'Enterprise' } as const;

export function assertSsoAllowed(actor: Actor): void {
  if (actor.workspace.plan !== 'enterprise') {
    throw new AppError('plan_required', `Single sign-on needs the Enterprise plan; this workspace is on the ${PLAN_NAME[actor.workspace.plan]} plan.`, {
      required_plan: 'enterprise',
      plan: actor.workspace.plan,
    });
  }
  assertTeamWorkspace(actor, 'cannot use single sign-on');
}
