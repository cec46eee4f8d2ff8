// The range and bucketing of a statistics query: interval=hour|day|week over from/to (default the
// last 30 days), in UTC or a requested IANA time zone (tz).
import { invalidField } from '../core/errors';

export const INTERVALS = ['hour', 'day', 'week'] as const;
export type Interval = (typeof INTERVALS)[number];

export interface StatsRange {
  interval: Interval;
  from: Date;
  to: Date;
  /** IANA time zone the buckets follow (days start at local midnight). */
  tz: string;
}

const MAX_POINTS = 5000;
const STEP_MS: Record<Interval, number> = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };

/** The range from parsed query values (lib/analytics/stats-schema.ts): the checks between fields. */
export function statsRangeOf(q: { interval?: Interval; tz?: string; from?: Date; to?: Date }, now = new Date()): StatsRange {
  const interval = q.interval ?? 'day';
  const tz = q.tz ?? 'UTC';
  if (!isTimeZone(tz)) throw invalidField('tz', `"${tz}" is not an IANA time zone (e.g. Europe/Paris).`);
  const to = q.to ?? now;
  const from = q.from ?? new Date(to.getTime() - 30 * STEP_MS.day);
  if (from.getTime() > to.getTime()) throw invalidField('from', '"from" must be before "to".');
  if ((to.getTime() - from.getTime()) / STEP_MS[interval] > MAX_POINTS) {
    throw invalidField('interval', `That range has more than ${MAX_POINTS} ${interval}s; choose a larger interval or a shorter range.`);
  }
  return { interval, from, to, tz };
}

function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
