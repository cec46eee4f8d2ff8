// Migration 0038 (who invited a member) on a populated database of the previous schema: every
// membership is kept as it was; those who joined by an invitation get its inviter and date (the
// newest accepted one to their address in that workspace), the rest none; deleting an inviter's
// account keeps the membership and forgets only who invited.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 38; // migrations 0000–0037: no inviter on memberships
const MEMBERS = `SELECT id, workspace_id, user_id, role, created_at FROM workspace_members ORDER BY id`;

describe(`migration to member inviters on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db) {
        // 40 workspaces, each with an owner and 5 members; members 1–3 joined by an invitation.
        await db.query(`INSERT INTO users (id, name, email) SELECT 'u' || n, 'User ' || n, 'User' || n || '@Example.com' FROM generate_series(1, 240) AS n`);
        await db.query(`INSERT INTO workspaces (id, name, slug) SELECT 'w' || n, 'Team ' || n, 'team-' || n FROM generate_series(1, 40) AS n`);
        await db.query(
          `INSERT INTO workspace_members (id, workspace_id, user_id, role)
           SELECT 'm' || w || '-' || k, 'w' || w, 'u' || ((w - 1) * 6 + k + 1), CASE WHEN k = 0 THEN 'owner' ELSE 'member' END
           FROM generate_series(1, 40) AS w, generate_series(0, 5) AS k`,
        );
        // The accepted invitation (an older canceled one by someone else too, and one to another workspace).
        await db.query(
          `INSERT INTO workspace_invitations (id, workspace_id, email, role, status, expires_at, inviter_id, created_at, updated_at)
           SELECT 'i' || w || '-' || k, 'w' || w, 'user' || ((w - 1) * 6 + k + 1) || '@example.com', 'member', 'accepted', now(), 'u' || ((w - 1) * 6 + 1),
                  timestamptz '2026-01-01' + (w || ' hours')::interval, timestamptz '2026-01-02'
           FROM generate_series(1, 40) AS w, generate_series(1, 3) AS k`,
        );
        await db.query(
          `INSERT INTO workspace_invitations (id, workspace_id, email, role, status, expires_at, inviter_id, created_at, updated_at)
           SELECT 'old' || w, 'w' || w, 'user' || ((w - 1) * 6 + 2) || '@example.com', 'member', 'canceled', now(), 'u' || ((w - 1) * 6 + 6),
                  timestamptz '2025-06-01', timestamptz '2025-06-01'
           FROM generate_series(1, 40) AS w`,
        );
        await db.query(
          `INSERT INTO workspace_invitations (id, workspace_id, email, role, status, expires_at, inviter_id)
           VALUES ('elsewhere', 'w2', 'user5@example.com', 'member', 'accepted', now(), 'u7')`,
        );
        return { members: await db.query(MEMBERS) };
      },
      async after(db) {
        const members = await db.query<Record<string, unknown>>(
          `SELECT id, workspace_id, user_id, role, created_at, invited_by, invited_at FROM workspace_members ORDER BY id`,
        );
        await db.query(`DELETE FROM users WHERE id = 'u1'`);
        const [afterDelete] = await db.query(`SELECT invited_by, invited_at FROM workspace_members WHERE id = 'm1-1'`);
        return { members, afterDelete };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every membership is kept; those who joined by an invitation know who invited them and when', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.members).toHaveLength(240);
    expect(after.members.map(({ invited_by: _b, invited_at: _a, ...row }) => row)).toEqual(before.members);
    for (const m of after.members) {
      const [w, k] = String(m.id).slice(1).split('-').map(Number);
      if (k >= 1 && k <= 3) {
        expect(m.invited_by).toBe(`u${(w - 1) * 6 + 1}`);
        expect(new Date(m.invited_at as string).toISOString()).toBe(new Date(Date.UTC(2026, 0, 1, w)).toISOString());
      } else {
        expect({ id: m.id, invited_by: m.invited_by, invited_at: m.invited_at }).toEqual({ id: m.id, invited_by: null, invited_at: null });
      }
    }
    // The inviter's account deleted: the membership stays, with its date and no inviter.
    expect(after.afterDelete).toEqual({ invited_by: null, invited_at: expect.anything() });
  });
});
