import { describe, expect, test } from 'vitest';
import { ALL_KEYS } from '../../lib/cache/invalidation-bus';
import { LinkCache } from '../../lib/edge/link-cache';
import { until } from '../helpers/until';
import type { LinkRow } from '../../db/schema';
import { linkRow } from '../helpers/link-row';

const domain = { id: 1, hostname: 'sl.ing', isDefault: true, workspaceId: 'ws_system' };
const row = (url: string, shortCode = 'Abc', id = 1): LinkRow => linkRow({ id, shortCode, longUrl: url });

function cacheWith(load: (code: string) => Promise<LinkRow | undefined>, missingTtlMs = 60_000, ttlMs?: number) {
  return new LinkCache({ maxEntries: 100, maxBytes: 1 << 20, missingTtlMs, ttlMs, load: (_d, code) => load(code) });
}

describe('LinkCache', () => {
  test('concurrent misses share one database query, then hits need none', async () => {
    let queries = 0;
    const cache = cacheWith(async () => (queries++, row('https://a.example/')));
    const results = await Promise.all([1, 2, 3].map(() => cache.load('link:1:abc', domain, 'Abc')));
    expect(queries).toBe(1);
    expect(results[0]).toMatchObject({ kind: 'link', location: 'https://a.example/' });
    expect(cache.peek('link:1:abc', Date.now())).toMatchObject({ location: 'https://a.example/' });
  });

  test('invalidation drops the entry; ALL_KEYS drops everything', async () => {
    const cache = cacheWith(async (code) => row('https://a.example/', code, code.length));
    await cache.load('link:1:abc', domain, 'Abc');
    await cache.load('link:1:def', domain, 'Def');
    cache.invalidate('link:1:abc');
    expect(cache.peek('link:1:abc', Date.now())).toBeUndefined();
    expect(cache.peek('link:1:def', Date.now())).toBeDefined();
    cache.invalidate(ALL_KEYS);
    expect(cache.size).toBe(0);
  });

  test("an old code's entry goes with every invalidation of the link's current code", async () => {
    // "old" is a code the link had before it was renamed to "Abc": the database answers with the link.
    const cache = cacheWith(async (code) => (code === 'zzz' ? undefined : row('https://a.example/', 'Abc')));
    await cache.load('link:1:old', domain, 'old');
    await cache.load('link:1:abc', domain, 'Abc');
    expect(cache.peek('link:1:old', Date.now())).toMatchObject({ kind: 'link', id: 1 });
    cache.invalidate('link:1:abc');
    expect(cache.peek('link:1:old', Date.now())).toBeUndefined();
    expect(cache.peek('link:1:abc', Date.now())).toBeUndefined();
    // Invalidating the old code itself (freed) drops only it, and the bookkeeping follows evictions.
    await cache.load('link:1:old', domain, 'old');
    cache.invalidate('link:1:old');
    expect(cache.peek('link:1:old', Date.now())).toBeUndefined();
    await cache.load('link:1:old', domain, 'old');
    cache.invalidate(ALL_KEYS);
    expect(cache.size).toBe(0);
  });

  test('a load that raced with an invalidation is answered but not kept', async () => {
    let release!: (r: LinkRow) => void;
    const cache = cacheWith(() => new Promise((r) => (release = r)));
    const pending = cache.load('link:1:abc', domain, 'Abc');
    cache.invalidate('link:1:abc');
    release(row('https://old.example/'));
    expect(await pending).toMatchObject({ location: 'https://old.example/' });
    expect(cache.peek('link:1:abc', Date.now())).toBeUndefined();
  });

  test("another cache's key (a token's, a session's, a domain's) racing a load does not keep the link from being kept", async () => {
    let release!: (r: LinkRow) => void;
    const cache = cacheWith(() => new Promise((r) => (release = r)));
    const pending = cache.load('link:1:abc', domain, 'Abc');
    for (const key of ['api-tokens', 'session:s1', 'domain:go.example']) cache.invalidate(key);
    release(row('https://a.example/'));
    await pending;
    expect(cache.peek('link:1:abc', Date.now())).toMatchObject({ location: 'https://a.example/' });
  });

  test('unknown codes are remembered until their TTL runs out', async () => {
    let queries = 0;
    const cache = cacheWith(async () => (queries++, undefined), 1000);
    const now = Date.now();
    await cache.load('link:1:zzz', domain, 'zzz');
    expect(cache.peek('link:1:zzz', now)).toMatchObject({ kind: 'missing' });
    expect(cache.peek('link:1:zzz', now + 5000)).toBeUndefined();
    expect(queries).toBe(1);
  });

  test('a link is read again once its TTL has run out, so a lost invalidation heals', async () => {
    let url = 'https://old.example/';
    const cache = cacheWith(async () => row(url), 60_000, 1000);
    const loadedAt = Date.now();
    await cache.load('link:1:abc', domain, 'Abc');
    url = 'https://new.example/'; // changed elsewhere; the invalidation never arrives
    expect(cache.peek('link:1:abc', loadedAt + 500)).toMatchObject({ location: 'https://old.example/' });
    expect(cache.peek('link:1:abc', Date.now() + 1000)).toBeUndefined();
    expect(await cache.load('link:1:abc', domain, 'Abc')).toMatchObject({ location: 'https://new.example/' });
    expect(cache.peek('link:1:abc', Date.now())).toMatchObject({ location: 'https://new.example/' });
  });

  test('the edge serves a stale link once more while it is read again in the background (never waiting for the database)', async () => {
    let url = 'https://old.example/';
    let queries = 0;
    let release: () => void = () => {};
    const cache = cacheWith(
      async () => {
        queries++;
        if (queries > 1) await new Promise<void>((r) => (release = r)); // the reload waits, as behind a click write
        return row(url);
      },
      60_000,
      1000,
    );
    const first = cache.lookup('link:1:abc', domain, 'Abc', Date.now());
    expect(first).toBeInstanceOf(Promise);
    await first;
    url = 'https://new.example/';
    const stale = Date.now() + 1500;
    // Stale: answered at once from the cache, and one reload starts (however many visits come).
    expect(cache.lookup('link:1:abc', domain, 'Abc', stale)).toMatchObject({ location: 'https://old.example/' });
    expect(cache.lookup('link:1:abc', domain, 'Abc', stale)).toMatchObject({ location: 'https://old.example/' });
    await until('the reload to start', async () => queries === 2);
    release();
    await until(
      'the reload to land',
      async () => (cache.peek('link:1:abc', Date.now()) as { location?: string } | undefined)?.location === 'https://new.example/',
    );
    expect(queries).toBe(2);
    expect(cache.lookup('link:1:abc', domain, 'Abc', Date.now())).toMatchObject({ location: 'https://new.example/' });
    // An unknown code gone stale is not guessed at: the visit waits for the database.
    const missing = cacheWith(async () => undefined, 60_000, 1000);
    await missing.lookup('link:1:zzz', domain, 'zzz', Date.now());
    expect(missing.lookup('link:1:zzz', domain, 'zzz', Date.now() + 1500)).toBeInstanceOf(Promise);
  });

  test('the TTL also bounds how long an unknown code is remembered, and defaults to 60 s', async () => {
    const short = cacheWith(async () => undefined, 60_000, 1000);
    const now = Date.now();
    await short.load('link:1:zzz', domain, 'zzz');
    expect(short.peek('link:1:zzz', now + 500)).toMatchObject({ kind: 'missing' });
    expect(short.peek('link:1:zzz', Date.now() + 1000)).toBeUndefined();

    const byDefault = cacheWith(async () => row('https://a.example/'));
    await byDefault.load('link:1:abc', domain, 'Abc');
    expect(byDefault.peek('link:1:abc', now + 47_999)).toBeDefined();
    expect(byDefault.peek('link:1:abc', Date.now() + 60_001)).toBeUndefined();
  });

  test('the byte bound evicts the least recently used entries', async () => {
    const cache = new LinkCache({ maxEntries: 1000, maxBytes: 10_000, load: async (_d, code) => row(`https://example.com/${code.repeat(200)}`) });
    for (let i = 0; i < 50; i++) await cache.load(`link:1:c${i}`, domain, `c${i}`);
    expect(cache.size).toBeLessThan(50);
    expect(cache.peek('link:1:c49', Date.now())).toBeDefined();
    expect(cache.peek('link:1:c0', Date.now())).toBeUndefined();
  });
});
