// The analytics period (a preset or custom calendar days) → the from/to instants the API takes, and
// its place in the address bar (docs/guide/analytics.md). Custom days are local: from the first day's
// midnight to the last day's end.
export type Preset = '24h' | '7d' | '30d' | '90d' | 'custom';
export type Interval = 'hour' | 'day' | 'week';

export interface RangeChoice {
  preset: Preset;
  /** yyyy-mm-dd, used when preset is custom. */
  fromDay: string;
  toDay: string;
}

export const PRESETS: Array<{ value: Preset; label: string; hours?: number }> = [
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 7 * 24 },
  { value: '30d', label: 'Last 30 days', hours: 30 * 24 },
  { value: '90d', label: 'Last 90 days', hours: 90 * 24 },
  { value: 'custom', label: 'Custom dates…' },
];
/** The period of a page whose address names none (and which the address then leaves out). */
export const DEFAULT_PRESET: Preset = '30d';

export const INTERVAL_LABELS: Record<Interval, string> = { hour: 'Hourly', day: 'Daily', week: 'Weekly' };

/** A local calendar day as yyyy-mm-dd, `daysAgo` days before today. */
export function localDay(daysAgo = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The period and, when the reader picked one, the interval, as the address bar holds them. */
export interface Period {
  choice: RangeChoice;
  /** Absent: the period's automatic interval (components/stats-interval.ts). */
  interval?: Interval;
}

const PERIOD_PARAMS = ['period', 'from', 'to', 'interval'];

/** ?period=7d, or ?from=2026-11-01&to=2026-11-30 for custom days, and ?interval=hour|day|week. */
export function readPeriod(params: { get(name: string): string | null; has(name: string): boolean }): Period {
  const interval = (Object.keys(INTERVAL_LABELS) as Interval[]).find((i) => i === params.get('interval'));
  if (params.has('from') || params.has('to')) {
    return { choice: { preset: 'custom', fromDay: params.get('from')?.slice(0, 10) ?? '', toDay: params.get('to')?.slice(0, 10) ?? '' }, interval };
  }
  const preset = PRESETS.find((p) => p.hours && p.value === params.get('period'))?.value ?? DEFAULT_PRESET;
  return { choice: { preset, fromDay: '', toDay: '' }, interval };
}

/** `params` with the period's parameters replaced by `period`'s (the default period leaves none). */
export function withPeriod(params: URLSearchParams, { choice, interval }: Period): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of PERIOD_PARAMS) next.delete(name);
  if (choice.preset === 'custom') {
    next.set('from', choice.fromDay);
    next.set('to', choice.toDay);
  } else if (choice.preset !== DEFAULT_PRESET) {
    next.set('period', choice.preset);
  }
  if (interval) next.set('interval', interval);
  return next;
}

/** Local midnight of a yyyy-mm-dd day; null for anything else (browsers without a date picker take text). */
function dayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}

export type ResolvedRange = { from: Date; to: Date } | { field: 'from' | 'to'; message: string };

export function resolveRange(choice: RangeChoice, now = new Date()): ResolvedRange {
  const preset = PRESETS.find((p) => p.value === choice.preset);
  if (preset?.hours) return { from: new Date(now.getTime() - preset.hours * 3_600_000), to: now };
  const from = dayStart(choice.fromDay);
  if (!from) return { field: 'from', message: choice.fromDay ? 'Enter the first day as yyyy-mm-dd.' : 'Choose the first day.' };
  const to = dayStart(choice.toDay);
  if (!to) return { field: 'to', message: choice.toDay ? 'Enter the last day as yyyy-mm-dd.' : 'Choose the last day.' };
  return { from, to: new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1, 0, 0, 0, -1) };
}
