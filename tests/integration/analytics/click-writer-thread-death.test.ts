// A click writer's thread killed mid-burst, from outside, while it holds the counts of batches it
// has stored: the next thread recounts their link-hours from the stored clicks before any batch, so
// the rollups (every dimension) and link counters agree with the stored clicks per link and hour —
// on PGlite (the thread's port to the database thread) and PostgreSQL (its own pool).
import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import type { Click } from '../../../lib/analytics/click';
import { ClickBuffer } from '../../../lib/edge/click-buffer';
import { startClickWriterThread } from '../../../lib/edge/click-writer-thread';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';

describe(`click writer thread death on ${suiteDatabase.name}`, () => {
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

  test('a thread killed holding the counts of stored batches is replaced, and its counts are rebuilt from the stored clicks', async () => {
    const links = [await newLink('death-1'), await newLink('death-2'), await newLink('death-3')];
    const agents = [AGENTS.iphone, AGENTS.chrome, AGENTS.googlebot];
    const ips = ['8.8.8.8', '81.2.69.160', '2001:4860:4860::8888'];
    const start = Date.now() - 3 * 3_600_000;
    // Over about three hours, so each link's clicks fall into several hourly rollups.
    const burst = (from: number, n: number): Click[] =>
      Array.from({ length: n }, (_, k) => {
        const i = from + k;
        return {
          linkId: links[i % 3],
          at: start + i * 400,
          ip: ips[i % 3],
          userAgent: agents[i % 7 === 0 ? 2 : i % 2],
          referrer: i % 4 === 0 ? 'https://t.co/x' : undefined,
          trigger: i % 5 === 0 ? 'qr' : undefined,
          head: i % 13 === 0,
        };
      });
    const threads: Worker[] = [];
    const writer = startClickWriterThread({
      secret: 'death-test',
      holdMs: 3_600_000, // counts held until a quiet buffer settles them
      database: () => (tdb.databaseUrl ? { databaseUrl: tdb.databaseUrl } : { pglitePort: ctx.handle.connectPort!() }),
      onThread: (worker) => threads.push(worker),
    });
    const buffer = new ClickBuffer({ write: writer.write, settle: writer.settle, maxBatch: 300, maxRowsPerWrite: 300, maxInFlight: 2, flushMs: 10 });
    buffer.start();
    for (const c of burst(0, 9_000)) buffer.push(c);
    // Batches stored, their counts held (the buffer never ran dry, so never settled), more waiting.
    await until('stored batches while more wait', async () => buffer.written >= 1_500 && buffer.size > 0, {
      intervalMs: 2,
      timeoutMs: 120_000, // the thread loads both GeoIP files first
    });
    const [before] = await ctx.handle.query<{ counted: number }>('SELECT sum(clicks)::int AS counted FROM links WHERE id = ANY($1)', [links]);
    expect(before.counted).toBe(0);
    await threads[0].terminate();
    for (const c of burst(9_000, 3_000)) buffer.push(c);
    expect(await buffer.stop(120_000)).toBe(0);
    await writer.close();
    expect(threads.length).toBeGreaterThan(1);

    // Per link and hour, every counted dimension's rollups add up to the stored non-bot clicks.
    const disagreeing = await ctx.handle.query(
      `WITH stored AS (
         SELECT link_id, to_timestamp(floor(extract(epoch FROM clicked_at) / 3600) * 3600) AS hour, count(*)::int AS n
         FROM clicks WHERE link_id = ANY($1) AND NOT bot GROUP BY 1, 2),
       rolled AS (
         SELECT link_id, hour, dim, sum(clicks)::int AS n FROM click_rollups
         WHERE link_id = ANY($1) AND dim IN ('', 'country', 'city', 'device', 'browser', 'referrer', 'trigger') GROUP BY 1, 2, 3),
       dims AS (SELECT unnest(ARRAY['', 'country', 'city', 'device', 'browser', 'referrer', 'trigger']) AS dim)
       SELECT s.link_id, s.hour, d.dim, s.n AS stored, r.n AS rolled
       FROM stored s CROSS JOIN dims d LEFT JOIN rolled r ON r.link_id = s.link_id AND r.hour = s.hour AND r.dim = d.dim
       WHERE r.n IS DISTINCT FROM s.n`,
      [links],
    );
    expect(disagreeing).toEqual([]);
    const counters = await ctx.handle.query<{ id: number; clicks: number; stored: number }>(
      `SELECT l.id::int, l.clicks::int, (SELECT count(*)::int FROM clicks c WHERE c.link_id = l.id AND NOT c.bot) AS stored
       FROM links l WHERE l.id = ANY($1) ORDER BY l.id`,
      [links],
    );
    expect(counters.map((r) => r.clicks)).toEqual(counters.map((r) => r.stored));
    // Every click stored; one whose batch was stored as the thread died, its reply lost, is stored again.
    const [raw] = await ctx.handle.query<{ n: number }>('SELECT count(*)::int AS n FROM clicks WHERE link_id = ANY($1)', [links]);
    expect(raw.n).toBeGreaterThanOrEqual(12_000);
    expect(counters.reduce((s, r) => s + r.stored, 0)).toBeGreaterThan(9_000);
  }, 180_000); // two threads each load both GeoIP files
});
