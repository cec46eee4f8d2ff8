// link.held on every database, from the real deep scan over a loopback site: a destination that
// redirects into a private network is held for review, one that became listed is blocked; each
// records link.held (the link, status, reason) beside link.updated, in the same transaction, and a
// subscribed webhook receives it while one subscribed to other events does not. An edit whose
// new destination the write-time scan finds suspicious sends it too.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLink } from '../../../lib/links/create-link';
import { serializeLink } from '../../../lib/links/serialize-link';
import { updateLink } from '../../../lib/links/update-link';
import { OPERATOR_SCOPE } from '../../../lib/tenancy/scope';
import { scanLink, type DeepScanSettings } from '../../../lib/link-safety/scan-link';
import type { Resolve } from '../../../lib/safety/checked-lookup';
import { announceThreatListChange } from '../../../lib/safety/current-threat-list';
import { storeEntries } from '../../../lib/safety/feeds/store-entries';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { receiveEvents } from '../../helpers/event-receiver';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';
import { makeUser } from '../../helpers/workspace-fixtures';

/** Names under held.example answer 127.0.0.1; private.example answers a private address. */
const resolve: Resolve = (hostname, _opts, callback) => {
  if (hostname.endsWith('.held.example')) return callback(null, [{ address: '127.0.0.1', family: 4 }]);
  if (hostname.endsWith('.private.example')) return callback(null, [{ address: '10.1.2.3', family: 4 }]);
  callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
};

describe(`link.held on ${suiteDatabase.name}`, () => {
  const name = suiteDatabase.name.toLowerCase();
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let site: Server;
  let port: number;
  let settings: DeepScanSettings;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    ctx = await openTestContext(tdb);
    site = createServer((req, res) => {
      if (req.url === '/to-private') return res.writeHead(302, { location: `http://intranet.private.example:${port}/` }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>fine</title>');
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    port = (site.address() as { port: number }).port;
    // Only the site's loopback address stands in for "public"; 10.1.2.3 stays private.
    settings = { allowPrivate: (ip) => ip === '127.0.0.1', timeoutMs: 5_000, resolve };
  });
  afterAll(async () => {
    site?.close();
    await ctx?.handle.close();
    await tdb?.drop();
  });

  const eventsOf = (linkId: number) => ctx.handle.query<{ type: string; data: any }>('SELECT type, data FROM events WHERE link_id = $1 ORDER BY seq', [linkId]);

  test('an edit to a suspicious destination holds the link with link.held; a later edit that scans nothing sends none', async () => {
    const user = await makeUser(ctx.handle.db, `held-edit-${name}`);
    const link = await createLink({ url: 'https://example.com/fine', ...user.owns }, ctx);
    const renamed = await updateLink(link, { note: 'spring campaign' }, ctx, OPERATOR_SCOPE);
    const held = await updateLink(renamed, { url: 'https://bit.ly/abc' }, ctx, OPERATOR_SCOPE);
    expect(held.status).toBe('pending_review');
    await updateLink(held, { note: 'still held' }, ctx, OPERATOR_SCOPE); // no new scan: no new hold
    const events = await eventsOf(link.id);
    expect(events.map((e) => e.type)).toEqual(['link.created', 'link.updated', 'link.updated', 'link.held', 'link.updated']);
    expect(events[3].data).toMatchObject({ id: link.id, long_url: 'https://bit.ly/abc', status: 'pending_review', reason: held.safetyReason });
  });

  test('held for review and blocked: link.held after link.updated, delivered only where subscribed', async () => {
    const user = await makeUser(ctx.handle.db, `held-${name}`);
    const wanted = await receiveEvents(ctx, user, ['link.held']);
    const unwanted = await receiveEvents(ctx, user, ['link.created', 'link.clicked']);
    try {
      const toPrivate = await createLink({ url: `http://hop.held.example:${port}/to-private`, ...user.owns }, ctx);
      const later = await createLink({ url: `http://later.held.example:${port}/page`, ...user.owns }, ctx);
      expect([toPrivate.status, later.status]).toEqual(['active', 'active']);

      await scanLink(toPrivate, ctx, settings);
      await storeEntries(ctx.handle, 'url', [`later.held.example:${port}/page`], 'phish-feed.txt');
      announceThreatListChange();
      await scanLink(later, ctx, settings);

      const held = await eventsOf(toPrivate.id);
      expect(held.map((e) => e.type)).toEqual(['link.created', 'link.updated', 'link.held']);
      const heldData = held[2].data;
      expect(heldData).toMatchObject({ id: toPrivate.id, status: 'pending_review', reason: expect.stringContaining('redirects into a private network') });
      expect(heldData.safety_reason).toBe(heldData.reason);
      const { status: _, ...shape } = serializeLink({ ...toPrivate, status: 'pending_review', safetyReason: heldData.reason }, ctx.domains);
      expect(heldData).toMatchObject({ ...shape, updated_at: expect.any(String) });

      const blocked = await eventsOf(later.id);
      expect(blocked.map((e) => e.type)).toEqual(['link.created', 'link.updated', 'link.held']);
      expect(blocked[2].data).toMatchObject({ id: later.id, status: 'blocked', reason: expect.stringContaining('phish-feed.txt') });

      await until('both holds delivered', async () => wanted.payloads('link.held').length >= 2);
      await until('everything delivered', async () => (await wanted.settled()) && (await unwanted.settled()));
      expect(wanted.receiver.received.map((r) => [r.payload.event, r.payload.data.id, r.payload.data.status])).toEqual([
        ['link.held', toPrivate.id, 'pending_review'],
        ['link.held', later.id, 'blocked'],
      ]);
      expect(unwanted.receiver.received.map((r) => r.payload.event)).toEqual(['link.created', 'link.created']);
    } finally {
      await Promise.all([wanted.close(), unwanted.close()]);
    }
  });
});
