// The live feed (lib/analytics/live-feed.ts) over live_click_batches on a real database, rows written
// with chosen seqs as racing writers would commit them: a row committed after a higher one was read
// is sent once, late; one that never commits is given up after five seconds (on the feed's clock);
// a reconnect resumes inside a row; filters pick events; another workspace's rows reach nobody here.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SYSTEM_WORKSPACE_ID } from '../../../db/schema';
import { encodeLiveBatch, type LiveClickFacts, type LiveEvent } from '../../../lib/analytics/live-batch';
import { LiveFeed, type LiveFilter } from '../../../lib/analytics/live-feed';
import type { DbHandle } from '../../../lib/db/types';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { until } from '../../helpers/until';

const WS = SYSTEM_WORKSPACE_ID;

describe(`live feed on ${suiteDatabase.name}`, () => {
  let tdb: TestDatabase;
  let handle: DbHandle;
  let clock = Date.now();
  let feed: LiveFeed;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    handle = (await openTestContext(tdb)).handle;
  });
  afterEach(async () => {
    feed?.close();
    await handle.query('DELETE FROM live_click_batches');
  });
  afterAll(async () => {
    await handle?.close();
    await tdb?.drop();
  });

  const facts = (code: string, tags: string[] = []): LiveClickFacts => ({
    linkId: code.length,
    domainId: 1,
    shortCode: code,
    tags,
    at: Date.UTC(2026, 10, 29, 12),
    country: 'FR',
    region: null,
    city: null,
    device: 'desktop',
    browser: 'Firefox',
    os: 'Linux',
    referrerHost: null,
    trigger: 'link',
    rule: null,
    variant: null,
    bot: false,
  });
  /** A writer's row, with the seq its transaction took. */
  const commit = (seq: number, clicks: LiveClickFacts[], workspaceId = WS) =>
    handle.query('INSERT INTO live_click_batches (seq, workspace_id, clicks, events) OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4)', [
      seq,
      workspaceId,
      clicks.length,
      encodeLiveBatch(clicks),
    ]);

  function newFeed(): LiveFeed {
    feed = new LiveFeed({ db: handle, perWorkspace: 5, pollMs: 20, now: () => clock });
    return feed;
  }
  async function listen(f: LiveFeed, filter: LiveFilter = {}, lastEventId?: number) {
    const got: LiveEvent[] = [];
    await f.subscribe(WS, { filter, deliver: (events) => got.push(...events), end: () => {} }, lastEventId);
    return got;
  }
  const ids = (events: LiveEvent[]) => events.map((e) => e.id);
  const codes = (events: LiveEvent[]) => events.map((e) => e.shortCode);

  test('a row committed after a higher one was read is sent once, late; rows go out in one delivery each, ids are seq × 100,000 + place', async () => {
    const got = await listen(newFeed());
    await commit(2, [facts('b1'), facts('b2')]);
    await until('row 2', async () => got.length === 2);
    await commit(1, [facts('a1')]);
    await until('row 1, late', async () => got.length === 3);
    await commit(3, [facts('c1')]);
    await until('row 3', async () => got.length === 4);
    expect(ids(got)).toEqual([200_000, 200_001, 100_000, 300_000]);
    expect(got[0]).toMatchObject({ shortCode: 'b1', country: 'FR', browser: 'Firefox', device: 'desktop', bot: false });
  });

  test('a seq that never commits is given up after five seconds; what commits later below it is not sent', async () => {
    const got = await listen(newFeed());
    await commit(12, [facts('late-read')]);
    await until('row 12', async () => got.length === 1);
    clock += 6_000; // the gap at 11 is older than five seconds from the next poll on
    await commit(13, [facts('next')]);
    await until('row 13', async () => got.length === 2);
    await commit(11, [facts('too-late')]);
    await commit(14, [facts('after')]);
    await until('row 14', async () => got.length === 3);
    expect(codes(got)).toEqual(['late-read', 'next', 'after']);
  });

  test('Last-Event-ID inside a row resumes after that event, then goes on live without sending anything twice', async () => {
    const first = newFeed();
    const seen = await listen(first);
    await commit(21, [facts('r1'), facts('r2'), facts('r3')]);
    await commit(22, [facts('s1')]);
    await until('rows 21 and 22', async () => seen.length === 4);
    const resumed = await listen(first, {}, 2_100_000 + 1); // had r1 and r2
    await until('the replay', async () => resumed.length === 2);
    await commit(23, [facts('t1')]);
    await until('row 23 on both', async () => resumed.length === 3 && seen.length === 5);
    expect(codes(resumed)).toEqual(['r3', 's1', 't1']);
    expect(ids(resumed)).toEqual([2_100_002, 2_200_000, 2_300_000]);
  });

  test('filters pick events inside a row; another workspace’s rows reach nobody', async () => {
    const f = newFeed();
    const all = await listen(f);
    const tagged = await listen(f, { tag: 'launch' });
    const byLink = await listen(f, { linkId: 'xy'.length });
    await commit(31, [facts('xy'), facts('abc', ['launch']), facts('xy', ['launch'])]);
    await commit(32, [facts('other')], 'ws_other');
    await commit(33, [facts('end')]);
    await until('row 33', async () => all.length === 4);
    expect(codes(all)).toEqual(['xy', 'abc', 'xy', 'end']);
    expect(ids(tagged)).toEqual([3_100_001, 3_100_002]);
    expect(ids(byLink)).toEqual([3_100_000, 3_100_002]);
  });
});
