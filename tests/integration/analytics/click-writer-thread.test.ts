// The click writer's own thread (what a running server uses): clicks handed over in batches, two at
// a time, are enriched there (GeoIP, user agent), every one stored and counted once, with link.clicked
// events in the same write for a subscribed link, across a stop with batches still in flight — on
// PGlite through the thread's own port to the database thread, on PostgreSQL through its own pool.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import type { Click } from '../../../lib/analytics/click';
import { ClickBuffer } from '../../../lib/edge/click-buffer';
import { startClickWriterThread } from '../../../lib/edge/click-writer-thread';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

describe(`click writer thread on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
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

  const newLink = async (slug: string) => (await createLink({ url: `https://example.com/${slug}`, workspaceId: SYSTEM_WORKSPACE_ID }, ctx)).id;
  const thread = () =>
    startClickWriterThread({
      secret: 'thread-test',
      storeIp: true,
      holdMs: 3_600_000, // counts held until the stop settles them
      database: () => (tdb.databaseUrl ? { databaseUrl: tdb.databaseUrl } : { pglitePort: ctx.handle.connectPort!() }),
    });

  test('every click handed to the thread is enriched, stored and counted once; events go with the rows; a stop mid-stream loses nothing', async () => {
    const links = [await newLink('thread-1'), await newLink('thread-2'), await newLink('thread-hooked')];
    await ctx.handle.query(
      `INSERT INTO webhooks (id, workspace_id, url, events, link_id) VALUES ('wh_thread', $1, 'https://hooks.example/t', '{link.clicked}', $2)`,
      [SYSTEM_WORKSPACE_ID, links[2]],
    );
    const agents = [AGENTS.iphone, AGENTS.chrome, AGENTS.googlebot];
    const ips = ['8.8.8.8', '81.2.69.160'];
    const start = Date.now() - 600_000;
    const clicks: Click[] = Array.from({ length: 6_000 }, (_, i) => ({
      linkId: links[i % 3],
      at: start + i,
      ip: ips[i % 2],
      userAgent: agents[i % 5 === 0 ? 2 : i % 2],
      referrer: i % 4 === 0 ? 'https://t.co/x' : undefined,
      trigger: i % 7 === 0 ? 'qr' : undefined,
      head: i % 11 === 0,
    }));
    const writer = thread();
    const buffer = new ClickBuffer({ write: writer.write, settle: writer.settle, maxBatch: 400, maxInFlight: 2, flushMs: 10 });
    buffer.start();
    for (const [i, c] of clicks.entries()) {
      buffer.push(c);
      if (i % 500 === 499) await new Promise((r) => setImmediate(r)); // batches start while clicks keep coming
    }
    expect(await buffer.stop(120_000)).toBe(0); // stops with writes in flight and a backlog
    await writer.close();
    expect(buffer.written).toBe(6_000);

    const counted = (c: Click, i: number) => !c.head && i % 5 !== 0; // HEAD and the bot are stored, not counted
    const [row] = await ctx.handle.query<{ raw: number; counters: number; total: number; events: number; unenriched: number }>(
      `SELECT (SELECT count(*) FROM clicks WHERE link_id = ANY($1))::int AS raw,
              (SELECT sum(clicks) FROM links WHERE id = ANY($1))::int AS counters,
              (SELECT sum(clicks) FROM click_rollups WHERE link_id = ANY($1) AND dim = '')::int AS total,
              (SELECT count(*) FROM events WHERE type = 'link.clicked' AND link_id = $2)::int AS events,
              (SELECT count(*) FROM clicks WHERE link_id = ANY($1) AND (visitor IS NULL OR device IS NULL))::int AS unenriched`,
      [links, links[2]],
    );
    const expected = clicks.filter(counted).length;
    expect(row).toEqual({
      raw: 6_000,
      counters: expected,
      total: expected,
      events: clicks.filter((c, i) => counted(c, i) && c.linkId === links[2]).length,
      unenriched: 0,
    });
    const seen = await ctx.handle.query<{ ip: string; country: string | null; browser: string | null; bot: boolean; n: number }>(
      `SELECT ip, country, browser, bot, count(*)::int AS n FROM clicks WHERE link_id = ANY($1) AND NOT bot GROUP BY 1, 2, 3, 4 ORDER BY 1, 3`,
      [links],
    );
    // Enriched in the thread: the bundled GeoIP database's country and the parsed browser.
    expect(seen.map(({ ip, country, browser }) => ({ ip, country, browser }))).toEqual([
      { ip: '8.8.8.8', country: 'US', browser: 'Mobile Safari' },
      { ip: '81.2.69.160', country: 'GB', browser: 'Chrome' },
    ]);
  });

  test('a write that fails in the thread fails its batch, which the buffer writes again', async () => {
    const link = await newLink('thread-retry');
    const writer = thread();
    try {
      // A click of a link id no row has: the live-link check drops it; the batch itself succeeds.
      await writer.write([{ linkId: 987_654_321, at: Date.now(), ip: '8.8.8.8', userAgent: AGENTS.chrome, referrer: undefined }]);
      // A time PostgreSQL cannot store makes the row write fail.
      const bad: Click = { linkId: link, at: 8.64e15 * 10, ip: '8.8.8.8', userAgent: AGENTS.chrome, referrer: undefined };
      await expect(writer.write([bad])).rejects.toThrow();
      const buffer = new ClickBuffer({ write: writer.write, settle: writer.settle });
      buffer.push({ ...bad, at: Date.now() });
      expect(await buffer.stop()).toBe(0);
    } finally {
      await writer.close();
    }
    const [row] = await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks WHERE link_id = $1', [link]);
    expect(row.n).toBe(1);
  });
});
