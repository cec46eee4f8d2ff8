// Who may do what in a workspace: one table from permission to the least role that has it and the
// token scope it needs (docs/architecture/overview.md, "Tenancy"). Roles nest: owner ⊃ admin ⊃ member. A member writes only the
// links it created; that limit lives in the query (scope.ts), not here.
import type { Role } from '../../db/schema';

export const TOKEN_SCOPES = [
  'links:read',
  'links:write',
  'analytics:read',
  'domains:read',
  'domains:write',
  'webhooks:read',
  'webhooks:write',
  'workspace:read',
  'workspace:write',
  'members:read',
  'members:write',
  'tokens:read',
  'tokens:write',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/**
 * Scopes a token has only when they are named: managing tokens with a token (the remote CLI's
 * `sling tokens …`) is opted into, never part of "every scope" (docs/api/authentication.md, "Tokens that manage tokens").
 */
export const EXPLICIT_ONLY_SCOPES: readonly TokenScope[] = ['tokens:read', 'tokens:write'];
/** What a token made without a list of scopes has (stored as an empty list). */
export const DEFAULT_TOKEN_SCOPES: readonly TokenScope[] = TOKEN_SCOPES.filter((s) => !EXPLICIT_ONLY_SCOPES.includes(s));

interface Rule {
  role: Role;
  /** The token scope it needs; null: only a signed-in session may do it (never a token). */
  scope: TokenScope | null;
}

export const PERMISSIONS = {
  'links.read': { role: 'member', scope: 'links:read' },
  'links.write': { role: 'member', scope: 'links:write' },
  'analytics.read': { role: 'member', scope: 'analytics:read' },
  'domains.read': { role: 'member', scope: 'domains:read' },
  'domains.write': { role: 'admin', scope: 'domains:write' },
  'webhooks.read': { role: 'admin', scope: 'webhooks:read' },
  'webhooks.write': { role: 'admin', scope: 'webhooks:write' },
  'workspace.read': { role: 'member', scope: 'workspace:read' },
  'workspace.update': { role: 'admin', scope: 'workspace:write' },
  'workspace.delete': { role: 'owner', scope: null },
  'workspace.transfer': { role: 'owner', scope: null },
  'members.read': { role: 'member', scope: 'members:read' },
  'members.write': { role: 'admin', scope: 'members:write' },
  'tokens.read': { role: 'member', scope: 'tokens:read' },
  'tokens.own': { role: 'member', scope: 'tokens:write' },
  'tokens.manage': { role: 'admin', scope: null },
  'sso.manage': { role: 'admin', scope: 'workspace:write' },
  'audit.read': { role: 'admin', scope: 'workspace:read' },
} as const satisfies Record<string, Rule>;
export type Permission = keyof typeof PERMISSIONS;

const RANK: Record<Role, number> = { member: 1, admin: 2, owner: 3 };

export function roleAtLeast(role: Role, least: Role): boolean {
  return RANK[role] >= RANK[least];
}

export const ROLE_LABEL: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** What the role-aware dashboard needs: every permission the role has. */
export function permissionsOf(role: Role): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => roleAtLeast(role, PERMISSIONS[p].role));
}

/** Token scopes from a request body: absent means every scope; unknown ones are refused by the caller. */
export function isTokenScope(v: unknown): v is TokenScope {
  return typeof v === 'string' && (TOKEN_SCOPES as readonly string[]).includes(v);
}
