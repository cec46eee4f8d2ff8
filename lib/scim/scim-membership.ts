// What a SCIM user's `active` means in Sling: an active user is a member of the workspace (with the
// default role of the SSO connection whose verified domain their address is in); deactivating or
// deleting takes the membership away and ends at once the user's sessions that had the workspace
// open and their API tokens for it. What they made stays, handed to the owner (as on removal).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { apiTokens, links, sessions, ssoConnectionDomains, ssoConnections, users, webhooks, workspaceMembers, type SsoMemberRole } from '../../db/schema';
import type { Db, Tx } from '../db/types';
import { ScimError } from './scim-error';
import { ownedBy } from '../tenancy/scope';

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The default role for an address: that of the workspace's connection which proved its domain. */
export async function roleForEmail(tx: Db | Tx, workspaceId: string, email: string): Promise<SsoMemberRole> {
  const [row] = await tx
    .select({ role: ssoConnections.defaultRole })
    .from(ssoConnectionDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.id, ssoConnectionDomains.connectionId))
    .where(
      and(
        ownedBy(ssoConnectionDomains, workspaceId),
        isNotNull(ssoConnectionDomains.verifiedAt),
        eq(sql`lower(${ssoConnectionDomains.domain})`, domainOf(email)),
      ),
    )
    .orderBy(asc(ssoConnectionDomains.createdAt))
    .limit(1);
  if (!row) {
    throw new ScimError(
      400,
      `${email} is not at an email domain this workspace has proven: add and verify ${domainOf(email)} on an SSO connection first.`,
      'invalidValue',
    );
  }
  return row.role;
}

/** The Sling account of an address, made (without a password; SSO signs it in) when there is none. */
export async function accountFor(tx: Tx, email: string, name: string): Promise<string> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return existing.id;
  const [made] = await tx.insert(users).values({ id: randomUUID(), email, name, emailVerified: true }).onConflictDoNothing().returning({ id: users.id });
  if (made) return made.id;
  const [raced] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return raced.id;
}

/** Joins (again); false when the user was a member already (their role is kept). */
export async function join(tx: Tx, workspaceId: string, userId: string, role: SsoMemberRole): Promise<boolean> {
  const rows = await tx
    .insert(workspaceMembers)
    .values({ id: randomUUID(), organizationId: workspaceId, userId, role })
    .onConflictDoNothing()
    .returning({ id: workspaceMembers.id });
  return rows.length > 0;
}

/** Takes the user out of the workspace and ends their access at once; false when they were not a member. */
export async function deprovision(tx: Tx, workspaceId: string, userId: string): Promise<boolean> {
  const inWorkspace = and(eq(workspaceMembers.organizationId, workspaceId), eq(workspaceMembers.userId, userId));
  const [role] = await tx.select({ role: workspaceMembers.role }).from(workspaceMembers).where(inWorkspace).limit(1);
  if (!role) return false;
  if (role.role === 'owner') throw new ScimError(400, 'The owner of the workspace cannot be deprovisioned; transfer ownership in Sling first.', 'mutability');
  await tx.delete(workspaceMembers).where(and(inWorkspace, ne(workspaceMembers.role, 'owner')));
  const owner = sql`(select ${workspaceMembers.userId} from ${workspaceMembers} where ${workspaceMembers.organizationId} = ${workspaceId} and ${workspaceMembers.role} = 'owner')`;
  await tx
    .update(links)
    .set({ createdBy: owner, updatedAt: sql`now()` })
    .where(and(ownedBy(links, workspaceId), eq(links.createdBy, userId)));
  await tx
    .update(webhooks)
    .set({ createdBy: owner })
    .where(and(ownedBy(webhooks, workspaceId), eq(webhooks.createdBy, userId)));
  await tx
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(ownedBy(apiTokens, workspaceId), eq(apiTokens.userId, userId)));
  // Sessions that had the workspace open end (the next request is a 401); others fall back anyway.
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.activeOrganizationId, workspaceId)));
  return true;
}
