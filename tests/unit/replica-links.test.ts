// The edge's replica-first link loader (lib/edge/replica-links.ts) over loaders that stand for a
// replica and the primary: what it asks the primary, and what it takes from the replica.
import { describe, expect, test } from 'vitest';
import { ALL_KEYS, linkKey } from '../../lib/cache/invalidation-bus';
import type { Db, DbHandle, ReplicaSet } from '../../lib/db/types';
import { replicaLinks } from '../../lib/edge/replica-links';
import type { LinkRequest } from '../../lib/previews/edge-preview';
import { linkRow } from '../helpers/link-row';

const replicaHandle = { kind: 'postgres', db: { name: 'replica' } as unknown as Db } as DbHandle;

function setUp(opts: { replicaRows: Record<string, string>; fit?: boolean; replicaFails?: boolean }) {
  let now = 1_000;
  const asked = { primary: [] as string[][], replica: [] as string[][] };
  const failed: unknown[] = [];
  const loader = (side: 'primary' | 'replica', rows: Record<string, string>) => async (requests: readonly LinkRequest[]) => {
    asked[side].push(requests.map((r) => r.code));
    if (side === 'replica' && opts.replicaFails) throw new Error('connection refused');
    return requests.map((r, i) => (rows[r.code] ? linkRow({ id: i + 1, domainId: r.domainId, shortCode: r.code, longUrl: rows[r.code] }) : undefined));
  };
  const replicas: ReplicaSet = {
    pick: () => (opts.fit === false ? undefined : replicaHandle),
    caughtUp: async () => undefined,
    failed: (_h, err) => failed.push(err),
    status: () => [],
    close: async () => {},
  };
  const links = replicaLinks({
    replicas,
    primary: loader('primary', { old: 'https://primary.example/old', fresh: 'https://primary.example/fresh', kept: 'https://primary.example/kept' }),
    loaderOn: (db) => {
      expect(db).toBe(replicaHandle.db);
      return loader('replica', opts.replicaRows);
    },
    recentMs: 5_000,
    now: () => now,
  });
  const load = async (...codes: string[]) => (await links.loadMany(codes.map((code) => ({ domainId: 1, code })))).map((r) => r?.longUrl);
  return { links, load, asked, failed, tick: (ms: number) => (now += ms) };
}

describe('the edge reading links from a replica', () => {
  test('what the replica knows comes from it; a code it does not know is asked of the primary (a link made a moment ago)', async () => {
    const { load, asked } = setUp({ replicaRows: { old: 'https://replica.example/old', kept: 'https://replica.example/kept' } });
    expect(await load('old', 'fresh', 'kept', 'nowhere')).toEqual([
      'https://replica.example/old',
      'https://primary.example/fresh',
      'https://replica.example/kept',
      undefined,
    ]);
    expect(asked.replica).toEqual([['old', 'fresh', 'kept', 'nowhere']]);
    expect(asked.primary).toEqual([['fresh', 'nowhere']]);
  });

  test('a link changed within the lag bound is read from the primary, by the code asked for or the code the replica holds', async () => {
    const { links, load, asked, tick } = setUp({ replicaRows: { old: 'https://replica.example/old', kept: 'https://replica.example/kept' } });
    links.invalidated(linkKey(1, 'OLD'));
    expect(await load('old', 'kept')).toEqual(['https://primary.example/old', 'https://replica.example/kept']);
    expect(asked.primary).toEqual([['old']]);
    tick(5_001);
    expect(await load('old')).toEqual(['https://replica.example/old']);
    expect(asked.primary).toHaveLength(1);
    // Everything (the bus reconnected, messages may be lost): the primary for a while.
    links.invalidated(ALL_KEYS);
    expect(await load('kept')).toEqual(['https://primary.example/kept']);
    tick(5_001);
    expect(await load('kept')).toEqual(['https://replica.example/kept']);
  });

  test('without a fit replica, or when it fails, the primary answers the whole batch', async () => {
    const unfit = setUp({ replicaRows: { old: 'https://replica.example/old' }, fit: false });
    expect(await unfit.load('old')).toEqual(['https://primary.example/old']);
    expect(unfit.asked.replica).toEqual([]);
    const failing = setUp({ replicaRows: {}, replicaFails: true });
    expect(await failing.load('old', 'kept')).toEqual(['https://primary.example/old', 'https://primary.example/kept']);
    expect(failing.failed).toHaveLength(1);
  });
});
