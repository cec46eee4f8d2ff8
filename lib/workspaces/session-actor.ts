// A signed-in user's actor: the session's active workspace when the user is a member of it, else
// the personal workspace. Membership is part of the query, so a stale or foreign active id simply
// falls back.
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { sessions, users, workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { ALL_SCOPES, type Actor, type ActorWorkspace } from '../tenancy/actor';
import { ACTOR_WORKSPACE_COLUMNS } from '../tenancy/actor-workspace-columns';
import { ensurePersonalWorkspace } from './ensure-personal-workspace';

export interface SessionLike {
  user: { id: string };
  session: { activeOrganizationId?: string | null };
}

const COLUMNS = { ...ACTOR_WORKSPACE_COLUMNS, role: workspaceMembers.role };

export async function actorForSession(db: Db, session: SessionLike): Promise<Actor> {
  const userId = session.user.id;
  const active = session.session.activeOrganizationId ?? '';
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db
      .select(COLUMNS)
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.organizationId))
      .where(and(eq(workspaceMembers.userId, userId), or(eq(workspaces.id, active), eq(workspaces.personalOwnerId, userId))))
      .orderBy(desc(sql`${workspaces.id} = ${active}`))
      .limit(1);
    if (row) {
      const { role, ...workspace } = row;
      return { userId, workspaceId: workspace.id, role, via: 'session', scopes: ALL_SCOPES, workspace: workspace as ActorWorkspace };
    }
    await ensurePersonalWorkspace(db, { id: userId });
  }
  throw new Error(`no workspace for user ${userId}`);
}

/**
 * The actor of a session known by id (an API call with a session cookie, auth/session-lookup.ts),
 * read with the session row itself, and when the session expires: null when it has ended (signed
 * out, revoked, expired by this process's clock, as better-auth judges it) or its user is banned.
 * session-actor-cache.ts keeps what this returns.
 */
export async function actorForSessionId(db: Db, ref: { sessionId: string; userId: string }): Promise<{ actor: Actor; expiresAt: Date } | null> {
  const live = and(eq(sessions.id, ref.sessionId), eq(sessions.userId, ref.userId), gt(sessions.expiresAt, new Date()), eq(users.banned, false));
  const active = sql`coalesce(${sessions.activeOrganizationId}, '')`;
  for (let attempt = 0; attempt < 2; attempt++) {
    const [row] = await db
      .select({ ...COLUMNS, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(workspaceMembers, eq(workspaceMembers.userId, sessions.userId))
      .innerJoin(
        workspaces,
        and(eq(workspaces.id, workspaceMembers.organizationId), or(eq(workspaces.id, active), eq(workspaces.personalOwnerId, sessions.userId))),
      )
      .where(live)
      .orderBy(desc(sql`${workspaces.id} = ${active}`))
      .limit(1);
    if (row) {
      const { role, expiresAt, ...workspace } = row;
      return {
        actor: { userId: ref.userId, workspaceId: workspace.id, role, via: 'session', scopes: ALL_SCOPES, workspace: workspace as ActorWorkspace },
        expiresAt,
      };
    }
    // No workspace to act in: either the session is gone, or (rarely) the personal workspace is not made yet.
    const [session] = await db.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(live).limit(1);
    if (!session) return null;
    await ensurePersonalWorkspace(db, { id: ref.userId });
  }
  throw new Error(`no workspace for user ${ref.userId}`);
}
