// PGlite in its worker thread behaves like PGlite: results, errors with SQLSTATE, transactions.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openPgliteThread, pgliteOverPort, type PgliteThread } from '../../../lib/db/pglite-thread';
import { tempDir } from '../../helpers/databases';

let dir: string;
let db: PgliteThread;
beforeAll(async () => {
  dir = tempDir();
  db = await openPgliteThread(dir);
  await db.exec('CREATE TABLE t (id int PRIMARY KEY, at timestamptz, note text)');
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

test('queries return rows in object or array mode; identity parsers keep timestamps as text', async () => {
  await db.query('INSERT INTO t VALUES ($1, $2, $3)', [1, '2026-01-02T03:04:05Z', 'a']);
  const objects = await db.query('SELECT id, note FROM t');
  expect(objects.rows).toEqual([{ id: 1, note: 'a' }]);
  const arrays = await db.query('SELECT id, at FROM t', [], { rowMode: 'array', parsers: { 1184: (v) => v } });
  expect(arrays.rows).toEqual([[1, '2026-01-02 03:04:05+00']]);
  expect((await db.query('SELECT at FROM t')).rows[0]).toEqual({ at: new Date('2026-01-02T03:04:05Z') });
});

test('errors keep their SQLSTATE code and constraint', async () => {
  const err = await db.query('INSERT INTO t VALUES (1, now(), $1)', ['dup']).catch((e) => e);
  expect(err).toBeInstanceOf(Error);
  expect(err.code).toBe('23505');
  expect(err.constraint).toBe('t_pkey');
});

test('a transaction commits as a whole or not at all, and other queries wait for it', async () => {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO t VALUES (2, now(), $1)', ['committed']);
    await tx.query('INSERT INTO t VALUES (3, now(), $1)', ['committed']);
  });
  const failed = await db
    .transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (4, now(), $1)', ['rolled back']);
      await tx.query('INSERT INTO t VALUES (2, now(), $1)', ['duplicate']);
    })
    .catch((e) => e);
  expect(failed.code).toBe('23505');
  const ids = (await db.query('SELECT id FROM t ORDER BY id')).rows.map((r) => (r as { id: number }).id);
  expect(ids).toEqual([1, 2, 3]);

  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let inserted!: () => void;
  const holding = new Promise<void>((r) => (inserted = r));
  const tx = db.transaction(async (t) => {
    await t.query('INSERT INTO t VALUES (5, now(), $1)', ['late']);
    inserted();
    await gate;
  });
  const outside = db.query('SELECT count(*)::int AS n FROM t');
  // The query outside was sent while the transaction holds its uncommitted row; then it commits.
  await holding;
  release();
  await tx;
  expect((await outside).rows).toEqual([{ n: 4 }]);
});

test('another thread reaches the database through its own port: queries, SQLSTATE errors, transactions that commit or roll back', async () => {
  // The click writer's thread talks to PGlite this way; a MessagePort works the same in any thread.
  const other = pgliteOverPort(db.connectPort());
  try {
    await other.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (10, now(), $1)', ['from the port']);
    });
    const dup = await other.transaction((tx) => tx.query('INSERT INTO t VALUES (10, now(), $1)', ['again'])).catch((e) => e);
    expect(dup.code).toBe('23505');
    expect((await db.query('SELECT note FROM t WHERE id = 10')).rows).toEqual([{ note: 'from the port' }]);
    expect((await other.query('SELECT count(*)::int AS n FROM t WHERE id >= 10')).rows).toEqual([{ n: 1 }]);
  } finally {
    await other.close();
  }
  // Closing the port leaves the database open for everyone else.
  expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  await expect(other.query('SELECT 1')).rejects.toThrow(/closed/);
});
