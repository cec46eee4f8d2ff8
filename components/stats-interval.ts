// Which bucket size a period is drawn in (docs/guide/analytics.md, "Intervals"): chosen from the
// period's length, and the reader's own choice kept only while it gives a readable number of buckets.
import type { Interval } from './stats-range';

const STEP_MS: Record<Interval, number> = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 };
/** The API's intervals, smallest first (lib/analytics/stats-range.ts has no month). */
export const INTERVALS: readonly Interval[] = ['hour', 'day', 'week'];
/** Fewer buckets than this draw no trend; more crowd a chart into slivers. */
export const MIN_BUCKETS = 3;
export const MAX_BUCKETS = 200;

/** The interval a period gets unless the reader picks another: hourly up to 2 days, daily up to 92, weekly after. */
export function autoInterval(from: Date, to: Date): Interval {
  const days = (to.getTime() - from.getTime()) / STEP_MS.day;
  // A custom day ends at 23:59:59.999, a millisecond short of a whole day: round that back up.
  if (days <= 2 + 1e-6) return 'hour';
  if (days <= 92 + 1e-6) return 'day';
  return 'week';
}

/** The intervals offered for a period: those giving MIN_BUCKETS to MAX_BUCKETS buckets, and always the automatic one. */
export function intervalChoices(from: Date, to: Date): Interval[] {
  const span = to.getTime() - from.getTime();
  const auto = autoInterval(from, to);
  return INTERVALS.filter((i) => {
    const buckets = Math.round(span / STEP_MS[i]);
    return i === auto || (buckets >= MIN_BUCKETS && buckets <= MAX_BUCKETS);
  });
}

/** `wanted` when the period can be drawn in it, else the automatic interval. */
export function chooseInterval(from: Date, to: Date, wanted?: Interval): Interval {
  return wanted && intervalChoices(from, to).includes(wanted) ? wanted : autoInterval(from, to);
}
