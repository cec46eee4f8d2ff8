// The link cache's batched loads and TTL jitter (lib/edge/link-cache.ts), with a counting loader in
// place of the database: a wave of stale links reloads with one query while the stale links keep
// answering; invalidations racing a batch still win; failed reloads keep the stale entry; old codes
// keep depending on the link's current key; freshness stays within [0.8, 1] × TTL.
import { describe, expect, test } from 'vitest';
import { LinkCache, type LoadedLink } from '../../lib/edge/link-cache';
import type { LinkRequest } from '../../lib/previews/edge-preview';
import { until } from '../helpers/until';
import { linkRow } from '../helpers/link-row';

const domain = { id: 1 };
const row = (code: string, url: string, id: number): LoadedLink => linkRow({ id, shortCode: code, longUrl: url });
const CODES = Array.from({ length: 100 }, (_, i) => `c${i}`);
const key = (code: string) => `link:1:${code.toLowerCase()}`;
const location = (entry: unknown) => (entry as { location?: string } | undefined)?.location;

/** A database of `links` (code → url) that counts its queries, each of which can be held back. */
function countingDb(links: Map<string, string>) {
  const db = {
    links,
    batches: [] as string[][],
    hold: false,
    failNext: false,
    release: () => {},
    loadMany: async (requests: readonly LinkRequest[]) => {
      db.batches.push(requests.map((r) => r.code));
      if (db.failNext) {
        db.failNext = false;
        throw new Error('connection lost');
      }
      if (db.hold) await new Promise<void>((r) => (db.release = r));
      // "old" is a code the link now called "c0" had before a rename.
      return requests.map((r) => {
        const code = r.code === 'old' ? 'c0' : r.code;
        const url = links.get(code);
        return url === undefined ? undefined : row(code, url, Number(code.slice(1)) + 1);
      });
    },
  };
  return db;
}

const withUrls = (version: string) => new Map(CODES.map((c) => [c, `https://example.com/${version}/${c}`]));

function cacheOn(db: ReturnType<typeof countingDb>, ttlMs = 1000) {
  return new LinkCache({ maxEntries: 1000, maxBytes: 1 << 22, ttlMs, reloadWindowMs: 5, loadMany: db.loadMany });
}

/** Every code looked up once, at `now`, as concurrent visits (a cold pass). */
async function visitAll(cache: LinkCache, codes: string[], now: number) {
  return Promise.all(codes.map((c) => cache.lookup(key(c), domain, c, now)));
}

describe('LinkCache batched loads', () => {
  test('a cold pass is one query; a wave of stale links is one more, served stale meanwhile, and a lost invalidation heals', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db);
    const cold = await visitAll(cache, [...CODES, 'nope'], Date.now());
    expect(db.batches).toHaveLength(1);
    expect(db.batches[0]).toHaveLength(101);
    expect(location(cold[5])).toBe('https://example.com/v1/c5');
    expect(cold[100]).toEqual({ kind: 'missing' });

    // Changed in the database; the invalidations were lost. Past the TTL, every visit answers at once
    // from the stale entry, and all the reloads go in one query.
    for (const c of CODES) db.links.set(c, `https://example.com/v2/${c}`);
    db.hold = true;
    const stale = Date.now() + 1001;
    const answers = CODES.map((c) => cache.lookup(key(c), domain, c, stale));
    expect(answers.every((a) => !(a instanceof Promise) && location(a)?.includes('/v1/'))).toBe(true);
    await until('the reload wave to be sent', async () => db.batches.length === 2);
    expect(db.batches[1]).toHaveLength(100);
    // Visits during the reload are still answered from the stale entries, without another query.
    expect(location(cache.lookup(key('c7'), domain, 'c7', stale))).toBe('https://example.com/v1/c7');
    db.release();
    await until('the reloads to land', async () => location(cache.peek(key('c99'), Date.now())) === 'https://example.com/v2/c99');
    expect(CODES.every((c) => location(cache.peek(key(c), Date.now())) === `https://example.com/v2/${c}`)).toBe(true);
    expect(db.batches).toHaveLength(2);
  });

  test('an invalidation racing a batched reload wins: that entry is not kept, the others are', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db);
    await visitAll(cache, CODES.slice(0, 10), Date.now());
    db.hold = true;
    const stale = Date.now() + 1001;
    for (const c of CODES.slice(0, 10)) cache.lookup(key(c), domain, c, stale);
    await until('the reload to be sent', async () => db.batches.length === 2);
    cache.invalidate(key('c3')); // published while the query runs: its row may predate the change
    db.release();
    // A visit that waits for the database gets the row once, but it is not kept.
    await until('the reloads to land', async () => cache.peek(key('c9'), Date.now()) !== undefined);
    expect(cache.peek(key('c3'), Date.now())).toBeUndefined();
    db.hold = false;
    expect(location(await cache.lookup(key('c3'), domain, 'c3', Date.now()))).toBe('https://example.com/v1/c3');
    expect(db.batches).toHaveLength(3);
  });

  test('an invalidation before the batch is sent does not throw away the newer row', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db);
    const pending = cache.load(key('c1'), domain, 'c1', true); // a reload, waiting for its window
    cache.invalidate(key('c1'));
    await pending;
    expect(location(cache.peek(key('c1'), Date.now()))).toBe('https://example.com/v1/c1');
  });

  test('a failed reload keeps the stale entries; the next visit tries again', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db);
    await visitAll(cache, CODES.slice(0, 5), Date.now());
    db.failNext = true;
    const stale = Date.now() + 1001;
    for (const c of CODES.slice(0, 5)) expect(location(cache.lookup(key(c), domain, c, stale))).toContain('/v1/');
    await until('the failed reload', async () => db.batches.length === 2);
    await until('the failure to be handled', async () => location(cache.lookup(key('c0'), domain, 'c0', stale)) !== undefined && db.batches.length === 3);
    expect(location(cache.lookup(key('c1'), domain, 'c1', stale))).toBe('https://example.com/v1/c1');
  });

  test("an old code loaded in a batch resolves to the renamed link and goes with the link's invalidation", async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db);
    const [old, current] = await visitAll(cache, ['old', 'c0'], Date.now());
    expect(db.batches).toEqual([['old', 'c0']]);
    expect(old).toMatchObject({ kind: 'link', id: 1, location: 'https://example.com/v1/c0' });
    expect(current).toMatchObject({ kind: 'link', id: 1 });
    cache.invalidate(key('c0'));
    expect(cache.peek(key('old'), Date.now())).toBeUndefined();
  });

  test('batches are cut at maxBatch', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = new LinkCache({ maxEntries: 1000, maxBytes: 1 << 22, maxBatch: 30, loadMany: db.loadMany });
    await visitAll(cache, CODES, Date.now());
    expect(db.batches.map((b) => b.length)).toEqual([30, 30, 30, 10]);
  });

  test('freshness is spread over [0.8, 1] × TTL', async () => {
    const db = countingDb(withUrls('v1'));
    const cache = cacheOn(db, 10_000);
    const before = Date.now();
    await visitAll(cache, CODES, before);
    const after = Date.now();
    const freshAt = (t: number) => CODES.filter((c) => cache.peek(key(c), t) !== undefined).length;
    expect(freshAt(before + 7_999)).toBe(100);
    expect(freshAt(after + 10_000)).toBe(0);
    // Not all in the same second: some of 100 uniform draws fall on each side of the middle.
    const middle = freshAt(before + 9_000);
    expect(middle).toBeGreaterThan(0);
    expect(middle).toBeLessThan(100);
  });
});
