// The one scope fragment per resource that goes into the `where` of every read and every write
// (Documenso's buildTeamWhereQuery is the model). A row outside it is simply not found (404).
import { and, eq, or, sql, type Column, type SQL } from 'drizzle-orm';
import { apiTokens, domains, links, SYSTEM_WORKSPACE_ID, webhooks } from '../../db/schema';
import type { Actor } from './actor';
import { roleAtLeast } from './permissions';

export type Access = 'read' | 'write';

/**
 * Rows of a workspace-owned table that belong to `workspaceId`: what every scope here is made of,
 * and the fragment for the rest (imports, SSO, SCIM, audit, landing pages, previews, QR logos, …).
 * Written nowhere else (tests/unit/tenancy-scope.test.ts).
 */
export function ownedBy(table: { workspaceId: Column }, workspaceId: string): SQL {
  return eq(table.workspaceId, workspaceId);
}

/**
 * Every workspace's rows: what the operator's CLI and cascades (a domain's links going with it)
 * pass where a function takes a scope. Spelled out, so an unscoped write is never an omission.
 */
export const OPERATOR_SCOPE: SQL = sql`true`;

/** Links: every member reads the workspace's links; a member writes only those it created. */
export function linkScope(actor: Actor, access: Access): SQL {
  const inWorkspace = eq(links.workspaceId, actor.workspaceId);
  if (access === 'read' || roleAtLeast(actor.role, 'admin')) return inWorkspace;
  return and(inWorkspace, eq(links.createdBy, actor.userId))!;
}

/** Webhooks (admins only, checked by permission): the workspace's. */
export function webhookScope(actor: Actor): SQL {
  return eq(webhooks.workspaceId, actor.workspaceId);
}

/** API tokens: a member sees and revokes its own tokens in the workspace; admins every token. */
export function tokenScope(actor: Actor): SQL {
  return roleAtLeast(actor.role, 'admin') ? eq(apiTokens.workspaceId, actor.workspaceId) : ownTokenScope(actor);
}

/** The actor's own tokens in the workspace: only a token's maker is shown a new secret for it. */
export function ownTokenScope(actor: Actor): SQL {
  return and(eq(apiTokens.workspaceId, actor.workspaceId), eq(apiTokens.userId, actor.userId))!;
}

/** Domains a workspace may use: its own and the shared ones (the system workspace's). */
export function usableDomainScope(actor: Actor): SQL {
  return or(eq(domains.workspaceId, actor.workspaceId), eq(domains.workspaceId, SYSTEM_WORKSPACE_ID))!;
}

/** Domains a workspace manages: its own (the shared default domain is the operator's). */
export function domainScope(actor: Actor): SQL {
  return eq(domains.workspaceId, actor.workspaceId);
}

/** The same rule for the in-memory domain registry. */
export function domainUsableBy(domain: { workspaceId: string }, workspaceId: string): boolean {
  return domain.workspaceId === workspaceId || domain.workspaceId === SYSTEM_WORKSPACE_ID;
}
