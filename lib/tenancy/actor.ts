// Who is asking, in which workspace, with which role, and how (docs/architecture/overview.md, "Tenancy"). Every route handler and
// domain function that touches a workspace's rows takes one.
import type { Plan, Role, WorkspaceKind } from '../../db/schema';
import { AppError } from '../core/errors';
import { PERMISSIONS, roleAtLeast, ROLE_LABEL, TOKEN_SCOPES, type Permission, type TokenScope } from './permissions';

export interface ActorWorkspace {
  id: string;
  name: string;
  slug: string;
  kind: WorkspaceKind;
  plan: Plan;
  limitPerHour: number | null;
  limitPerMinute: number | null;
}

export interface Actor {
  userId: string;
  workspaceId: string;
  role: Role;
  via: 'session' | 'token';
  /** The token's scopes; a session has every scope. */
  scopes: readonly TokenScope[];
  workspace: ActorWorkspace;
  /** The token used (via: 'token'). */
  tokenId?: string;
  /** The client address of the request (for the audit log's hashed IP); absent outside requests. */
  ip?: string;
}

export const ALL_SCOPES: readonly TokenScope[] = TOKEN_SCOPES;

/** Throws 403 forbidden naming what is missing: the role, the token scope, or a session. */
export function assertCan(actor: Actor, permission: Permission): void {
  const rule = PERMISSIONS[permission];
  if (actor.via === 'token') {
    if (rule.scope === null) {
      throw new AppError('forbidden', 'API tokens cannot do this; sign in to the dashboard.', { required: 'session' });
    }
    if (!actor.scopes.includes(rule.scope)) {
      throw new AppError('forbidden', `This API token lacks the "${rule.scope}" scope.`, { required_scope: rule.scope });
    }
  }
  if (!roleAtLeast(actor.role, rule.role)) {
    throw new AppError(
      'forbidden',
      `This needs the ${ROLE_LABEL[rule.role]} role in this workspace; you are ${article(actor.role)} ${ROLE_LABEL[actor.role]}.`,
      {
        required_role: rule.role,
      },
    );
  }
}

export function can(actor: Actor, permission: Permission): boolean {
  try {
    assertCan(actor, permission);
    return true;
  } catch {
    return false;
  }
}

function article(role: string) {
  return /^[aeiou]/i.test(role) ? 'an' : 'a';
}
