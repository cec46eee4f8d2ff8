// The HyperLogLog estimator and sketch format (lib/analytics/hyperloglog.ts), with the hash computed
// here from a 64-bit mix of the visitor's number, split as registersSql splits the database's hash
// (low 14 bits: register; top 50: rho). The database path is measured in tests/integration/analytics/unique-visitors.test.ts.
import { describe, expect, test } from 'vitest';
import { addRegisters, emptyRegisters, encodeSketch, estimate, mergeSketch, REGISTERS } from '../../lib/analytics/hyperloglog';

/** murmur3's finaliser: a cheap, well-mixed 32-bit bijection. */
function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Visitor i's register and rho from a 64-bit hash (hi:lo). */
function pair(i: number): { reg: number; rho: number } {
  const hi = fmix32(Math.imul(i, 0x9e3779b1) ^ 0x7f4a7c15);
  const lo = fmix32((i + 0x632be5ab) | 0);
  const low18 = lo >>> 14; // the top 50 bits are hi, then these 18
  const rho = hi !== 0 ? Math.clz32(hi) + 1 : low18 !== 0 ? 32 + Math.clz32(low18) - 14 + 1 : 51;
  return { reg: lo & (REGISTERS - 1), rho };
}

function sketchOf(from: number, to: number): Uint8Array {
  const registers = emptyRegisters();
  for (let i = from; i < to; i++) addRegisters(registers, [pair(i)]);
  return registers;
}

describe('HyperLogLog', () => {
  test('an empty sketch estimates 0; a handful of visitors is counted exactly', () => {
    expect(estimate(emptyRegisters())).toBe(0);
    expect(estimate(sketchOf(0, 1))).toBe(1);
    expect(estimate(sketchOf(0, 20))).toBe(20);
  });

  test.each([1_000, 10_000, 50_000, 100_000, 1_000_000])('%i distinct visitors are estimated within 2 %', (n) => {
    const error = Math.abs(estimate(sketchOf(0, n)) - n) / n;
    expect(error).toBeLessThan(0.02);
  });

  test('over 40 sets of 20,000 visitors, the error is about the stated 0.8 % standard error', () => {
    const errors = Array.from({ length: 40 }, (_, k) => estimate(sketchOf(k * 1_000_000, k * 1_000_000 + 20_000)) / 20_000 - 1);
    const rms = Math.sqrt(errors.reduce((s, e) => s + e * e, 0) / errors.length);
    expect(rms).toBeLessThan(0.012);
    expect(Math.max(...errors.map(Math.abs))).toBeLessThan(0.02);
  });

  test('merging is the union: overlapping days count a returning visitor once', () => {
    const merged = mergeSketch(mergeSketch(emptyRegisters(), encodeSketch(sketchOf(0, 30_000))), encodeSketch(sketchOf(20_000, 50_000)));
    expect(merged).toEqual(sketchOf(0, 50_000));
    expect(Math.abs(estimate(merged) - 50_000) / 50_000).toBeLessThan(0.02);
  });

  test('few visitors are stored sparse, many dense; both read back the same registers', () => {
    const few = sketchOf(0, 100);
    const many = sketchOf(0, 100_000);
    expect(encodeSketch(few).length).toBe(1 + 3 * few.filter((r) => r > 0).length);
    expect(encodeSketch(many).length).toBe(1 + REGISTERS);
    expect(mergeSketch(emptyRegisters(), encodeSketch(few))).toEqual(few);
    expect(mergeSketch(emptyRegisters(), encodeSketch(many))).toEqual(many);
  });

  test('something that is not a sketch is refused, not merged', () => {
    expect(() => mergeSketch(emptyRegisters(), Buffer.from([9, 1, 2]))).toThrow(/Not a HyperLogLog sketch/);
    expect(() => mergeSketch(emptyRegisters(), Buffer.from([2, 1]))).toThrow(/Not a HyperLogLog sketch/);
  });
});
