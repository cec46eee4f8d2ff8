// The event outbox and the expiry sweep against every database: each committed change has its
// event, a failed change has none, and link.expired is written exactly once per expiry.
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { makeUser } from '../../helpers/workspace-fixtures';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, links } from '../../../db/schema';
import { eventJson, listEvents } from '../../../lib/events/list-events';
import { openDatabase } from '../../../lib/db/open-database';
import { createLink } from '../../../lib/links/create-link';
import { deleteLink } from '../../../lib/links/delete-link';
import { expireDueLinks } from '../../../lib/links/expire-due-links';
import { serializeLink } from '../../../lib/links/serialize-link';
import { setLinkDisabled } from '../../../lib/links/set-link-disabled';
import { updateLink } from '../../../lib/links/update-link';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';

describe(`event outbox on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  const name = suiteDatabase.name;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const eventsFor = async (linkId: number) => (await ctx.handle.db.select().from(events).where(eq(events.linkId, linkId)).orderBy(events.seq)).map(eventJson);

  /** A link already past its expiry (the APIs refuse past dates, so it is written directly). */
  async function dueLink(values: Partial<typeof links.$inferInsert> = {}) {
    const row = await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/due' }, ctx);
    const [due] = await ctx.handle.db
      .update(links)
      .set({ expiresAt: sql`now() - interval '1 second'`, ...values })
      .where(eq(links.id, row.id))
      .returning();
    return due;
  }

  test('create, update, disable and delete each write one event with the link as data', async () => {
    const user = await makeUser(ctx.handle.db, `user-1-${name}`);
    const created = await createLink({ url: 'https://example.com/one', alias: `ev-${name}`, ...user.owns }, ctx);
    const updated = await updateLink(created, { url: 'https://example.com/two' }, ctx, OPERATOR_SCOPE);
    const disabled = await setLinkDisabled(updated, { reason: 'phishing report' }, ctx);
    await deleteLink(disabled, ctx, OPERATOR_SCOPE);
    const list = await eventsFor(created.id);
    expect(list.map((e) => e.event)).toEqual(['link.created', 'link.updated', 'link.updated', 'link.deleted']);
    expect(list[0].data).toEqual(serializeLink(created, ctx.domains));
    expect(list[1].data).toMatchObject({ long_url: 'https://example.com/two', short_code: `ev-${name}` });
    expect(list[2].data).toMatchObject({ status: 'disabled', disabled_reason: 'phishing report' });
    expect(list[3].data).toMatchObject({ id: created.id, short_code: `ev-${name}` });
    for (const e of list) {
      expect(e.id).toMatch(/^evt_[0-9a-f]{32}$/);
      expect(e.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(new Set(list.map((e) => e.id)).size).toBe(4);
    const [row] = await ctx.handle.db.select().from(events).where(eq(events.linkId, created.id)).limit(1);
    expect(row.workspaceId).toBe(user.workspaceId);
  });

  test('a failed change writes no event', async () => {
    const before = (await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n;
    await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/a', alias: `taken-${name}` }, ctx);
    const other = await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/b' }, ctx);
    await expect(createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/c', alias: `TAKEN-${name}` }, ctx)).rejects.toMatchObject({
      code: 'alias_taken',
    });
    await expect(updateLink(other, { alias: `taken-${name}` }, ctx, OPERATOR_SCOPE)).rejects.toMatchObject({ code: 'alias_taken' });
    await expect(updateLink(other, { url: 'javascript:alert(1)' }, ctx, OPERATOR_SCOPE)).rejects.toMatchObject({ code: 'invalid_request' });
    const after = (await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n;
    expect(after - before).toBe(2); // the two successful creates only
    expect((await eventsFor(other.id)).map((e) => e.event)).toEqual(['link.created']);
  });

  test('the sweep marks due links expired and writes link.expired once; editing the expiry re-activates', async () => {
    const due = await dueLink();
    const limited = await dueLink({ expiresAt: null, maxClicks: 3, clicks: 3 });
    const future = await createLink({ workspaceId: SYSTEM_WORKSPACE_ID, url: 'https://example.com/later', expiresAt: new Date(Date.now() + 3_600_000) }, ctx);
    expect(await expireDueLinks(ctx)).toBe(2);
    expect(await expireDueLinks(ctx)).toBe(0);

    const dueEvents = await eventsFor(due.id);
    expect(dueEvents.map((e) => e.event)).toEqual(['link.created', 'link.expired']);
    expect(dueEvents[1].data).toMatchObject({ id: due.id, status: 'expired', reason: 'expiration' });
    expect((await eventsFor(limited.id)).at(-1)?.data).toMatchObject({ status: 'expired', reason: 'max_clicks' });
    expect((await eventsFor(future.id)).map((e) => e.event)).toEqual(['link.created']);

    const moved = await updateLink(due.id, { expiresAt: new Date(Date.now() + 3_600_000) }, ctx, OPERATOR_SCOPE);
    expect(moved.status).toBe('active');
    const raised = await updateLink(limited.id, { maxClicks: 10 }, ctx, OPERATOR_SCOPE);
    expect(raised.status).toBe('active');
    expect((await eventsFor(due.id)).map((e) => e.event)).toEqual(['link.created', 'link.expired', 'link.updated']);
    expect(await expireDueLinks(ctx)).toBe(0);
  });

  test('sweeps work through many due links in batches', async () => {
    const ids = [];
    for (let i = 0; i < 25; i++) ids.push((await dueLink()).id);
    expect(await expireDueLinks(ctx, { batchSize: 10 })).toBe(25);
    const rows = await listEvents(ctx.handle.db, { type: 'link.expired', limit: 1000 });
    for (const id of ids) expect(rows.filter((r) => r.linkId === id)).toHaveLength(1);
  });

  if (name === 'PostgreSQL') {
    test('sweeps running side by side on separate connections write link.expired exactly once per link', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 100; i++) ids.push((await dueLink()).id);
      const others = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir, maxConnections: 2 })));
      try {
        const counts = await Promise.all([ctx.handle, ...others].map((handle) => expireDueLinks({ handle, domains: ctx.domains }, { batchSize: 7 })));
        expect(counts.reduce((a, b) => a + b, 0)).toBe(100);
      } finally {
        await Promise.all(others.map((h) => h.close()));
      }
      const rows = await ctx.handle.query<{ link_id: number; n: number }>(
        `SELECT link_id, count(*)::int AS n FROM events WHERE type = 'link.expired' AND link_id = ANY($1) GROUP BY link_id`,
        [ids],
      );
      expect(rows).toHaveLength(100);
      expect(rows.every((r) => r.n === 1)).toBe(true);
    });
  }
});
