// The date-time picker's text and values (components/date-time-value.ts): what a typed date becomes,
// what is refused rather than guessed, and the zone line. The browser test (tests/e2e/link-builder.test.ts)
// checks the UTC the API then stores.
import { describe, expect, test } from 'vitest';
import { formatZone, parseTyped, toParts, toText } from '../../components/date-time-value';

describe('date-time picker values', () => {
  test('a typed date and time becomes a datetime-local value', () => {
    expect(parseTyped('2030-03-01 10:00')).toBe('2030-03-01T10:00');
    expect(parseTyped('2030-03-01T10:00')).toBe('2030-03-01T10:00');
    expect(parseTyped(' 2030-3-1 9:05 ')).toBe('2030-03-01T09:05');
    expect(parseTyped('2030-03-01')).toBe('2030-03-01T00:00');
    expect(parseTyped('')).toBe('');
  });
  test('a date that does not exist, or is not a date, is refused', () => {
    for (const text of ['2030-02-30 10:00', '2030-13-01', '2030-03-01 24:00', '2030-03-01 10:60', 'tomorrow', '01/03/2030'])
      expect(parseTyped(text)).toBeNull();
  });
  test('a value shows as the text it parses back from', () => {
    expect(toText('2030-03-01T10:00')).toBe('2030-03-01 10:00');
    expect(parseTyped(toText('2030-03-01T10:00'))).toBe('2030-03-01T10:00');
    expect(toParts('2030-03-01T10:00')).toEqual({ date: '2030-03-01', time: '10:00' });
    expect(toParts('')).toBeNull();
  });
  test('the zone line names the zone and its offset at that moment', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatZone('2030-03-01T10:00')).toMatch(new RegExp(`^${zone.replace('/', '\\/')}, UTC[+-]\\d{2}:\\d{2}$`));
    const offset = -new Date('2030-07-01T10:00').getTimezoneOffset();
    expect(
      formatZone('2030-07-01T10:00').endsWith(
        `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`,
      ),
    ).toBe(true);
  });
});
