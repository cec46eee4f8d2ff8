// The click writer's fast path against every database: raw rows by COPY (PostgreSQL) or compact
// arrays (PGlite) stored exactly, and rollups and link counters held in memory over batches —
// the same counts as written batch by batch, and none lost when the buffer stops.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { createClickEnricher } from '../../../lib/analytics/enrich-click';
import { openGeoIp } from '../../../lib/analytics/geoip';
import type { Click } from '../../../lib/analytics/click';
import { ClickBuffer } from '../../../lib/edge/click-buffer';
import { clickWriter } from '../../../lib/edge/write-clicks';
import { createLink } from '../../../lib/links/create-link';
import { AGENTS } from '../../helpers/agents';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

describe(`click ingestion on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  const enrich = createClickEnricher({ secret: 'ingestion-test', geo: openGeoIp(), storeIp: true });

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const newLink = async (slug: string) => (await createLink({ url: `https://example.com/${slug}`, workspaceId: SYSTEM_WORKSPACE_ID }, ctx)).id;

  /** A varied stream: four addresses in three countries, four agents (one a bot), HEAD, QR, referrers, two hours. */
  function stream(linkIds: number[], n: number, start: number): Click[] {
    const ips = ['8.8.8.8', '81.2.69.160', '1.1.1.1', '66.249.66.1'];
    const agents = [AGENTS.iphone, AGENTS.chrome, AGENTS.ipad, AGENTS.googlebot];
    const referrers = [undefined, 'https://t.co/x', 'https://news.ycombinator.com/item?id=1'];
    return Array.from({ length: n }, (_, i) => ({
      linkId: linkIds[i % linkIds.length],
      at: start + i * 2_000, // 2 s apart: a stream of 3,600 spans two hours
      ip: ips[(i * 7) % ips.length],
      userAgent: agents[(i * 5) % agents.length],
      referrer: referrers[i % referrers.length],
      trigger: i % 11 === 0 ? 'qr' : undefined,
      head: i % 13 === 0,
    }));
  }

  async function counts(linkIds: number[]) {
    const rollups = await ctx.handle.query<{ link_id: number; hour: Date; dim: string; value: string; clicks: number }>(
      `SELECT link_id::int, hour, dim, value, clicks FROM click_rollups WHERE link_id = ANY($1) ORDER BY link_id, hour, dim, value`,
      [linkIds],
    );
    const [row] = await ctx.handle.query<{ raw: number; bots: number; counters: number }>(
      `SELECT (SELECT count(*) FROM clicks WHERE link_id = ANY($1))::int AS raw, (SELECT count(*) FROM clicks WHERE link_id = ANY($1) AND bot)::int AS bots,
              (SELECT sum(clicks) FROM links WHERE id = ANY($1))::int AS counters`,
      [linkIds],
    );
    return { ...row, rollups: rollups.map((r) => ({ ...r, link_id: r.link_id - linkIds[0], hour: new Date(r.hour).getTime() })) };
  }

  test('counts held over several batches are the counts written batch by batch, once settled', async () => {
    const start = Date.parse('2026-03-05T09:40:00Z');
    const direct = [await newLink('direct-1'), await newLink('direct-2')];
    const held = [await newLink('held-1'), await newLink('held-2')];
    const writeNow = clickWriter(ctx.handle, enrich);
    const writeHeld = clickWriter(ctx.handle, enrich, { holdMs: 3_600_000 });
    for (let i = 0; i < 3; i++) {
      await writeNow(stream(direct, 1_200, start + i * 2_400_000));
      await writeHeld(stream(held, 1_200, start + i * 2_400_000));
    }
    const before = await counts(held);
    expect({ raw: before.raw, counters: before.counters, rollups: before.rollups.length }).toEqual({ raw: 3_600, counters: 0, rollups: 0 });
    expect(writeHeld.held).toBe(3_600 - before.bots);
    await writeHeld.settle();
    expect(writeHeld.held).toBe(0);
    const after = await counts(held);
    const expected = await counts(direct);
    expect(expected.counters).toBe(3_600 - expected.bots);
    expect(after).toEqual(expected);
    expect(new Set(after.rollups.map((r) => r.hour)).size).toBe(3);
  });

  test('a graceful stop writes every click and every count the writer still held', async () => {
    const links = [await newLink('stop-1'), await newLink('stop-2'), await newLink('stop-3')];
    const writer = clickWriter(ctx.handle, enrich, { holdMs: 3_600_000 });
    const buffer = new ClickBuffer({ write: writer, settle: writer.settle, maxBatch: 250 });
    const clicks = stream(links, 2_000, Date.now() - 3_600_000);
    for (const c of clicks) buffer.push(c); // never started: only stop() writes, in batches of 250
    expect(await buffer.stop()).toBe(0);
    expect(writer.held).toBe(0);
    const { raw, bots, counters, rollups } = await counts(links);
    expect(raw).toBe(2_000);
    expect(counters).toBe(2_000 - bots);
    expect(rollups.filter((r) => r.dim === '').reduce((s, r) => s + r.clicks, 0)).toBe(2_000 - bots);
  });

  test('user agents and referrers with tabs, line ends and backslashes are stored as they came', async () => {
    const link = await newLink('escapes');
    const odd = 'Agent\twith a tab\\and a backslash\nand a newline\r\\N';
    const referrer = 'https://example.com/a\\b?c=\t\\N';
    await clickWriter(
      ctx.handle,
      enrich,
    )([
      { linkId: link, at: Date.now(), ip: '8.8.8.8', userAgent: odd, referrer },
      { linkId: link, at: Date.now(), ip: '8.8.8.8', userAgent: '\\N', referrer: undefined },
    ]);
    const rows = await ctx.handle.query<{ user_agent: string | null; referrer: string | null; ip: string }>(
      'SELECT user_agent, referrer, ip FROM clicks WHERE link_id = $1 ORDER BY referrer NULLS LAST',
      [link],
    );
    expect(rows).toEqual([
      { user_agent: odd, referrer, ip: '8.8.8.8' },
      { user_agent: '\\N', referrer: null, ip: '8.8.8.8' },
    ]);
  });
});
