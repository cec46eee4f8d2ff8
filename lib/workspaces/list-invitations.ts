// The workspace's open invitations (pending, and pending past their expiry), newest first.
import { and, desc, eq } from 'drizzle-orm';
import { users, workspaceInvitations, type Role } from '../../db/schema';
import type { Db } from '../db/types';
import type { Actor } from '../tenancy/actor';

export interface InvitationJson {
  id: string;
  email: string;
  role: Role;
  status: 'pending' | 'expired';
  expires_at: string;
  created_at: string;
  inviter: { id: string; name: string; email: string };
}

/** A new or re-issued invitation; `link` only when mail is off (it holds the secret, shown once). */
export interface IssuedInvitation {
  invitation: InvitationJson;
  link?: string;
}

export const INVITATION_COLUMNS = {
  id: workspaceInvitations.id,
  email: workspaceInvitations.email,
  role: workspaceInvitations.role,
  expiresAt: workspaceInvitations.expiresAt,
  createdAt: workspaceInvitations.createdAt,
  inviter: { id: users.id, name: users.name, email: users.email },
};

export type InvitationListRow = { id: string; email: string; role: Role; expiresAt: Date; createdAt: Date; inviter: InvitationJson['inviter'] };

export function serializeInvitation(row: InvitationListRow, now = Date.now()): InvitationJson {
  const expires = new Date(row.expiresAt);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: expires.getTime() <= now ? 'expired' : 'pending',
    expires_at: expires.toISOString(),
    created_at: new Date(row.createdAt).toISOString(),
    inviter: row.inviter,
  };
}

export async function listInvitations(db: Db, actor: Actor): Promise<InvitationJson[]> {
  const rows = await db
    .select(INVITATION_COLUMNS)
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(and(eq(workspaceInvitations.organizationId, actor.workspaceId), eq(workspaceInvitations.status, 'pending')))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
  return rows.map((r) => serializeInvitation(r));
}

/** One pending invitation of the workspace, or undefined. */
export async function findInvitation(db: Db, actor: Actor, id: string): Promise<InvitationJson | undefined> {
  const [row] = await db
    .select(INVITATION_COLUMNS)
    .from(workspaceInvitations)
    .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
    .where(and(eq(workspaceInvitations.id, id), eq(workspaceInvitations.organizationId, actor.workspaceId), eq(workspaceInvitations.status, 'pending')))
    .limit(1);
  return row ? serializeInvitation(row) : undefined;
}
