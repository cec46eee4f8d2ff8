// The orphan tally (lib/orphans/orphan-tally.ts) with a writer that records what it is given: paths
// normalised and bounded per domain and day, a failed write's counts put back, single visits held
// only while the domain's workspace may keep them.
import { describe, expect, test } from 'vitest';
import { MAX_PATHS_PER_DAY, orphanPath } from '../../lib/orphans/orphan-path';
import { OrphanTally, type OrphanCount, type PendingOrphanVisit } from '../../lib/orphans/orphan-tally';

const visitor = () => ({ referrer: undefined, userAgent: 'test', ip: '192.0.2.1' });
const AT = Date.parse('2027-03-01T12:00:00Z');

function recording(keeping: number[] = [], fail = false) {
  const writes: Array<{ counts: OrphanCount[]; visits: PendingOrphanVisit[] }> = [];
  const state = { fail };
  const tally = new OrphanTally({
    write: async (counts, visits) => {
      if (state.fail) throw new Error('database away');
      writes.push({ counts, visits });
      return new Set(keeping);
    },
  });
  return { tally, writes, state };
}

describe('orphanPath', () => {
  test('codes lower-cased; paths without their query or control characters, cut to 200; the root empty', () => {
    expect(orphanPath('code', 'Spring-SALE')).toBe('spring-sale');
    expect(orphanPath('path', '/menu/lunch.pdf?table=4#top')).toBe('/menu/lunch.pdf');
    expect(orphanPath('path', '/a\u0001b')).toBe('/ab');
    expect(orphanPath('path', `/${'x'.repeat(300)}`)).toHaveLength(200);
    expect(orphanPath('root', '/?x=1')).toBe('');
  });
});

describe('OrphanTally', () => {
  test('one count per domain, day, kind and path; past the day’s bound, "(other)" of the same kind', async () => {
    const { tally, writes } = recording();
    tally.record(1, 'code', 'Abc', visitor, AT);
    tally.record(1, 'code', 'abc', visitor, AT);
    tally.record(2, 'code', 'abc', visitor, AT);
    tally.record(1, 'code', 'abc', visitor, AT + 86_400_000);
    for (let i = 0; i < MAX_PATHS_PER_DAY + 3; i++) tally.record(3, 'path', `/p/${i}`, visitor, AT);
    tally.record(3, 'code', 'late', visitor, AT);
    await tally.flush();
    const counts = writes[0].counts;
    expect(counts.filter((c) => c.domainId === 1)).toEqual([
      { domainId: 1, day: '2027-03-01', kind: 'code', path: 'abc', visits: 2 },
      { domainId: 1, day: '2027-03-02', kind: 'code', path: 'abc', visits: 1 },
    ]);
    expect(counts.filter((c) => c.domainId === 3 && c.path !== '(other)')).toHaveLength(MAX_PATHS_PER_DAY);
    expect(counts.filter((c) => c.path === '(other)')).toEqual([
      { domainId: 3, day: '2027-03-01', kind: 'path', path: '(other)', visits: 3 },
      { domainId: 3, day: '2027-03-01', kind: 'code', path: '(other)', visits: 1 },
    ]);
  });

  test('a failed write puts its counts back for the next', async () => {
    const { tally, writes, state } = recording([], true);
    tally.record(1, 'root', '', visitor, AT);
    await tally.flush();
    tally.record(1, 'root', '', visitor, AT);
    state.fail = false;
    await tally.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0].counts).toEqual([{ domainId: 1, day: '2027-03-01', kind: 'root', path: '', visits: 2 }]);
  });

  test('single visits are held until a write says the domain’s workspace does not keep them', async () => {
    const { tally, writes } = recording([7]);
    tally.record(7, 'code', 'a', visitor, AT);
    tally.record(8, 'code', 'a', visitor, AT);
    await tally.flush();
    expect(writes[0].visits.map((v) => v.domainId)).toEqual([7, 8]);
    tally.record(7, 'code', 'b', visitor, AT);
    tally.record(8, 'code', 'b', visitor, AT);
    await tally.flush();
    expect(writes[1].visits).toEqual([{ domainId: 7, kind: 'code', path: 'b', at: AT, referrer: undefined, userAgent: 'test', ip: '192.0.2.1' }]);
  });

  test('stop writes what is waiting', async () => {
    const { tally, writes } = recording();
    tally.start();
    tally.record(1, 'path', '/x/y', visitor, AT);
    expect(await tally.stop()).toBe(0);
    expect(writes[0].counts).toHaveLength(1);
  });
});
