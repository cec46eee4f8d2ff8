// Users and their personal workspaces made straight in the database, for lib-level tests; and the
// Actor a signed-in owner of that workspace would be.
import { eq } from 'drizzle-orm';
import { users, workspaces, type Plan } from '../../db/schema';
import type { Db } from '../../lib/db/types';
import { ALL_SCOPES, type Actor } from '../../lib/tenancy/actor';
import { ensurePersonalWorkspace } from '../../lib/workspaces/ensure-personal-workspace';

export interface TestUser {
  userId: string;
  workspaceId: string;
  actor: Actor;
  /** createLink input fields: this user's personal workspace, made by this user. */
  owns: { workspaceId: string; createdBy: string };
}

export async function makeUser(db: Db, id: string, plan: Plan = 'free'): Promise<TestUser> {
  await db
    .insert(users)
    .values({ id, name: id, email: `${id}@example.com` })
    .onConflictDoNothing();
  const workspaceId = await ensurePersonalWorkspace(db, { id });
  const [ws] = await db.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId)).returning();
  const actor: Actor = {
    userId: id,
    workspaceId,
    role: 'owner',
    via: 'session',
    scopes: ALL_SCOPES,
    workspace: { id: ws.id, name: ws.name, slug: ws.slug, kind: ws.kind, plan: ws.plan, limitPerHour: null, limitPerMinute: null },
  };
  return { userId: id, workspaceId, actor, owns: { workspaceId, createdBy: id } };
}
