// A seeded database for landing-page tests, written before Sling starts (PGlite allows one process):
// workspace W, the owner's own (owner, admin, member; each with a password and an API token), with verified custom domains,
// and an outsider's own workspace with one of its own. Verified in the database, as DNS checks are
// tested elsewhere (domains-http.test.ts).
import { randomUUID } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { accounts, domains, users, workspaceMembers, workspaces, type Role } from '../../db/schema';
import { hashPassword } from '../../lib/passwords/password';
import { applyMigrations } from '../../lib/db/migrate';
import { openDatabase } from '../../lib/db/open-database';
import { ensureDefaultDomain } from '../../lib/domains/domain-registry';
import { createApiToken } from '../../lib/tokens/manage-tokens';
import { ensurePersonalWorkspace } from '../../lib/workspaces/ensure-personal-workspace';
import type { TestDatabase } from './databases';

export const LANDING_PASSWORD = 'landing password 1';
export type LandingWho = 'owner' | 'admin' | 'member' | 'outsider';

export interface LandingFixture {
  /** W, the owner's workspace. */
  workspaceId: string;
  emails: Record<LandingWho, string>;
  tokens: Record<LandingWho, string>;
  /** Team W's verified domains, by host name. */
  domains: Record<string, number>;
  /** The outsider's own verified domain. */
  foreignDomain: number;
}

export async function seedLandingFixture(tdb: TestDatabase, hosts: string[], foreignHost = 'go.outsider.test'): Promise<LandingFixture> {
  const handle = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
  try {
    await applyMigrations(handle, tdb.databaseUrl);
    await ensureDefaultDomain(handle, '127.0.0.1');
    const db = handle.db;
    const hash = await hashPassword(LANDING_PASSWORD);
    const who: LandingWho[] = ['owner', 'admin', 'member', 'outsider'];
    for (const id of who) {
      await db.insert(users).values({ id: `lp-${id}`, name: `Landing ${id}`, email: `lp-${id}@example.com`, emailVerified: true });
      await db.insert(accounts).values({ id: `acc-lp-${id}`, accountId: `lp-${id}`, providerId: 'credential', userId: `lp-${id}`, password: hash });
      await ensurePersonalWorkspace(db, { id: `lp-${id}` });
    }
    // W is the owner's own workspace, where signing in lands; the admin and the member are added to it.
    const personal = async (id: LandingWho) =>
      (
        await db
          .select()
          .from(workspaces)
          .where(and(eq(workspaces.personalOwnerId, `lp-${id}`), eq(workspaces.kind, 'personal')))
      )[0];
    const W = (await personal('owner')).id;
    for (const [id, role] of [
      ['admin', 'admin'],
      ['member', 'member'],
    ] as Array<[LandingWho, Role]>) {
      await db.insert(workspaceMembers).values({ id: randomUUID(), organizationId: W, userId: `lp-${id}`, role });
    }
    const o = await personal('outsider');
    await db
      .update(workspaces)
      .set({ plan: 'enterprise' })
      .where(or(eq(workspaces.id, W), eq(workspaces.id, o.id)));
    const tokens = {} as Record<LandingWho, string>;
    for (const id of who) tokens[id] = (await createApiToken(db, { userId: `lp-${id}`, workspaceId: id === 'outsider' ? o.id : W, name: 'landing' })).secret;
    const ids: Record<string, number> = {};
    for (const hostname of hosts) {
      const [row] = await db
        .insert(domains)
        .values({ hostname, workspaceId: W, status: 'verified', verificationToken: randomUUID().replace(/-/g, ''), verifiedAt: new Date() })
        .returning();
      ids[hostname] = row.id;
    }
    const [foreign] = await db
      .insert(domains)
      .values({ hostname: foreignHost, workspaceId: o.id, status: 'verified', verificationToken: 'f0', verifiedAt: new Date() })
      .returning();
    return {
      workspaceId: W,
      emails: Object.fromEntries(who.map((w) => [w, `lp-${w}@example.com`])) as Record<LandingWho, string>,
      tokens,
      domains: ids,
      foreignDomain: foreign.id,
    };
  } finally {
    await handle.close();
  }
}
