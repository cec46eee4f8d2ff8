// Migration 0029 (webhook claim indexes) on a populated database of the previous schema: every
// webhook, delivery and attempt is kept; the claim per endpoint and the events retention run on it.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { pruneEvents } from '../../../lib/events/prune-events';
import { applyMigrations, shippedMigrationCount } from '../../../lib/db/migrate';
import { openDatabase } from '../../../lib/db/open-database';
import { claimDueDeliveries } from '../../../lib/webhooks/deliveries';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { migrationsUpTo } from '../../helpers/migrations-up-to';

const PREVIOUS = 29; // migrations 0000–0028: the schema before the per-endpoint claim index

describe(`migration to per-endpoint webhook claims on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  let tdb: TestDatabase;
  let deliveries: Array<Record<string, unknown>>;
  let attempts: number;
  let applied: number;
  let claimed: string[];
  let pruned: number;
  let indexes: string[];

  beforeAll(async () => {
    tdb = await makeDb();
    const open = () => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 });
    let db = await open();
    await applyMigrations(db, tdb.databaseUrl, migrationsUpTo(PREVIOUS));
    await db.query(
      `INSERT INTO webhooks (id, workspace_id, url, events) VALUES ('wh_a', $1, 'https://hooks.example/a', '{link.created}'), ('wh_b', $1, 'https://hooks.example/b', '{link.created}')`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(
      `INSERT INTO events (id, type, workspace_id, data, occurred_at, dispatched_at) VALUES
         ('evt_1', 'link.created', $1, '{}', now() - interval '60 days', now() - interval '60 days'),
         ('evt_2', 'link.created', $1, '{}', now(), now()),
         ('evt_3', 'link.created', $1, '{}', now() - interval '60 days', now() - interval '60 days')`,
      [SYSTEM_WORKSPACE_ID],
    );
    await db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, event_seq, status, attempts, completed_at)
       SELECT 'whd_' || e.id || '_' || w.id, w.id, e.id, e.seq, CASE WHEN e.id = 'evt_1' THEN 'succeeded' ELSE 'pending' END,
              CASE WHEN e.id = 'evt_1' THEN 1 ELSE 0 END, CASE WHEN e.id = 'evt_1' THEN now() END
       FROM events e, webhooks w WHERE e.id IN ('evt_1', 'evt_2')`,
    );
    await db.query(
      `INSERT INTO webhook_attempts (delivery_id, status_code, duration_ms, succeeded) SELECT id, 204, 5, true FROM webhook_deliveries WHERE status = 'succeeded'`,
    );
    await db.close();
    db = await open();
    await applyMigrations(db, tdb.databaseUrl);
    applied = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`))[0].n);
    deliveries = await db.query(`SELECT id, status, attempts FROM webhook_deliveries ORDER BY id`);
    attempts = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_attempts`))[0].n;
    indexes = (await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'webhook_deliveries' ORDER BY indexname`)).map(
      (r) => r.indexname,
    );
    claimed = (await claimDueDeliveries(db, { limit: 10, leaseSeconds: 30, perEndpoint: 1 })).map((c) => c.id).sort();
    pruned = await pruneEvents(db, 30);
    await db.close();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  test('every delivery and attempt is kept; claims and the events retention work on them', () => {
    expect(applied).toBe(shippedMigrationCount());
    expect(deliveries).toEqual([
      { id: 'whd_evt_1_wh_a', status: 'succeeded', attempts: 1 },
      { id: 'whd_evt_1_wh_b', status: 'succeeded', attempts: 1 },
      { id: 'whd_evt_2_wh_a', status: 'pending', attempts: 0 },
      { id: 'whd_evt_2_wh_b', status: 'pending', attempts: 0 },
    ]);
    expect(attempts).toBe(2);
    expect(indexes).toEqual(expect.arrayContaining(['webhook_deliveries_due_by_webhook', 'webhook_deliveries_event_idx']));
    expect(indexes).not.toContain('webhook_deliveries_due');
    expect(claimed).toEqual(['whd_evt_2_wh_a', 'whd_evt_2_wh_b']); // one per endpoint
    expect(pruned).toBe(1); // evt_3; evt_1 is still in two delivery logs
  });
});
