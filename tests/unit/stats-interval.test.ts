// The analytics chart's interval from its period's length (components/stats-interval.ts), and the
// period as the address bar holds it (components/stats-range.ts): docs/guide/analytics.md.
import { describe, expect, test } from 'vitest';
import { autoInterval, chooseInterval, intervalChoices } from '../../components/stats-interval';
import { readPeriod, resolveRange, withPeriod, type Period } from '../../components/stats-range';

const NOW = new Date('2026-11-29T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
const days = (n: number) => [hoursAgo(n * 24), NOW] as const;
/** Custom local days, as the picker resolves them (the last day ends at 23:59:59.999). */
const custom = (fromDay: string, toDay: string) => {
  const r = resolveRange({ preset: 'custom', fromDay, toDay });
  if ('field' in r) throw new Error(r.message);
  return [r.from, r.to] as const;
};

describe('autoInterval', () => {
  test('hourly up to two days, daily up to 92, weekly after', () => {
    expect(autoInterval(...days(1))).toBe('hour');
    expect(autoInterval(...days(2))).toBe('hour');
    expect(autoInterval(...custom('2026-11-01', '2026-11-02'))).toBe('hour');
    expect(autoInterval(...custom('2026-11-01', '2026-11-03'))).toBe('day');
    expect(autoInterval(...days(7))).toBe('day');
    expect(autoInterval(...days(30))).toBe('day');
    expect(autoInterval(...days(90))).toBe('day');
    expect(autoInterval(...custom('2026-01-01', '2026-04-02'))).toBe('day');
    expect(autoInterval(...custom('2026-01-01', '2026-04-03'))).toBe('week');
    expect(autoInterval(...custom('2020-01-01', '2026-11-29'))).toBe('week');
  });
  test('an empty range is hourly', () => expect(autoInterval(NOW, NOW)).toBe('hour'));
});

describe('intervalChoices', () => {
  test('only intervals giving 3 to 200 buckets, and always the automatic one', () => {
    expect(intervalChoices(...days(1))).toEqual(['hour']);
    expect(intervalChoices(...days(7))).toEqual(['hour', 'day']);
    expect(intervalChoices(...days(8))).toEqual(['hour', 'day']);
    expect(intervalChoices(...days(9))).toEqual(['day']);
    expect(intervalChoices(...days(17))).toEqual(['day']);
    expect(intervalChoices(...days(18))).toEqual(['day', 'week']);
    expect(intervalChoices(...days(200))).toEqual(['day', 'week']);
    expect(intervalChoices(...days(201))).toEqual(['week']);
    expect(intervalChoices(...days(30))).toEqual(['day', 'week']);
    expect(intervalChoices(...days(90))).toEqual(['day', 'week']);
    expect(intervalChoices(...custom('2025-11-01', '2026-10-31'))).toEqual(['week']);
    // Longer than 200 weeks: nothing fits, the automatic interval is still offered.
    expect(intervalChoices(...custom('2020-01-01', '2026-11-29'))).toEqual(['week']);
    expect(intervalChoices(hoursAgo(1), NOW)).toEqual(['hour']);
  });
  test('30 custom days are never hourly (720 one-pixel bars)', () => {
    expect(intervalChoices(...custom('2026-10-30', '2026-11-28'))).not.toContain('hour');
  });
});

describe('chooseInterval', () => {
  test("the reader's interval while it fits, else the automatic one", () => {
    expect(chooseInterval(...days(7), 'hour')).toBe('hour');
    expect(chooseInterval(...days(30), 'hour')).toBe('day');
    expect(chooseInterval(...days(30), 'week')).toBe('week');
    expect(chooseInterval(...days(1), 'week')).toBe('hour');
    expect(chooseInterval(...days(90))).toBe('day');
  });
});

describe('the period in the address bar', () => {
  const read = (query: string) => readPeriod(new URLSearchParams(query));
  const write = (period: Period, query = '') => withPeriod(new URLSearchParams(query), period).toString();

  test('every preset but the default is named; custom days are from and to', () => {
    expect(write({ choice: { preset: '24h', fromDay: '', toDay: '' } })).toBe('period=24h');
    expect(write({ choice: { preset: '90d', fromDay: '', toDay: '' }, interval: 'week' })).toBe('period=90d&interval=week');
    expect(write({ choice: { preset: '30d', fromDay: 'x', toDay: '' } }, 'period=7d&country=GB')).toBe('country=GB');
    expect(write({ choice: { preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-30' } }, 'period=7d&interval=hour')).toBe(
      'from=2026-11-01&to=2026-11-30',
    );
  });
  test('read back as written; anything unknown is the default', () => {
    expect(read('period=24h')).toEqual({ choice: { preset: '24h', fromDay: '', toDay: '' }, interval: undefined });
    expect(read('from=2026-11-01&to=2026-11-30&interval=day')).toEqual({
      choice: { preset: 'custom', fromDay: '2026-11-01', toDay: '2026-11-30' },
      interval: 'day',
    });
    expect(read('from=&to=2026-11-30')).toEqual({ choice: { preset: 'custom', fromDay: '', toDay: '2026-11-30' }, interval: undefined });
    expect(read('')).toEqual({ choice: { preset: '30d', fromDay: '', toDay: '' }, interval: undefined });
    expect(read('period=custom&interval=month')).toEqual({ choice: { preset: '30d', fromDay: '', toDay: '' }, interval: undefined });
    expect(read('period=1y')).toEqual({ choice: { preset: '30d', fromDay: '', toDay: '' }, interval: undefined });
  });
});
