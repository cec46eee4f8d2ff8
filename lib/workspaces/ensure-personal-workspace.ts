// Every user has a personal workspace (made at sign-up; made here too if that step was missed).
// Running it twice is harmless: the unique personal owner and membership keys make it a no-op.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { workspaceMembers, workspaces } from '../../db/schema';
import type { Db } from '../db/types';

export async function ensurePersonalWorkspace(db: Db, user: { id: string }): Promise<string> {
  const id = randomUUID();
  await db
    .insert(workspaces)
    .values({ id, name: 'Personal', slug: `personal-${id.replaceAll('-', '').slice(0, 12)}`, kind: 'personal', personalOwnerId: user.id })
    .onConflictDoNothing();
  const [ws] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.personalOwnerId, user.id), eq(workspaces.kind, 'personal')))
    .limit(1);
  await db.insert(workspaceMembers).values({ id: randomUUID(), organizationId: ws.id, userId: user.id, role: 'owner' }).onConflictDoNothing();
  return ws.id;
}
