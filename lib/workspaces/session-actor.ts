// A signed-in user's actor: the session's active workspace when the user is a member of it, else
// the personal workspace. Membership is part of the query, so a stale or foreign active id simply
// falls back.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { ALL_SCOPES, type Actor, type ActorWorkspace } from './actor';
import { ACTOR_WORKSPACE_COLUMNS } from './actor-workspace-columns';
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
