// The feed import job's work against every database: fixture feeds of a few thousand entries in
// each format (files, and one served over loopback HTTP) fill the lists; links made before a feed
// listed them are blocked within one run, with link.updated carrying the reason.
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID as W } from '../../../db/schema';
import { createLink } from '../../../lib/links/create-link';
import { importFeeds } from '../../../lib/link-safety/import-feeds';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { feedHost, feedUrl, hostList, openphish, phishtankCsv, urlhausCsv, urlhausText } from '../../helpers/threat-feeds';

const N = 3000;

describe(`threat feed import on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let server: Server;
  let dir: string;
  let feeds: string[];
  /** What the loopback server answers for /openphish.txt (changed by tests). */
  let served = openphish(N);

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    server = createServer((req, res) => {
      if (req.url === '/openphish.txt') res.writeHead(200, { 'content-type': 'text/plain' }).end(served);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    dir = tempDir('sling-feeds-');
    writeFileSync(join(dir, 'urlhaus.csv'), urlhausCsv(N));
    writeFileSync(join(dir, 'urlhaus.txt'), urlhausText(N));
    writeFileSync(join(dir, 'phishtank.csv'), phishtankCsv(N));
    writeFileSync(join(dir, 'hosts.txt'), hostList(N));
    const port = (server.address() as { port: number }).port;
    feeds = [join(dir, 'urlhaus.csv'), join(dir, 'urlhaus.txt'), `http://127.0.0.1:${port}/openphish.txt`, join(dir, 'phishtank.csv'), join(dir, 'hosts.txt')];
  });
  afterAll(async () => {
    server?.close();
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test('every format is imported; entries already listed are not added twice', async () => {
    const first = await importFeeds(feeds, ctx);
    expect(first.feeds).toEqual([
      { feed: 'urlhaus.csv', urls: N, hosts: 0, added: N },
      { feed: 'urlhaus.txt', urls: N, hosts: 0, added: N },
      { feed: expect.stringMatching(/^127\.0\.0\.1:\d+$/), urls: N, hosts: 0, added: N },
      { feed: 'phishtank.csv', urls: N, hosts: 0, added: N },
      { feed: 'hosts.txt', urls: 0, hosts: N, added: N },
    ]);
    const [{ n }] = await ctx.handle.query<{ n: number }>(`SELECT count(*)::int AS n FROM threat_entries`);
    expect(Number(n)).toBe(5 * N);
    const again = await importFeeds(feeds, ctx);
    expect(again.feeds.map((f) => f.added)).toEqual([0, 0, 0, 0, 0]);
  });

  test('a listed URL and a listed host are refused at create, naming the feed', async () => {
    await expect(createLink({ workspaceId: W, url: feedUrl.openphish(42) }, ctx)).rejects.toMatchObject({
      code: 'unsafe_url',
      details: { reason: 'listed_url', source: expect.stringMatching(/^127\.0\.0\.1:/) },
    });
    await expect(createLink({ workspaceId: W, url: `https://www.${feedHost(7)}/x` }, ctx)).rejects.toMatchObject({
      code: 'unsafe_url',
      details: { reason: 'listed_host', listed: feedHost(7), source: 'hosts.txt' },
    });
  });

  test('an import that newly lists existing links blocks them in that run, with link.updated and the reason', async () => {
    const soon = await createLink({ workspaceId: W, url: 'https://soon-listed.example/landing' }, ctx);
    const held = await createLink({ workspaceId: W, url: 'http://203.0.113.50/soon' }, ctx);
    const disabled = await createLink({ workspaceId: W, url: 'https://soon-listed.example/other' }, ctx);
    await ctx.handle.query(`UPDATE links SET status = 'disabled', disabled_reason = 'operator' WHERE id = $1`, [disabled.id]);
    const clean = await createLink({ workspaceId: W, url: 'https://fine.example/' }, ctx);
    expect([soon.status, held.status]).toEqual(['active', 'pending_review']);

    served = openphish(N) + 'http://203.0.113.50/soon\n';
    writeFileSync(join(dir, 'hosts.txt'), hostList(N, ['soon-listed.example']));
    const run = await importFeeds(feeds, ctx);
    expect(run.blocked).toBe(2);

    const rows = await ctx.handle.query<{ id: number; status: string; safety_reason: string | null }>(
      `SELECT id, status, safety_reason FROM links WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [[soon.id, held.id, disabled.id, clean.id]],
    );
    expect(rows.map((r) => [r.status, r.safety_reason])).toEqual([
      ['blocked', "The destination's host soon-listed.example is listed as malware or phishing by hosts.txt."],
      ['blocked', expect.stringMatching(/^The destination address is listed as malware or phishing by 127\.0\.0\.1:\d+\.$/)],
      ['disabled', null],
      ['active', null],
    ]);
    const events = await ctx.handle.query<{ link_id: number; data: Record<string, unknown> }>(
      `SELECT link_id, data FROM events WHERE type = 'link.updated' AND link_id = ANY($1::bigint[]) ORDER BY link_id`,
      [[soon.id, held.id, disabled.id, clean.id]],
    );
    expect(events).toEqual([
      { link_id: soon.id, data: expect.objectContaining({ status: 'blocked', reason: rows[0].safety_reason, safety_reason: rows[0].safety_reason }) },
      { link_id: held.id, data: expect.objectContaining({ status: 'blocked', reason: rows[1].safety_reason }) },
    ]);
    // A second run has nothing left to block.
    expect((await importFeeds(feeds, ctx)).blocked).toBe(0);
  });

  test('an unreadable feed is reported and skipped; the job fails only when no feed could be read', async () => {
    const missing = join(dir, 'missing.txt');
    const run = await importFeeds([...feeds, missing], ctx);
    expect(run.feeds.at(-1)).toEqual({ feed: 'missing.txt', error: expect.stringContaining('ENOENT') });
    await expect(importFeeds([missing], ctx)).rejects.toThrow(/no threat feed could be read: missing\.txt/);
  });
});
