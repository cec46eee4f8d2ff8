// lib/core/clock.ts: the system clock reads the wall clock; a manual clock stands still until moved;
// the process clock is the one the runtime set, and the edge's and the jobs' decisions go by it.
import { afterEach, describe, expect, test } from 'vitest';
import { manualClock, processClock, systemClock, useClock } from '../../lib/core/clock';
import { assertFuture } from '../../lib/schemas/parse-expiration';
import { effectiveStatus } from '../../lib/links/serialize-link';

const AT = Date.parse('2027-03-01T12:00:00.000Z');

describe('the clock', () => {
  afterEach(() => useClock(undefined));

  test('the system clock reads the wall clock', () => {
    const before = Date.now();
    const ms = systemClock.nowMs();
    const date = systemClock.now();
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(date.getTime()).toBeGreaterThanOrEqual(ms);
    expect(date.getTime()).toBeLessThanOrEqual(Date.now());
  });

  test('a manual clock stands still until it is advanced or set', () => {
    const clock = manualClock(new Date(AT));
    expect(clock.nowMs()).toBe(AT);
    expect(clock.now()).toEqual(new Date(AT));
    clock.advance(90 * 86_400_000);
    expect(clock.now().toISOString()).toBe('2027-05-30T12:00:00.000Z');
    clock.advance(-1_000);
    expect(clock.nowMs()).toBe(AT + 90 * 86_400_000 - 1_000);
    clock.set(AT);
    expect(clock.nowMs()).toBe(AT);
    clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(() => clock.advance(Number.NaN)).toThrow(/finite/);
    expect(() => clock.set(new Date('nope'))).toThrow(/valid time/);
    // Each now() is a fresh Date: changing one does not move the clock.
    clock.now().setTime(0);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
  });

  test('a manual clock starts at the wall time by default', () => {
    const before = Date.now();
    const clock = manualClock();
    expect(clock.nowMs()).toBeGreaterThanOrEqual(before);
    expect(clock.nowMs()).toBeLessThanOrEqual(Date.now());
  });

  test('the process clock is the system clock until one is set, and again after', () => {
    expect(processClock()).toBe(systemClock);
    const clock = manualClock(AT);
    useClock(clock);
    expect(processClock()).toBe(clock);
    useClock(undefined);
    expect(processClock()).toBe(systemClock);
  });

  test('what requests decide goes by the process clock: an expiration in the past, a link run out', () => {
    const clock = manualClock(AT);
    useClock(clock);
    const inAnHour = new Date(AT + 3_600_000);
    expect(assertFuture(inAnHour, 'expiration')).toBe(inAnHour);
    const link = { status: 'active', expiresAt: inAnHour, maxClicks: null, clicks: 0 };
    expect(effectiveStatus(link)).toBe('active');
    clock.advance(3_600_000);
    expect(() => assertFuture(inAnHour, 'expiration')).toThrow(/in the future/);
    expect(effectiveStatus(link)).toBe('expired');
  });
});
