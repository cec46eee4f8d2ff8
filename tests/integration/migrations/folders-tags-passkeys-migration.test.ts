// Migration 0040 (folders, tag colours, passkeys) on a populated database of the previous schema:
// every link keeps its tags and the rest of its row and is in no folder; users and their accounts
// are kept; afterwards a link may be filed, a folder's deletion unfiles it, and a tag may get a colour.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { shippedMigrationCount } from '../../../lib/db/migrate';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migratePopulated } from '../../helpers/migrate-populated';

const PREVIOUS = 40; // migrations 0000–0039
const LINKS = `SELECT short_code, long_url, clicks::int AS clicks, tags, status, archived_at FROM links ORDER BY id`;
const USERS = `SELECT id, email FROM users ORDER BY id`;

describe(`migration to folders, tag colours and passkeys on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let result: Awaited<ReturnType<typeof migrate>>;

  const migrate = () =>
    migratePopulated(tdb, PREVIOUS, {
      async before(db, domainId) {
        await db.query(
          `INSERT INTO links (workspace_id, domain_id, short_code, long_url, clicks, tags, archived_at)
           SELECT $1, $2, 'f' || n, 'https://example.com/' || n, n * 2,
                  CASE WHEN n % 3 = 0 THEN ARRAY['launch', 'q' || (n % 4)] ELSE '{}'::text[] END,
                  CASE WHEN n % 7 = 0 THEN now() END
           FROM generate_series(1, 300) AS n`,
          [SYSTEM_WORKSPACE_ID, domainId],
        );
        await db.query(
          `INSERT INTO users (id, name, email, email_verified) SELECT 'u' || n, 'User ' || n, 'u' || n || '@example.com', true FROM generate_series(1, 20) AS n`,
        );
        return { links: await db.query(LINKS), users: await db.query(USERS) };
      },
      async after(db) {
        const links = await db.query<Record<string, unknown>>(
          `SELECT short_code, long_url, clicks::int AS clicks, tags, status, archived_at, folder_id FROM links ORDER BY id`,
        );
        const users = await db.query(USERS);
        await db.query(`INSERT INTO folders (id, workspace_id, name) VALUES ('fo1', $1, 'Launch')`, [SYSTEM_WORKSPACE_ID]);
        const dup = await db.query(`INSERT INTO folders (id, workspace_id, name) VALUES ('fo2', $1, 'LAUNCH')`, [SYSTEM_WORKSPACE_ID]).then(
          () => 'inserted',
          () => 'refused',
        );
        await db.query(`UPDATE links SET folder_id = 'fo1' WHERE short_code IN ('f1', 'f2')`);
        const filed = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM links WHERE folder_id = 'fo1'`);
        await db.query(`DELETE FROM folders WHERE id = 'fo1'`);
        const unfiled = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM links WHERE folder_id IS NOT NULL`);
        await db.query(`INSERT INTO tags (workspace_id, name, color) VALUES ($1, 'launch', 'green')`, [SYSTEM_WORKSPACE_ID]);
        await db.query(
          `INSERT INTO passkeys (id, public_key, user_id, credential_id, counter, device_type, backed_up) VALUES ('pk1', 'key', 'u1', 'cred1', 0, 'singleDevice', false)`,
        );
        await db.query(`DELETE FROM users WHERE id = 'u1'`);
        const passkeys = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM passkeys`);
        return { links, users, dup, filed: filed[0]?.n, unfiled: unfiled[0]?.n, passkeys: passkeys[0]?.n };
      },
    });

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    result = await migrate();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every link and user is kept, no link is filed; folders, colours and passkeys work after', () => {
    const { before, after, applied } = result;
    expect(applied).toBe(shippedMigrationCount());
    expect(after.links).toHaveLength(300);
    expect(after.links.map(({ folder_id: _, ...row }) => row)).toEqual(before.links);
    expect(after.links.every((l) => l.folder_id === null)).toBe(true);
    expect(after.users).toEqual(before.users);
    expect(after.dup).toBe('refused');
    expect(after.filed).toBe(2);
    expect(after.unfiled).toBe(0);
    expect(after.passkeys).toBe(0);
  });
});
