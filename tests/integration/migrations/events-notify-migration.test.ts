// Migration 0042 (events notify their channel) on a populated database of the previous schema: every
// event, webhook and delivery is kept; afterwards an insert of events notifies `sling_events` once per
// committed statement that inserted at least one, and a rolled-back or empty one does not.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import type { DbHandle } from '../../../lib/db/types';
import { EVENTS_CHANNEL } from '../../../lib/webhooks/events-channel';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';
import { until } from '../../helpers/until';

const PREVIOUS = 42; // migrations 0000–0041: the schema before the events trigger

describe(`migration to events that notify on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let db: DbHandle;
  let notified = 0;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    tdb = await suiteDatabase.empty();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(`INSERT INTO webhooks (id, workspace_id, url, events) VALUES ('wh_a', $1, 'https://hooks.example/a', '{link.created}')`, [
      SYSTEM_WORKSPACE_ID,
    ]);
    await db.query(
      `INSERT INTO events (id, type, workspace_id, data, dispatched_at) VALUES ('evt_1', 'link.created', $1, '{"n":1}', now()), ('evt_2', 'link.created', $1, '{"n":2}', NULL)`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, status, attempts) SELECT 'whd_' || e.id, 'wh_a', e.id, e.seq, 'pending', 0 FROM events e WHERE e.id = 'evt_1'`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    stop = await db.listen!(EVENTS_CHANNEL, () => notified++);
  });
  afterAll(async () => {
    await stop?.();
    await db?.close();
    await tdb?.drop();
  });

  test('every event, webhook and delivery is kept', async () => {
    expect(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))[0].n)).toBe(shippedMigrationCount());
    expect(await db.query('SELECT id, data, dispatched_at IS NOT NULL AS dispatched FROM events ORDER BY id')).toEqual([
      { id: 'evt_1', data: { n: 1 }, dispatched: true },
      { id: 'evt_2', data: { n: 2 }, dispatched: false },
    ]);
    expect(await db.query('SELECT id, status FROM webhook_deliveries')).toEqual([{ id: 'whd_evt_1', status: 'pending' }]);
    expect(await db.query(`SELECT id FROM webhooks`)).toEqual([{ id: 'wh_a' }]);
  });

  test('a committed insert of events notifies once; an empty or rolled-back one does not', async () => {
    const insert = (q: Pick<DbHandle, 'query'>, id: string) =>
      q.query(`INSERT INTO events (id, type, workspace_id, data) VALUES ($1, 'link.created', $2, '{}')`, [id, SYSTEM_WORKSPACE_ID]);
    // A marker insert after each case: once its notification is in, the case's own would have been too.
    let marks = 0;
    const marker = async () => {
      const before = notified;
      await insert(db, `evt_mark_${++marks}`);
      await until('the marker notifies', async () => notified > before);
      return notified - before;
    };
    expect(await marker()).toBe(1);

    await db.transaction(async (tx) => {
      await insert(tx, 'evt_a');
      await insert(tx, 'evt_b');
    });
    await until('the transaction notifies', async () => notified >= 2);
    expect(await marker()).toBe(1); // one for the transaction's two statements, then the marker's: nothing more
    expect(notified).toBe(3);

    await db.query(`INSERT INTO events (id, type, workspace_id, data) SELECT 'evt_none', 'link.created', $1, '{}' WHERE false`, [SYSTEM_WORKSPACE_ID]);
    await db
      .transaction(async (tx) => {
        await insert(tx, 'evt_rolled_back');
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await marker()).toBe(1);
    expect(notified).toBe(4);
  });
});
