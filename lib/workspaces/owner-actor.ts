// The operator acting as a workspace's owner (CLI): the workspace by id or slug, or a user's
// personal workspace by email. The owner's membership is part of the query.
import { and, eq, or, sql } from 'drizzle-orm';
import { users, workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';
import { AppError } from '../core/errors';
import { ALL_SCOPES, type Actor, type ActorWorkspace } from '../tenancy/actor';
import { ACTOR_WORKSPACE_COLUMNS } from '../tenancy/actor-workspace-columns';

export async function ownerActor(db: Db, which: { workspace?: string; email?: string }): Promise<Actor> {
  const where = which.workspace
    ? or(eq(workspaces.id, which.workspace), eq(sql`lower(${workspaces.slug})`, which.workspace.toLowerCase()))
    : and(eq(sql`lower(${users.email})`, (which.email ?? '').toLowerCase()), eq(workspaces.personalOwnerId, users.id));
  const [row] = await db
    .select({ ...ACTOR_WORKSPACE_COLUMNS, userId: users.id })
    .from(workspaces)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.organizationId, workspaces.id), eq(workspaceMembers.role, 'owner')))
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(where)
    .limit(1);
  if (!row) throw new AppError('not_found', which.workspace ? `No workspace ${which.workspace}.` : `No user ${which.email} with a personal workspace.`);
  const { userId, ...workspace } = row;
  return { userId, workspaceId: workspace.id, role: 'owner', via: 'session', scopes: ALL_SCOPES, workspace: workspace as ActorWorkspace };
}
