// Replica lag from write-ahead-log positions (lib/db/replica-lag.ts).
import { describe, expect, test } from 'vitest';
import { parseLsn, PrimaryPositions } from '../../lib/db/replica-lag';

describe('replica lag', () => {
  test('positions compare as numbers across the 4 GB boundary', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(() => parseLsn('nonsense')).toThrow(/not a WAL position/);
  });

  test('the lag is the age of the newest primary position the replica has replayed', () => {
    const positions = new PrimaryPositions(10_000);
    positions.add({ at: 1_000, lsn: 100n });
    positions.add({ at: 2_000, lsn: 200n });
    positions.add({ at: 3_000, lsn: 300n });
    expect(positions.lagMs(300n, 3_010)).toBe(10); // caught up with the newest
    expect(positions.lagMs(250n, 3_010)).toBe(1_010); // holds what the primary had at 2 000
    expect(positions.lagMs(99n, 3_010)).toBe(Number.POSITIVE_INFINITY); // behind all kept: too far
  });

  test('an idle primary does not make a caught-up replica look behind', () => {
    const positions = new PrimaryPositions(2_000);
    for (let at = 0; at <= 60_000; at += 1_000) positions.add({ at, lsn: 500n });
    expect(positions.lagMs(500n, 60_005)).toBe(5);
  });

  test('old positions are dropped, one older than the window kept', () => {
    const positions = new PrimaryPositions(2_000);
    for (let at = 0; at <= 10_000; at += 1_000) positions.add({ at, lsn: BigInt(at) });
    expect(positions.lagMs(7_000n, 10_000)).toBe(3_000);
    expect(positions.lagMs(6_000n, 10_000)).toBe(Number.POSITIVE_INFINITY);
  });
});
