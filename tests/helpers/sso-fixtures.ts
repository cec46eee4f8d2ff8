// An Enterprise team workspace with an owner and a member, made before Sling starts (PGlite allows
// one process at a time): accounts as the CLI makes them (seed-in-process.ts), the workspace and memberships in the database,
// then an API token of the owner for that workspace.
import { randomUUID } from 'node:crypto';
import { workspaceMembers, workspaces } from '../../db/schema';
import { seedToken, seedUser } from './seed-in-process';
import type { DbHandle } from '../../lib/db/types';
import type { TestDatabase } from './databases';
import { openTestContext } from './open-test-handle';

export const PASSWORD = 'correct horse 1';

export async function createUser(env: Record<string, string>, email: string, plan = 'free'): Promise<void> {
  await seedUser(env, email, { plan, password: PASSWORD, name: email.split('@')[0] });
}

export async function createToken(env: Record<string, string>, email: string, workspace?: string): Promise<string> {
  return seedToken(env, email, { workspace });
}

/** The team workspace `slug` (Enterprise) owned by `owner`, with `members` as Members; returns its id. */
export async function createEnterpriseTeam(tdb: TestDatabase, slug: string, owner: string, members: string[] = []): Promise<string> {
  const ctx = await openTestContext(tdb);
  try {
    return await makeEnterpriseTeam(ctx.handle, slug, owner, members);
  } finally {
    await ctx.handle.close();
  }
}

/** createEnterpriseTeam on a database already open (an in-process Sling's). */
export async function makeEnterpriseTeam(handle: DbHandle, slug: string, owner: string, members: string[] = []): Promise<string> {
  const db = handle.db;
  const id = randomUUID();
  const ids = await db.query.users.findMany({ columns: { id: true, email: true } });
  const idOf = (email: string) => ids.find((u) => u.email === email)!.id;
  await db.insert(workspaces).values({ id, name: 'Acme Corp', slug, kind: 'team', plan: 'enterprise' });
  await db
    .insert(workspaceMembers)
    .values([
      { id: randomUUID(), organizationId: id, userId: idOf(owner), role: 'owner' as const },
      ...members.map((m) => ({ id: randomUUID(), organizationId: id, userId: idOf(m), role: 'member' as const })),
    ]);
  return id;
}
