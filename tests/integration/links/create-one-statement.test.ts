// A link creation is one database statement (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// counted through the handle it is given: the guard against another link's old code, the
// link.created event and, on PostgreSQL NOTIFY, the cross-instance invalidation all ride in it. A
// random code that is an old code is drawn again (two statements, nothing left behind); an alias
// that is one, in any letter case, is refused.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHANNEL, invalidationBus, linkKey } from '../../../lib/cache/invalidation-bus';
import { postgresTransport } from '../../../lib/cache/postgres-transport';
import type { DbHandle } from '../../../lib/db/types';
import { openDatabase } from '../../../lib/db/open-database';
import { createLink } from '../../../lib/links/create-link';
import { getLinkByCode } from '../../../lib/links/get-link-by-code';
import type { AppContext } from '../../../lib/context/app-context';
import { updateLink } from '../../../lib/links/update-link';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

/** The handle with every way to reach the database counted: plain queries, pg-boss's, transactions and Drizzle builders started. */
function countingHandle(handle: DbHandle): { handle: DbHandle; statements: () => number } {
  let n = 0;
  const db = new Proxy(handle.db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        n++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const counted: DbHandle = {
    ...handle,
    db,
    query: (text, params, options) => (n++, handle.query(text, params, options)),
    executeSql: (text, values) => (n++, handle.executeSql(text, values)),
    transaction: (fn) => (n++, handle.transaction(fn)),
  };
  return { handle: counted, statements: () => n };
}

describe(`link creation in one statement on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.empty;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: AppContext & { handle: DbHandle };
  let counted: ReturnType<typeof countingHandle>;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    counted = countingHandle(ctx.handle);
    // The first creation loads the threat list of the handle once (then cached): not a creation's own cost.
    await createLink({ workspaceId: W, url: 'https://example.com/warm-up' }, { ...ctx, handle: counted.handle });
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  /** The context on the counted handle, and the statements made through it since this call. */
  const counting = () => {
    const from = counted.statements();
    return { ctx: { ...ctx, handle: counted.handle }, statements: () => counted.statements() - from };
  };
  const eventsOf = (linkId: number) =>
    ctx.handle.query<{ type: string; data: { id: number; short_code?: string; code?: string } }>('SELECT type, data FROM events WHERE link_id = $1', [linkId]);

  test('a creation with a random code is one statement, and its link.created event is written with it', async () => {
    const c = counting();
    const row = await createLink({ workspaceId: W, url: 'https://example.com/one', tags: ['a'], note: 'n' }, c.ctx);
    expect(c.statements()).toBe(1);
    const stored = await getLinkByCode(ctx.handle.db, row.domainId, row.shortCode);
    expect(stored).toEqual(row); // what createLink answers is what was stored
    const events = await eventsOf(row.id);
    expect(events).toHaveLength(1);
    expect(events[0].type).toBe('link.created');
    expect(events[0].data.id).toBe(row.id);
  });

  test("a random code held as another link's old code (in another letter case) is drawn again; nothing is left of the first try", async () => {
    const first = await createLink({ workspaceId: W, url: 'https://example.com/held', alias: 'Held-One' }, ctx);
    await updateLink(first, { alias: 'held-two' }, ctx, OPERATOR_SCOPE); // held-one is now an old code of `first`
    const scripted = ['HELD-ONE', 'fresh77'];
    let calls = 0;
    const c = counting();
    const row = await createLink({ workspaceId: W, url: 'https://example.com/drawn-again' }, c.ctx, { generate: () => scripted[calls++] });
    expect(row.shortCode).toBe('fresh77');
    expect(c.statements()).toBe(2);
    expect((await getLinkByCode(ctx.handle.db, first.domainId, 'held-one'))?.id).toBe(first.id);
    const tries = await ctx.handle.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE type = 'link.created' AND data->>'long_url' = 'https://example.com/drawn-again'`,
    );
    expect(tries[0].n).toBe(1);
  });

  test('an alias that is an old code of a renamed link, in any letter case, or a current code, is refused (alias_taken) in one statement', async () => {
    const first = await createLink({ workspaceId: W, url: 'https://example.com/renamed', alias: 'old-Name' }, ctx);
    await updateLink(first, { alias: 'new-name' }, ctx, OPERATOR_SCOPE);
    for (const alias of ['OLD-NAME', 'New-Name']) {
      const c = counting();
      const err = await createLink({ workspaceId: W, url: 'https://example.com/x', alias }, c.ctx).catch((e: { code?: string; status?: number }) => e);
      expect(err).toMatchObject({ code: 'alias_taken' });
      expect(c.statements()).toBe(1);
    }
  });

  // Each database its own test, registered only for it (a skipped test fails CI). PGlite is one
  // process: its bus tells this instance's listeners once the statement is done.
  if (name !== 'PostgreSQL')
    test('on PGlite, the creation tells the bus its key once, after its one statement; a refused alias tells nothing', async () => {
      const heard: string[] = [];
      const stop = invalidationBus().subscribe((key) => heard.push(key));
      try {
        const c = counting();
        const row = await createLink({ workspaceId: W, url: 'https://example.com/told', alias: 'Told-1' }, c.ctx);
        expect(c.statements()).toBe(1);
        const key = linkKey(row.domainId, 'told-1');
        expect(heard.filter((k) => k === key)).toHaveLength(1);
        const refused = await createLink({ workspaceId: W, url: 'https://example.com/x', alias: 'told-1' }, ctx).catch((e: { code?: string }) => e.code);
        expect(refused).toBe('alias_taken');
        expect(heard.filter((k) => k === key)).toHaveLength(1);
      } finally {
        stop();
      }
    });

  if (name === 'PostgreSQL')
    test('on PostgreSQL, the creation is a named prepared statement: planned once per connection, not on every call', async () => {
      const single = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 1 });
      try {
        const one = { ...ctx, handle: single };
        for (const n of [1, 2, 3]) await createLink({ workspaceId: W, url: `https://example.com/prepared/${n}` }, one);
        const prepared = await single.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE name LIKE 'sling_insert_link%'`);
        expect(prepared.map((p) => p.name)).toEqual(['sling_insert_link']);
      } finally {
        await single.close();
      }
    });

  if (name === 'PostgreSQL')
    test('on PostgreSQL NOTIFY, the invalidation is sent by the creating statement itself and reaches a listener', async () => {
      const bus = invalidationBus();
      // Sent through the counted handle: a NOTIFY after the statement, instead of in it, would count.
      await bus.useTransport(postgresTransport(tdb.databaseUrl!, (text, params) => counted.handle.query(text, params)));
      const listener = new pg.Client({ connectionString: tdb.databaseUrl });
      const heard: string[] = [];
      try {
        await listener.connect();
        listener.on('notification', (m) => m.payload && heard.push(m.payload));
        await listener.query(`LISTEN ${CHANNEL}`);
        const c = counting();
        const row = await createLink({ workspaceId: W, url: 'https://example.com/notified', alias: 'Notified-1' }, c.ctx);
        expect(c.statements()).toBe(1);
        await until('the NOTIFY', async () => heard.some((p) => p.endsWith(`|${linkKey(row.domainId, 'notified-1')}`)));
        // A refused alias sends nothing: the statement wrote nothing.
        const refused = await createLink({ workspaceId: W, url: 'https://example.com/x', alias: 'notified-1' }, ctx).catch((e: { code?: string }) => e.code);
        expect(refused).toBe('alias_taken');
        await createLink({ workspaceId: W, url: 'https://example.com/after', alias: 'notified-2' }, ctx);
        await until('the next NOTIFY', async () => heard.some((p) => p.endsWith(`|${linkKey(row.domainId, 'notified-2')}`)));
        expect(heard.filter((p) => p.endsWith('|' + linkKey(row.domainId, 'notified-1')))).toHaveLength(1);
      } finally {
        await listener.end();
        await bus.close();
      }
    });
});
