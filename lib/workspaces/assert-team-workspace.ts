// Personal workspaces have one member for good: no invitations, no leaving, no deleting, no transfer.
import { AppError } from '../core/errors';
import type { Actor } from '../tenancy/actor';

export function assertTeamWorkspace(actor: Actor, what: string): void {
  if (actor.workspace.kind !== 'team') {
    throw new AppError('invalid_request', `Your personal workspace ${what}; create a team workspace for that.`, { workspace: 'personal' });
  }
}
